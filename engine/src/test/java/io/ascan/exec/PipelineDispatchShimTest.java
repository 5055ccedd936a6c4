package io.ascan.exec;

import static io.ascan.exec.ExecHarness.*;
import static io.ascan.exec.ExecPlans.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.expr.Call;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.scan.ScanEnvironment;
import io.ascan.scan.ScanMode;
import io.ascan.scan.ScanReport;
import io.ascan.scan.policy.SamplingCoordinator;
import io.ascan.testing.LeakCheck;
import io.ascan.topology.Interconnect;
import io.ascan.topology.Topology;
import io.ascan.types.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The dispatch shim's three variants give the same result on the same data, fed by the real
 * materializers: DIRECT and STAGING rowsets carry every tuple (P evaluated inline), PUSHDOWN
 * rowsets are filtered by P and the join's runtime filter near storage and compacted; the
 * adaptive and back-pressure policies mix them within one scan.
 */
class PipelineDispatchShimTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions OPTIONS = QueryOptions.DEFAULTS.withMode("direct").withComputeThreads(2).withDumpCode(true);

    PhysicalNode plan() throws Exception {
        Table lo = table("lineorder"), d = table("dwdate");
        // rowset columns: lo_orderdate, lo_extendedprice, lo_discount, then P-only lo_quantity, lo_shipmode
        var los = ExecHarness.scan(lo, x -> Call.predicate(Operator.AND,
                Call.predicate(Operator.LT, tcol(x, "lo_quantity"), Literal.of(25)),
                Call.predicate(Operator.IN, tcol(x, "lo_shipmode"), Literal.of("AIR"), Literal.of("REG AIR"))),
                "lo_orderdate", "lo_extendedprice", "lo_discount");
        // rowset columns: d_datekey, then P-only d_year
        var ds = ExecHarness.scan(d, x -> Call.predicate(Operator.EQ, tcol(x, "d_year"), Literal.of(1993)), "d_datekey");
        PhysicalNode j = join(los, ds, "lo_orderdate=d_datekey");
        ProjectNode p = new ProjectNode(j, List.of(ref(j, "lo_discount"), Call.of(Operator.TIMES, DataType.BIGINT,
                Call.of(Operator.CAST, DataType.BIGINT, ref(j, "lo_extendedprice")), Call.of(Operator.CAST, DataType.BIGINT, ref(j, "lo_discount")))),
                List.of("discount", "rev"));
        return new AggregateNode(p, new int[] {0}, List.of(new AggregateNode.Call(AggregateNode.Function.SUM, 1, false, DataType.BIGINT, "rev"),
                new AggregateNode.Call(AggregateNode.Function.COUNT, -1, false, DataType.BIGINT, "n")));
    }

    static final String DUCK = "SELECT lo_discount, sum(lo_extendedprice * lo_discount), count(*) FROM lineorder, dwdate "
            + "WHERE lo_orderdate = d_datekey AND d_year = 1993 AND lo_quantity < 25 AND lo_shipmode IN ('AIR', 'REG AIR') "
            + "GROUP BY lo_discount";

    @Test
    void everyModeAndPolicyGivesTheSameResult() throws Exception {
        Executor executor = new Executor(memory.allocator(), memory.pool());
        QueryResult r = executor.execute(plan(), OPTIONS);
        String code = r.generatedCode();
        var expected = rows(r);
        assertSameRows(duck(DUCK), expected, false);

        for (String mode : List.of("staging", "pushdown", "adaptive", "backpressure")) {
            QueryResult result = executor.execute(plan(), OPTIONS.withMode(mode));
            assertSameRows(expected, rows(result), false);
            for (ScanReport report : result.scanReports()) {
                assertEquals(report.slices(), report.slicesDone(), result.statistics());
                if (mode.equals("staging") || mode.equals("pushdown")) {
                    assertEquals(report.slices(), report.slicesIn(ScanMode.parse(mode)), result.statistics());
                }
                assertEquals(mode, report.policy());
            }
            if (mode.equals("pushdown")) {
                ScanReport lineorder = result.scanReports().stream().filter(s -> s.table().equals("lineorder")).findFirst().orElseThrow();
                assertEquals(1, lineorder.runtimeFilters().size(), "the join's Bloom filter reached the probe scan");
                long passing = (Long) duck("SELECT count(*) FROM lineorder WHERE lo_quantity < 25 AND lo_shipmode IN ('AIR', 'REG AIR')")
                        .getFirst().getFirst();
                assertTrue(lineorder.rows() < passing, "R dropped tuples near storage: " + lineorder.rows() + " of " + passing);
            }
        }

        // Each scan pipeline has the three loops; P is inline in DIRECT and STAGING only.
        assertEquals(2, count(code, "private void pushdown("), code);
        assertEquals(2, count(code, "// P, evaluated inline (DIRECT)"));
        assertEquals(2, count(code, "// P, evaluated inline (STAGING)"));
        assertEquals(0, count(code, "// P, evaluated inline (PUSHDOWN)"));
        assertEquals(0, count(code, ".touch("), "no line counting without an emulated interconnect");
    }

    @Test
    void stagingCountsTheLinesItReadsOnlyWhenTheInterconnectIsEmulated() throws Exception {
        ScanEnvironment emulated = new ScanEnvironment(Topology.detect(-1, -1), Interconnect.of(50L << 30),
                new SamplingCoordinator(), null, false);
        Executor executor = new Executor(memory.allocator(), memory.pool(), emulated);
        var expected = duck(DUCK);
        QueryResult staging = executor.execute(plan(), OPTIONS.withMode("staging"));
        String code = staging.generatedCode();
        assertSameRows(expected, rows(staging), false);
        QueryResult direct = executor.execute(plan(), OPTIONS.withMode("direct"));
        assertSameRows(expected, rows(direct), false);

        assertTrue(count(code, ".touch(") > 0, code);
        int stagingMethod = code.indexOf("private void staging("), pushdownMethod = code.indexOf("private void pushdown(");
        assertFalse(code.substring(code.indexOf("private void direct("), stagingMethod).contains(".touch("), "DIRECT counts nothing");
        assertTrue(code.substring(stagingMethod, pushdownMethod).contains(".touch("), "STAGING counts its lines");

        for (String table : List.of("lineorder", "dwdate")) {
            ScanReport s = report(staging, table), d = report(direct, table);
            long lines = s.mode(ScanMode.STAGING).bytesMoved(), segments = d.mode(ScanMode.DIRECT).bytesMoved();
            assertTrue(lines > 0 && lines % 64 == 0, table + ": staging moved " + lines);
            // P's first conjunct reads lo_quantity everywhere, the rest only for tuples that passed it.
            assertTrue(lines < segments, table + ": staging moved " + lines + ", direct " + segments);
        }
    }

    static ScanReport report(QueryResult r, String table) {
        return r.scanReports().stream().filter(s -> s.table().equals(table)).findFirst().orElseThrow();
    }

    static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }
}
