package io.ascan.exec;

import static io.ascan.exec.ExecHarness.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.expr.Call;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.AggregateNode.Function;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.ScanNode;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Hash aggregation with and without GROUP BY, every function, NULLs, DISTINCT and overflow, against DuckDB. */
class ExecAggregateTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions OPTIONS = QueryOptions.DEFAULTS.withMode("direct").withComputeThreads(3);
    static final DataType M = DataType.decimal(12, 2);

    Executor executor() {
        return new Executor(memory.allocator(), memory.pool());
    }

    static AggregateNode.Call call(Function f, int arg, DataType type) {
        return new AggregateNode.Call(f, arg, false, type, f.name().toLowerCase() + arg);
    }

    /** all_types columns: 0 b, 1 i, 2 l, 3 d, 4 m, 5 dt, 6 ts, 7 low, 8 high. */
    static ScanNode allTypes(Table t, java.util.function.Function<Table, io.ascan.expr.Expr> p) {
        return scan(t, p, "b", "i", "l", "d", "m", "dt", "ts", "low", "high");
    }

    static final List<AggregateNode.Call> EVERY_FUNCTION = List.of(
            call(Function.COUNT, -1, DataType.BIGINT), call(Function.COUNT, 1, DataType.BIGINT),
            call(Function.SUM, 1, DataType.BIGINT), call(Function.SUM, 2, DataType.BIGINT),
            call(Function.SUM, 3, DataType.DOUBLE), call(Function.SUM, 4, DataType.decimal(18, 2)),
            call(Function.AVG, 1, DataType.DOUBLE), call(Function.AVG, 4, DataType.DOUBLE), call(Function.AVG, 3, DataType.DOUBLE),
            call(Function.MIN, 8, DataType.VARCHAR), call(Function.MAX, 8, DataType.VARCHAR),
            call(Function.MIN, 3, DataType.DOUBLE), call(Function.MAX, 5, DataType.DATE), call(Function.MIN, 6, DataType.TIMESTAMP),
            call(Function.MAX, 0, DataType.BOOLEAN), call(Function.MIN, 0, DataType.BOOLEAN), call(Function.MAX, 4, M));

    static final String EVERY_FUNCTION_SQL = "count(*), count(i), sum(i), sum(l), sum(d), sum(m), avg(i), avg(m), avg(d), "
            + "min(high), max(high), min(d), max(dt), min(ts), bool_or(b), bool_and(b), max(m)";

    /** Many groups in every worker's partitions: each partition's tables are merged on its own thread. */
    @Test
    void manyGroupsMergeInParallelPartitions() throws Exception {
        Table t = table("lineorder");
        ScanNode scan = scan(t, null, "lo_orderkey", "lo_linenumber", "lo_shipmode", "lo_revenue", "lo_quantity", "lo_discount");
        AggregateNode agg = new AggregateNode(scan, new int[] {0, 1}, List.of(
                call(Function.COUNT, -1, DataType.BIGINT), call(Function.SUM, 3, DataType.BIGINT),
                call(Function.MIN, 2, DataType.VARCHAR), call(Function.MAX, 4, DataType.INTEGER), call(Function.AVG, 5, DataType.DOUBLE)));
        var expected = duck("SELECT lo_orderkey, lo_linenumber, count(*), sum(lo_revenue), min(lo_shipmode), max(lo_quantity), "
                + "avg(lo_discount) FROM lineorder GROUP BY lo_orderkey, lo_linenumber");
        assertTrue(expected.size() > 50_000, "groups: " + expected.size());
        assertSameRows(expected, rows(executor().execute(agg, OPTIONS)), false);
    }

    @Test
    void groupByWithNullKeys() throws Exception {
        Table t = table("all_types");
        AggregateNode agg = new AggregateNode(allTypes(t, null), new int[] {7, 0}, EVERY_FUNCTION);
        var rows = rows(executor().execute(agg, OPTIONS));
        assertSameRows(duck("SELECT low, b, " + EVERY_FUNCTION_SQL + " FROM all_types GROUP BY low, b"), rows, false);
    }

    @Test
    void withoutGroupBy() throws Exception {
        Table t = table("all_types");
        AggregateNode agg = new AggregateNode(allTypes(t, null), new int[0], EVERY_FUNCTION);
        var rows = rows(executor().execute(agg, OPTIONS));
        assertSameRows(duck("SELECT " + EVERY_FUNCTION_SQL + " FROM all_types"), rows, false);
    }

    @Test
    void emptyInputWithoutGroupByGivesOneRow() throws Exception {
        Table t = table("all_types");
        ScanNode none = allTypes(t, x -> Call.predicate(Operator.LT, tcol(x, "i"), Literal.of(-1_000_000)));
        var rows = rows(executor().execute(new AggregateNode(none, new int[0], EVERY_FUNCTION), OPTIONS));
        assertEquals(1, rows.size());
        assertSameRows(duck("SELECT " + EVERY_FUNCTION_SQL + " FROM all_types WHERE i < -1000000"), rows, false);
        var grouped = rows(executor().execute(new AggregateNode(none, new int[] {7}, EVERY_FUNCTION), OPTIONS));
        assertEquals(0, grouped.size());
    }

    @Test
    void countDistinct() throws Exception {
        Table t = table("lineorder");
        ScanNode s = scan(t, null, "lo_orderpriority", "lo_suppkey", "lo_quantity", "lo_revenue");
        AggregateNode agg = new AggregateNode(s, new int[] {0}, List.of(
                new AggregateNode.Call(Function.COUNT, 1, true, DataType.BIGINT, "suppliers"),
                new AggregateNode.Call(Function.SUM, 1, true, DataType.BIGINT, "distinct_sum"),
                call(Function.COUNT, -1, DataType.BIGINT), call(Function.SUM, 3, DataType.BIGINT), call(Function.MAX, 2, DataType.INTEGER)));
        var rows = rows(executor().execute(agg, OPTIONS));
        assertSameRows(duck("SELECT lo_orderpriority, count(DISTINCT lo_suppkey), sum(DISTINCT lo_suppkey), count(*), sum(lo_revenue), "
                + "max(lo_quantity) FROM lineorder GROUP BY lo_orderpriority"), rows, false);
        var global = rows(executor().execute(new AggregateNode(s, new int[0], List.of(
                new AggregateNode.Call(Function.COUNT, 1, true, DataType.BIGINT, "suppliers"))), OPTIONS));
        assertSameRows(duck("SELECT count(DISTINCT lo_suppkey) FROM lineorder"), global, false);
    }

    @Test
    void manyGroupsGrowTheTables() throws Exception {
        Table t = table("lineorder");
        ScanNode s = scan(t, null, "lo_orderkey", "lo_revenue", "lo_shipmode");
        AggregateNode agg = new AggregateNode(s, new int[] {0, 2}, List.of(call(Function.SUM, 1, DataType.BIGINT),
                call(Function.MIN, 2, DataType.VARCHAR)));
        var rows = rows(executor().execute(agg, OPTIONS));
        assertTrue(rows.size() > 10_000);
        assertSameRows(duck("SELECT lo_orderkey, lo_shipmode, sum(lo_revenue), min(lo_shipmode) FROM lineorder GROUP BY 1, 2"), rows, false);
    }

    @Test
    void integerSumOverflowIsAnError() throws Exception {
        Table t = table("all_types");
        ProjectNode big = new ProjectNode(allTypes(t, null), List.of(Call.of(Operator.TIMES, DataType.BIGINT, col(2, DataType.BIGINT),
                Literal.of(1000L))), List.of("big"));
        AggregateNode agg = new AggregateNode(big, new int[0], List.of(call(Function.SUM, 0, DataType.BIGINT)));
        QueryException e = assertThrows(QueryException.class, () -> rows(executor().execute(agg, OPTIONS)));
        assertTrue(e.getMessage().contains("overflow"), e.getMessage());
    }
}
