package io.ascan.exec;

import io.ascan.exec.driver.Executor;
import static io.ascan.exec.ExecHarness.*;
import static io.ascan.exec.ExecPlans.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.expr.Call;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.JoinType;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.ScanNode;
import io.ascan.plan.UnionAllNode;
import io.ascan.scan.ScanReport;
import io.ascan.scan.ScanStrategy;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Equal subtrees of a plan (separate objects, as the planner emits a CTE used twice) are
 * computed once: an aggregation's groups and a join's hash table are read by every consumer, the
 * scans below run once, results match DuckDB, and every buffer comes back on success, failure
 * and cancellation (LeakCheck).
 */
class ExecSharedSubplanTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions OPTIONS = QueryOptions.DEFAULTS.withMode(ScanStrategy.DIRECT).withComputeThreads(2);
    static final String REVENUE = "SELECT lo_suppkey, sum(lo_revenue) AS revenue FROM lineorder GROUP BY lo_suppkey";

    Executor executor() {
        return new Executor(memory.allocator(), memory.pool());
    }

    /** Revenue per supplier: a new but equal subtree each call (TPC-H q15's view). */
    static AggregateNode revenue() throws Exception {
        return sum(scan(table("lineorder"), null, "lo_suppkey", "lo_revenue"), "lo_revenue", "lo_suppkey");
    }

    static long scansOf(List<ScanReport> reports, String table) {
        return reports.stream().filter(r -> r.table().equals(table)).count();
    }

    static int count(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }

    @Test
    void anAggregateUsedTwiceIsComputedOnce() throws Exception {
        AggregateNode a = revenue(), b = revenue();
        assertNotSame(a, b);
        AggregateNode top = new AggregateNode(b, new int[0],
                List.of(new AggregateNode.Call(AggregateNode.Function.MAX, 1, false, DataType.BIGINT, "top")));
        PhysicalNode plan = join(a, top, "revenue=top");

        String explain = executor().prepare(plan, new QueryPhases()).explain();
        assertEquals(1, count(explain, "AdaptiveScan(lineorder"), explain);
        assertTrue(explain.contains("Groups(HashAggregate(keys [0], SUM($1)), shared with pipeline 0)"), explain);

        QueryResult r = executor().execute(plan, OPTIONS);
        var rows = rows(r);
        assertEquals(1, scansOf(r.scanReports(), "lineorder"));
        assertSameRows(duck("WITH rev AS (" + REVENUE + ") SELECT rev.*, m.top FROM rev JOIN (SELECT max(revenue) AS top FROM rev) m "
                + "ON revenue = top"), rows, false);
    }

    /** Supplier keys of one region, the build side of both joins below. */
    static ScanNode suppliers(Table s) {
        return scan(s, x -> Call.predicate(Operator.EQ, tcol(x, "s_region"), Literal.of("AMERICA")), "s_suppkey", "s_nation");
    }

    @Test
    void aJoinBuildUsedTwiceIsBuiltOnce() throws Exception {
        Table lo = table("lineorder"), s = table("supplier");
        PhysicalNode revenue = sum(join(scan(lo, null, "lo_suppkey", "lo_revenue"), suppliers(s), "lo_suppkey=s_suppkey"),
                "lo_revenue", "s_nation");
        PhysicalNode price = sum(join(scan(lo, null, "lo_suppkey", "lo_extendedprice"), suppliers(s), "lo_suppkey=s_suppkey"),
                "lo_extendedprice", "s_nation");
        PhysicalNode plan = new UnionAllNode(List.of(revenue, price));

        String explain = executor().prepare(plan, new QueryPhases()).explain();
        assertEquals(1, count(explain, "AdaptiveScan(supplier"), explain);
        assertEquals(1, count(explain, "HashJoinBuild"), explain);
        assertTrue(explain.contains("build shared with pipeline 0"), explain);

        QueryResult r = executor().execute(plan, OPTIONS);
        var rows = rows(r);
        assertEquals(1, scansOf(r.scanReports(), "supplier"));
        assertEquals(2, scansOf(r.scanReports(), "lineorder"));
        String where = " FROM lineorder, supplier WHERE lo_suppkey = s_suppkey AND s_region = 'AMERICA' GROUP BY s_nation";
        assertSameRows(duck("SELECT s_nation, sum(lo_revenue)" + where + " UNION ALL SELECT s_nation, sum(lo_extendedprice)" + where),
                rows, false);
    }

    /** A LEFT join building its left side marks matched build rows for its final pass: each join needs its own table. */
    @Test
    void aBuildWhoseRowsComeOutAfterProbingIsNotShared() throws Exception {
        Table lo = table("lineorder"), s = table("supplier");
        PhysicalNode one = sum(join(suppliers(s), scan(lo, null, "lo_suppkey", "lo_revenue"), JoinType.LEFT, false, null,
                "s_suppkey=lo_suppkey"), "lo_revenue", "s_suppkey");
        // the same build side, another probe side
        PhysicalNode two = sum(join(suppliers(s), scan(lo, null, "lo_suppkey", "lo_quantity", "lo_revenue"), JoinType.LEFT, false, null,
                "s_suppkey=lo_suppkey"), "lo_revenue", "s_suppkey");
        PhysicalNode plan = new UnionAllNode(List.of(one, two));

        String explain = executor().prepare(plan, new QueryPhases()).explain();
        assertFalse(explain.contains("shared"), explain);
        assertEquals(2, count(explain, "HashJoinBuild"), explain);
        String q = "SELECT s_suppkey, sum(lo_revenue) FROM supplier LEFT JOIN lineorder ON lo_suppkey = s_suppkey "
                + "WHERE s_region = 'AMERICA' GROUP BY s_suppkey";
        assertSameRows(duck(q + " UNION ALL " + q), rows(executor().execute(plan, OPTIONS)), false);
    }

    @Test
    void aConsumerFailingAfterTheSharedAggregateReleasesIt() throws Exception {
        AggregateNode a = revenue(), b = revenue();
        // revenue / (revenue - revenue): the second consumer divides by zero on its first group
        ProjectNode fails = new ProjectNode(b, List.of(Call.of(Operator.DIVIDE, DataType.BIGINT, ref(b, "revenue"),
                Call.of(Operator.MINUS, DataType.BIGINT, ref(b, "revenue"), ref(b, "revenue")))), List.of("x"));
        ProjectNode fine = new ProjectNode(a, List.of(ref(a, "revenue")), List.of("x"));
        PhysicalNode plan = new UnionAllNode(List.of(fine, fails));
        assertTrue(executor().prepare(plan, new QueryPhases()).explain().contains("shared with pipeline 0"));
        QueryException e = assertThrows(QueryException.class, () -> rows(executor().execute(plan, OPTIONS)));
        assertTrue(e.getMessage().contains("division by zero"), e.getMessage());
    }

    @Test
    void cancellingWhileConsumersReadTheSharedAggregateReleasesIt() throws Exception {
        // one group per line item: far more result batches than the result queue holds, so the consumers block on it
        Table lo = table("lineorder");
        PhysicalNode a = sum(scan(lo, null, "lo_orderkey", "lo_linenumber", "lo_revenue"), "lo_revenue", "lo_orderkey", "lo_linenumber");
        PhysicalNode b = sum(scan(lo, null, "lo_orderkey", "lo_linenumber", "lo_revenue"), "lo_revenue", "lo_orderkey", "lo_linenumber");
        PhysicalNode plan = new UnionAllNode(List.of(a, b));
        assertTrue(executor().prepare(plan, new QueryPhases()).explain().contains("shared with pipeline 0"));
        QueryResult r = executor().execute(plan, OPTIONS);
        assertTrue(r.next());
        r.cancel();
        QueryException e = assertThrows(QueryException.class, () -> {
            while (r.next()) { /* drain until the cancellation surfaces */ }
        });
        assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
        r.close();
    }
}
