package io.ascan.exec;

import static io.ascan.exec.ExecHarness.*;
import static io.ascan.exec.ExecPlans.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.exec.operator.Materializer;
import io.ascan.exec.operator.ScanSource;
import io.ascan.expr.Call;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.format.ColumnData;
import io.ascan.format.SliceData;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.scan.ScanMode;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The dispatch shim's three variants give the same result on the same data: DIRECT and STAGING
 * rowsets carry every tuple (P evaluated inline), PUSHDOWN rowsets are pre-filtered and
 * compacted here the way the pushdown materializer will do it (the variant must not apply P).
 */
class PipelineDispatchShimTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions OPTIONS = QueryOptions.DEFAULTS.withMode("direct").withComputeThreads(2).withDumpCode(true);

    /** P of each test scan, in Java: (slice, row) -> passes; the predicate's columns are found by table column name. */
    static final Map<String, BiPredicate<SliceData, Integer>> P = Map.of(
            "lineorder", (s, r) -> (Integer) s.column(3).getObject(r) < 25
                    && List.of("AIR", "REG AIR").contains(s.column(4).getString(r)),
            "dwdate", (s, r) -> (Integer) s.column(1).getObject(r) == 1993);

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

    static Rowset staging(SliceData s, ScanSource scan, BufferAllocator a) {
        return new Rowset(ScanMode.STAGING, s.rowCount(), s.columns(), null);
    }

    /** Applies P and compacts the passing tuples of the projected columns into new vectors (dictionaries decoded). */
    static Rowset pushdown(SliceData s, ScanSource scan, BufferAllocator a) {
        try (s) {
            BiPredicate<SliceData, Integer> p = P.get(scan.node().table().name());
            List<Integer> pass = new ArrayList<>();
            for (int r = 0; r < s.rowCount(); r++) if (p == null || p.test(s, r)) pass.add(r);
            List<ColumnData> out = new ArrayList<>();
            for (int c = 0; c < scan.node().columns().length; c++) {
                ColumnData in = s.column(c);
                FieldVector v;
                if (in.isDictionaryEncoded()) {
                    VarCharVector w = new VarCharVector(in.spec().name(), a);
                    w.allocateNew();
                    for (int j = 0; j < pass.size(); j++) if (!in.isNull(pass.get(j))) w.setSafe(j, in.getUtf8(pass.get(j)));
                    v = w;
                } else {
                    v = in.vector().getField().createVector(a);
                    v.allocateNew();
                    for (int j = 0; j < pass.size(); j++) v.copyFromSafe(pass.get(j), j, in.vector());
                }
                v.setValueCount(pass.size());
                out.add(new ColumnData(in.spec(), v, null));
            }
            return new Rowset(ScanMode.PUSHDOWN, pass.size(), out, null);
        }
    }

    @Test
    void threeVariantsGiveTheSameResult() throws Exception {
        Executor direct = new Executor(memory.allocator(), memory.pool());
        QueryResult r = direct.execute(plan(), OPTIONS);
        String code = r.generatedCode();
        var expected = rows(r);
        assertSameRows(duck("SELECT lo_discount, sum(lo_extendedprice * lo_discount), count(*) FROM lineorder, dwdate "
                + "WHERE lo_orderdate = d_datekey AND d_year = 1993 AND lo_quantity < 25 AND lo_shipmode IN ('AIR', 'REG AIR') "
                + "GROUP BY lo_discount"), expected, false);

        Map<String, Materializer> variants = Map.of("staging", PipelineDispatchShimTest::staging, "pushdown", PipelineDispatchShimTest::pushdown);
        for (var v : variants.entrySet()) {
            QueryResult result = direct.withMaterializer(v.getValue()).execute(plan(), OPTIONS);
            var rows = rows(result);
            assertSameRows(expected, rows, false);
            ScanMode mode = ScanMode.parse(v.getKey());
            for (var report : result.scanReports()) {
                assertEquals(report.slices(), report.slicesIn(mode), result.statistics());
                assertEquals(0, report.slicesIn(ScanMode.DIRECT), result.statistics());
            }
            assertTrue(result.statistics().contains(v.getKey() + " "), result.statistics());
        }

        // Each scan pipeline has the three loops; P is inline in DIRECT and STAGING only.
        assertEquals(2, count(code, "private void pushdown("), code);
        assertEquals(2, count(code, "// P, evaluated inline (DIRECT)"));
        assertEquals(2, count(code, "// P, evaluated inline (STAGING)"));
        assertEquals(0, count(code, "// P, evaluated inline (PUSHDOWN)"));
    }

    static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }
}
