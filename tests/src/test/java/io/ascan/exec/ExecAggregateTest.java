package io.ascan.exec;

import static io.ascan.exec.ExecHarness.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.exec.driver.Executor;
import io.ascan.expr.Call;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.AggregateNode.Function;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.ScanNode;
import io.ascan.scan.ScanStrategy;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Hash aggregation with and without GROUP BY, every function, NULLs, DISTINCT and overflow, against DuckDB. */
class ExecAggregateTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions OPTIONS = QueryOptions.DEFAULTS.withMode(ScanStrategy.DIRECT).withComputeThreads(3);
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

    /**
     * lineorder arrives clustered by lo_orderkey: tuples of a run reuse the run's group (the run
     * check), and each worker's groups are mostly its own, so the merge adopts most rows.
     */
    @Test
    void groupsOfClusteredKeysReuseTheRunsGroup() throws Exception {
        Table t = table("lineorder");
        ScanNode scan = scan(t, null, "lo_orderkey", "lo_linenumber", "lo_revenue", "lo_quantity", "lo_discount");
        AggregateNode agg = new AggregateNode(scan, new int[] {0}, List.of(call(Function.COUNT, -1, DataType.BIGINT),
                call(Function.SUM, 2, DataType.BIGINT), call(Function.MAX, 3, DataType.INTEGER), call(Function.AVG, 4, DataType.DOUBLE)));
        var expected = duck("SELECT lo_orderkey, count(*), sum(lo_revenue), max(lo_quantity), avg(lo_discount) FROM lineorder "
                + "GROUP BY lo_orderkey");
        assertTrue(expected.size() > 10_000, "groups: " + expected.size());
        assertSameRows(expected, rows(executor().execute(agg, OPTIONS)), false);
    }

    /**
     * One integral key: with no two rowsets' key ranges overlapping (lineorder by lo_orderkey,
     * whole slices or morsels that split orders), the merge probes only for keys where ranges
     * touch and lists the rest; otherwise (lo_custkey; lookups that record no keys, as with a
     * string MIN) it merges every group. The groups are the same either way.
     */
    @Test
    void oneIntegralKeyMergesOnlyWhereKeyRangesTouch() throws Exception {
        Table t = table("lineorder");
        ScanNode scan = scan(t, null, "lo_orderkey", "lo_custkey", "lo_revenue", "lo_shipmode");
        List<AggregateNode.Call> calls = List.of(call(Function.COUNT, -1, DataType.BIGINT), call(Function.SUM, 2, DataType.BIGINT));
        var byOrder = duck("SELECT lo_orderkey, count(*), sum(lo_revenue) FROM lineorder GROUP BY lo_orderkey");
        AggregateNode clustered = new AggregateNode(scan, new int[] {0}, calls);
        assertSameRows(byOrder, rows(executor().execute(clustered, OPTIONS)), false);
        assertSameRows(byOrder, rows(executor().execute(clustered, OPTIONS.withMorselRows(1000))), false);
        assertSameRows(duck("SELECT lo_custkey, count(*), sum(lo_revenue) FROM lineorder GROUP BY lo_custkey"),
                rows(executor().execute(new AggregateNode(scan, new int[] {1}, calls), OPTIONS)), false);
        AggregateNode copying = new AggregateNode(scan, new int[] {0}, List.of(call(Function.SUM, 2, DataType.BIGINT),
                call(Function.MIN, 3, DataType.VARCHAR)));
        assertSameRows(duck("SELECT lo_orderkey, sum(lo_revenue), min(lo_shipmode) FROM lineorder GROUP BY lo_orderkey"),
                rows(executor().execute(copying, OPTIONS.withMorselRows(1000))), false);
    }

    /**
     * A hash over some of the keys: groups still compare every key, so keys the hashed ones do
     * not determine (7 line numbers against their ship modes) only collide; the groups are right.
     */
    @Test
    void hashingSomeKeysStillComparesEveryKey() throws Exception {
        Table t = table("lineorder");
        ScanNode scan = scan(t, null, "lo_linenumber", "lo_shipmode", "lo_orderkey", "lo_revenue");
        List<AggregateNode.Call> calls = List.of(call(Function.COUNT, -1, DataType.BIGINT), call(Function.SUM, 3, DataType.BIGINT));
        assertSameRows(duck("SELECT lo_linenumber, lo_shipmode, count(*), sum(lo_revenue) FROM lineorder GROUP BY 1, 2"),
                rows(executor().execute(new AggregateNode(scan, new int[] {0, 1}, calls, 0, new int[] {0}), OPTIONS)), false);
        assertSameRows(duck("SELECT lo_orderkey, lo_shipmode, lo_linenumber, count(*), sum(lo_revenue) FROM lineorder GROUP BY 1, 2, 3"),
                rows(executor().execute(new AggregateNode(scan, new int[] {2, 1, 0}, calls, 0, new int[] {0, 2}), OPTIONS)), false);
    }

    /** One nullable integral key: the NULL group is merged by probing, whatever the ranges. */
    @Test
    void oneNullableIntegralKeyMergesItsNullGroup() throws Exception {
        Table t = table("all_types");
        AggregateNode agg = new AggregateNode(allTypes(t, null), new int[] {1}, List.of(call(Function.COUNT, -1, DataType.BIGINT),
                call(Function.SUM, 2, DataType.BIGINT)));
        assertSameRows(duck("SELECT i, count(*), sum(l) FROM all_types GROUP BY i"), rows(executor().execute(agg, OPTIONS)), false);
    }

    /**
     * The planner's estimate of the groups only sizes the tables: far too few (they grow), far
     * too many (the presizing is capped, also by a memory limit the estimate would exceed), the
     * groups are right.
     */
    @Test
    void anEstimateOfTheGroupsSizesTheTablesButNeverLimitsThem() throws Exception {
        Table t = table("lineorder");
        ScanNode scan = scan(t, null, "lo_orderkey", "lo_linenumber", "lo_revenue");
        List<AggregateNode.Call> calls = List.of(call(Function.COUNT, -1, DataType.BIGINT), call(Function.SUM, 2, DataType.BIGINT));
        var many = duck("SELECT lo_orderkey, lo_linenumber, count(*), sum(lo_revenue) FROM lineorder GROUP BY lo_orderkey, lo_linenumber");
        assertTrue(many.size() > 50_000, "groups: " + many.size());
        assertSameRows(many, rows(executor().execute(new AggregateNode(scan, new int[] {0, 1}, calls, 10), OPTIONS)), false);
        var few = duck("SELECT lo_linenumber, count(*), sum(lo_revenue) FROM lineorder GROUP BY lo_linenumber");
        AggregateNode overestimated = new AggregateNode(scan, new int[] {1}, calls, Long.MAX_VALUE / 4);
        assertSameRows(few, rows(executor().execute(overestimated, OPTIONS)), false);
        assertSameRows(few, rows(executor().execute(overestimated, OPTIONS.withMemoryLimit(4 << 20))), false);
    }

    /** Keys that seldom repeat from one tuple to the next turn the run check off; the groups stay right. */
    @Test
    void groupsOfUnclusteredKeysWithTheRunCheckOff() throws Exception {
        Table t = table("lineorder");
        ScanNode scan = scan(t, null, "lo_custkey", "lo_suppkey", "lo_revenue");
        AggregateNode agg = new AggregateNode(scan, new int[] {0, 1}, List.of(call(Function.COUNT, -1, DataType.BIGINT),
                call(Function.SUM, 2, DataType.BIGINT)));
        assertSameRows(duck("SELECT lo_custkey, lo_suppkey, count(*), sum(lo_revenue) FROM lineorder GROUP BY 1, 2"),
                rows(executor().execute(agg, OPTIONS)), false);
    }

    /** NULL keys under the run check: a NULL key is its own group, never the previous tuple's non-NULL one. */
    @Test
    void groupByNullableIntegerKeysWithTheRunCheck() throws Exception {
        Table t = table("all_types");
        AggregateNode agg = new AggregateNode(allTypes(t, null), new int[] {1, 0}, List.of(call(Function.COUNT, -1, DataType.BIGINT),
                call(Function.SUM, 2, DataType.BIGINT), call(Function.MIN, 3, DataType.DOUBLE), call(Function.MAX, 5, DataType.DATE)));
        assertSameRows(duck("SELECT i, b, count(*), sum(l), min(d), max(dt) FROM all_types GROUP BY i, b"),
                rows(executor().execute(agg, OPTIONS)), false);
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

    /** Every function over INTEGER column {@code i} and DECIMAL column {@code m}, none copying strings. */
    static List<AggregateNode.Call> numericCalls(int i, int m) {
        return List.of(call(Function.COUNT, -1, DataType.BIGINT), call(Function.COUNT, i, DataType.BIGINT),
                call(Function.SUM, i, DataType.BIGINT), call(Function.SUM, m, DataType.decimal(18, 2)),
                call(Function.AVG, i, DataType.DOUBLE), call(Function.AVG, m, DataType.DOUBLE),
                call(Function.MIN, i, DataType.INTEGER), call(Function.MAX, m, M));
    }

    static final String NUMERIC_SQL = "count(*), count(i), sum(i), sum(m), avg(i), avg(m), min(i), max(m)";

    /**
     * A dictionary-encoded group key finds its group through a per-rowset array indexed by codes
     * (NULL keys included); plain rowsets of the same column hash the strings, and both meet in
     * the same groups.
     */
    @Test
    void groupsOfDictionaryCodesMeetGroupsOfPlainStrings() throws Exception {
        Table t = table("mixed_strings");
        ScanNode s = scan(t, x -> Call.predicate(Operator.NE, tcol(x, "id"), Literal.of(7)), "s", "id");
        AggregateNode agg = new AggregateNode(s, new int[] {0}, List.of(call(Function.COUNT, -1, DataType.BIGINT),
                call(Function.SUM, 1, DataType.BIGINT), call(Function.MIN, 1, DataType.INTEGER), call(Function.AVG, 1, DataType.DOUBLE)));
        QueryResult r = executor().execute(agg, OPTIONS.withDumpCode(true));
        String code = r.generatedCode();
        var rows = rows(r);
        assertTrue(code.contains("groupsByCode"), code);
        assertSameRows(duck("SELECT s, count(*), sum(id), min(id), avg(id) FROM mixed_strings WHERE id <> 7 GROUP BY s"), rows, false);
    }

    /** Two dictionary keys index one array by the pair of codes; NULL keys and values, every numeric function. */
    @Test
    void groupsOfTwoDictionaryKeys() throws Exception {
        Table t = table("all_types");
        ProjectNode twice = new ProjectNode(scan(t, null, "low", "i", "m"), List.of(col(0, DataType.VARCHAR), col(0, DataType.VARCHAR),
                col(1, DataType.INTEGER), col(2, M)), List.of("low", "low2", "i", "m"));
        QueryResult r = executor().execute(new AggregateNode(twice, new int[] {0, 1}, numericCalls(2, 3)), OPTIONS.withDumpCode(true));
        String code = r.generatedCode();
        var rows = rows(r);
        assertTrue(code.contains("groupsByCode"), code);
        assertSameRows(duck("SELECT low, low, " + NUMERIC_SQL + " FROM all_types GROUP BY low"), rows, false);

        ScanNode orders = scan(table("lineorder"), null, "lo_orderpriority", "lo_shipmode", "lo_quantity");
        r = executor().execute(new AggregateNode(orders, new int[] {0, 1}, List.of(call(Function.SUM, 2, DataType.BIGINT))),
                OPTIONS.withDumpCode(true));
        code = r.generatedCode();
        var lineorder = rows(r);
        assertTrue(code.contains("groupsByCode"), code);
        assertSameRows(duck("SELECT lo_orderpriority, lo_shipmode, sum(lo_quantity) FROM lineorder GROUP BY 1, 2"), lineorder, false);
    }

    /** Without GROUP BY the running values live in locals per rowset: many rowsets of 100 tuples add up. */
    @Test
    void withoutGroupByOverManyRowsets() throws Exception {
        Table t = table("many_slices");
        AggregateNode agg = new AggregateNode(scan(t, x -> Call.predicate(Operator.NE, tcol(x, "v"), Literal.of(3L)), "id", "v"),
                new int[0], List.of(call(Function.COUNT, -1, DataType.BIGINT), call(Function.SUM, 1, DataType.BIGINT),
                call(Function.MIN, 0, DataType.INTEGER), call(Function.MAX, 1, DataType.BIGINT), call(Function.AVG, 0, DataType.DOUBLE)));
        assertSameRows(duck("SELECT count(*), sum(v), min(id), max(v), avg(id) FROM many_slices WHERE v <> 3"),
                rows(executor().execute(agg, OPTIONS)), false);
    }

    /** Only NULL inputs: COUNT(x) 0, SUM, MIN, MAX and AVG NULL, COUNT(*) the tuples. */
    @Test
    void withoutGroupByOverOnlyNullInputs() throws Exception {
        Table t = table("all_types");
        ScanNode nulls = scan(t, x -> Call.predicate(Operator.IS_NULL, tcol(x, "i")), "b", "i", "m");
        var rows = rows(executor().execute(new AggregateNode(nulls, new int[0], numericCalls(1, 2)), OPTIONS));
        var expected = duck("SELECT " + NUMERIC_SQL + " FROM all_types WHERE i IS NULL");
        assertTrue((Long) expected.getFirst().getFirst() > 0, "all_types has NULLs in i");
        assertSameRows(expected, rows, false);
    }

    /** A SUM that overflows only once rowsets (and workers) are added up is still an error. */
    @Test
    void integerSumOverflowAcrossRowsetsIsAnError() throws Exception {
        Table t = table("many_slices");
        long k = Long.MAX_VALUE / 50_000; // one rowset (at most 900 k) and one worker's third fit, all 90,000 k do not
        ProjectNode big = new ProjectNode(scan(t, null, "v"), List.of(Call.of(Operator.TIMES, DataType.BIGINT, col(0, DataType.BIGINT),
                Literal.of(k))), List.of("big"));
        AggregateNode agg = new AggregateNode(big, new int[0], List.of(call(Function.SUM, 0, DataType.BIGINT)));
        QueryException e = assertThrows(QueryException.class, () -> rows(executor().execute(agg, OPTIONS)));
        assertTrue(e.getMessage().contains("overflow"), e.getMessage());
    }

    /**
     * AVG counts its NULL inputs and takes its count from the group's tuple count, kept in a
     * column of its own when no COUNT(*) call keeps it; an AVG shares the sum of a SUM of its column.
     */
    @Test
    void averagesWithoutCountStar() throws Exception {
        Table t = table("all_types");
        List<AggregateNode.Call> calls = List.of(call(Function.AVG, 1, DataType.DOUBLE), call(Function.SUM, 2, DataType.decimal(18, 2)),
                call(Function.AVG, 2, DataType.DOUBLE), call(Function.AVG, 3, DataType.DOUBLE));
        String sql = "avg(i), sum(m), avg(m), avg(d)";
        ScanNode s = scan(t, x -> Call.predicate(Operator.NE, tcol(x, "l"), Literal.of(3L)), "low", "i", "m", "d");
        assertSameRows(duck("SELECT low, " + sql + " FROM all_types WHERE l <> 3 GROUP BY low"),
                rows(executor().execute(new AggregateNode(s, new int[] {0}, calls), OPTIONS)), false);
        ScanNode h = scan(t, null, "high", "i", "m", "d");
        assertSameRows(duck("SELECT high, " + sql + " FROM all_types GROUP BY high"),
                rows(executor().execute(new AggregateNode(h, new int[] {0}, calls), OPTIONS)), false);
        assertSameRows(duck("SELECT " + sql + " FROM all_types WHERE l <> 3"),
                rows(executor().execute(new AggregateNode(s, new int[0], calls), OPTIONS)), false);
    }

    static long number(Object o) {
        return ((Number) o).longValue();
    }

    /**
     * Direct-address groups (a key range from statistics): a key outside the range (statistics
     * gone stale) or NULL is grouped by hash beside them, and workers that share chunks of slots
     * (morsels that split the range; unclustered lo_custkey) merge slot by slot. The groups are
     * the same as by hash alone.
     */
    @Test
    void directAddressGroupsMatchHashGroupsAlsoOutsideTheirRange() throws Exception {
        Table t = table("lineorder");
        ScanNode scan = scan(t, null, "lo_orderkey", "lo_custkey", "lo_revenue", "lo_shipmode");
        List<AggregateNode.Call> calls = List.of(call(Function.COUNT, -1, DataType.BIGINT), call(Function.SUM, 2, DataType.BIGINT),
                call(Function.MIN, 3, DataType.VARCHAR));
        var byOrder = duck("SELECT lo_orderkey, count(*), sum(lo_revenue), min(lo_shipmode) FROM lineorder GROUP BY lo_orderkey");
        List<Object> bounds = duck("SELECT min(lo_orderkey), max(lo_orderkey), min(lo_custkey), max(lo_custkey) FROM lineorder").getFirst();
        long min = number(bounds.get(0)), span = number(bounds.get(1)) - min + 1;
        for (long[] range : new long[][] {{min, span}, {min + span / 3, span / 3}}) {
            AggregateNode agg = new AggregateNode(scan, new int[] {0}, calls, span, new int[0], range[0], range[1]);
            assertSameRows(byOrder, rows(executor().execute(agg, OPTIONS)), false);
            assertSameRows(byOrder, rows(executor().execute(agg, OPTIONS.withMorselRows(1000))), false);
        }
        long cmin = number(bounds.get(2)), cspan = number(bounds.get(3)) - cmin + 1;
        AggregateNode byCustomer = new AggregateNode(scan, new int[] {1}, calls.subList(0, 2), cspan, new int[0], cmin, cspan);
        assertSameRows(duck("SELECT lo_custkey, count(*), sum(lo_revenue) FROM lineorder GROUP BY lo_custkey"),
                rows(executor().execute(byCustomer, OPTIONS)), false);
        ScanNode none = scan(t, x -> Call.predicate(Operator.LT, tcol(x, "lo_orderkey"), Literal.of(-5)), "lo_orderkey", "lo_revenue");
        AggregateNode empty = new AggregateNode(none, new int[] {0}, List.of(call(Function.SUM, 1, DataType.BIGINT)), span,
                new int[0], min, span);
        assertTrue(rows(executor().execute(empty, OPTIONS)).isEmpty());
    }

    /** A nullable key with direct-address groups: NULL forms its own group, by hash. */
    @Test
    void directAddressGroupsKeepTheNullGroup() throws Exception {
        Table t = table("all_types");
        List<Object> bounds = duck("SELECT min(i), max(i) FROM all_types").getFirst();
        long min = number(bounds.get(0)), span = number(bounds.get(1)) - min + 1;
        var expected = duck("SELECT i, count(*), sum(l), min(high) FROM all_types GROUP BY i");
        for (long[] range : new long[][] {{min, span}, {min + 1, span - 2}}) {
            AggregateNode agg = new AggregateNode(allTypes(t, null), new int[] {1}, List.of(call(Function.COUNT, -1, DataType.BIGINT),
                    call(Function.SUM, 2, DataType.BIGINT), call(Function.MIN, 8, DataType.VARCHAR)), span, new int[0], range[0], range[1]);
            assertSameRows(expected, rows(executor().execute(agg, OPTIONS)), false);
        }
    }
}
