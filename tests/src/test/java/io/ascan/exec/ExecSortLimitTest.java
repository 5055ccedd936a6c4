package io.ascan.exec;

import io.ascan.exec.driver.Executor;
import static io.ascan.exec.ExecHarness.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.expr.Call;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.LimitNode;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.ScanNode;
import io.ascan.plan.SortNode;
import io.ascan.plan.UnionAllNode;
import io.ascan.plan.ValuesNode;
import io.ascan.scan.ScanStrategy;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Sort (multi-key, directions, NULL placement, strings), top-k, LIMIT/OFFSET, UNION ALL and VALUES, against DuckDB. */
class ExecSortLimitTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions OPTIONS = QueryOptions.DEFAULTS.withMode(ScanStrategy.DIRECT).withComputeThreads(2);

    Executor executor() {
        return new Executor(memory.allocator(), memory.pool());
    }

    @Test
    void multiKeySortWithNullsAndStrings() throws Exception {
        Table t = table("all_types");
        ScanNode s = scan(t, null, "b", "i", "l", "d", "m", "dt", "ts", "low", "high");
        SortNode sort = new SortNode(s, List.of(new SortNode.Key(7, false, true), new SortNode.Key(3, true, false),
                new SortNode.Key(1, false, false)), 0, -1);
        var rows = rows(executor().execute(sort, OPTIONS));
        assertSameRows(duck("SELECT b, i, l, d, m, dt, ts, low, high FROM all_types ORDER BY low ASC NULLS FIRST, d DESC NULLS LAST, "
                + "i ASC NULLS LAST"), rows, true);
    }

    @Test
    void sortByStringDescendingNullsFirst() throws Exception {
        Table t = table("all_types");
        ScanNode s = scan(t, null, "high", "i");
        var rows = rows(executor().execute(new SortNode(s, List.of(new SortNode.Key(0, true, true)), 0, -1), OPTIONS));
        assertSameRows(duck("SELECT high, i FROM all_types ORDER BY high DESC NULLS FIRST"), rows, true);
    }

    @Test
    void topKWithOffset() throws Exception {
        Table t = table("lineorder");
        ScanNode s = scan(t, null, "lo_orderkey", "lo_linenumber", "lo_revenue");
        SortNode top = new SortNode(s, List.of(new SortNode.Key(2, true, false), new SortNode.Key(0, false, false),
                new SortNode.Key(1, false, false)), 5, 10);
        var rows = rows(executor().execute(top, OPTIONS));
        assertSameRows(duck("SELECT lo_orderkey, lo_linenumber, lo_revenue FROM lineorder ORDER BY lo_revenue DESC, lo_orderkey, "
                + "lo_linenumber LIMIT 10 OFFSET 5"), rows, true);
    }

    /** More rows than a worker keeps for a top-k: its rows (strings too) are compacted as they come. */
    @Test
    void topKOnStringsAcrossCompactions() throws Exception {
        Table t = table("lineorder");
        ScanNode s = scan(t, null, "lo_shipmode", "lo_orderpriority", "lo_orderkey", "lo_linenumber");
        SortNode top = new SortNode(s, List.of(new SortNode.Key(0, true, false), new SortNode.Key(1, false, false),
                new SortNode.Key(2, false, false), new SortNode.Key(3, false, false)), 3, 50);
        var rows = rows(executor().execute(top, OPTIONS));
        assertSameRows(duck("SELECT lo_shipmode, lo_orderpriority, lo_orderkey, lo_linenumber FROM lineorder "
                + "ORDER BY 1 DESC, 2, 3, 4 LIMIT 50 OFFSET 3"), rows, true);
    }

    @Test
    void limitAndOffsetAboveASort() throws Exception {
        Table t = table("lineorder");
        ScanNode s = scan(t, x -> Call.predicate(Operator.LT, tcol(x, "lo_quantity"), Literal.of(3)), "lo_orderkey", "lo_linenumber");
        SortNode sort = new SortNode(s, List.of(new SortNode.Key(0, false, false), new SortNode.Key(1, false, false)), 0, -1);
        var rows = rows(executor().execute(new LimitNode(sort, 7, 20), OPTIONS));
        assertSameRows(duck("SELECT lo_orderkey, lo_linenumber FROM lineorder WHERE lo_quantity < 3 ORDER BY 1, 2 LIMIT 20 OFFSET 7"), rows, true);
    }

    @Test
    void limitWithoutOrderKeepsThatManyRows() throws Exception {
        Table t = table("lineorder");
        var rows = rows(executor().execute(new LimitNode(scan(t, null, "lo_orderkey"), 0, 100), OPTIONS));
        assertEquals(100, rows.size());
        assertEquals(0, rows(executor().execute(new LimitNode(scan(t, null, "lo_orderkey"), 0, 0), OPTIONS)).size());
    }

    /** A satisfied LIMIT stops its pipeline's scan: most of a 200-slice table is never read. */
    @Test
    void limitWithoutOrderStopsTheScanEarly() throws Exception {
        Table t = table("many_slices");
        ScanNode s = scan(t, x -> Call.predicate(Operator.EQ, tcol(x, "v"), Literal.of(3L)), "id", "v");
        QueryResult r = executor().execute(new LimitNode(s, 2, 5), OPTIONS);
        var rows = rows(r);
        assertEquals(5, rows.size());
        for (var row : rows) assertEquals(3L, row.get(1), "rows satisfy P");
        assertEquals(5, rows.stream().map(x -> x.get(0)).distinct().count(), "distinct rows");
        long read = r.scanReports().getFirst().slicesIn(io.ascan.scan.ScanMode.DIRECT);
        assertTrue(read > 0 && read < MANY_SLICES / 4, read + " of " + MANY_SLICES + " slices read");
    }

    @Test
    void unionAllOfScansAndValues() throws Exception {
        Table t = table("supplier");
        ScanNode a = scan(t, x -> Call.predicate(Operator.EQ, tcol(x, "s_region"), Literal.of("ASIA")), "s_suppkey", "s_name");
        ScanNode b = scan(t, x -> Call.predicate(Operator.EQ, tcol(x, "s_region"), Literal.of("EUROPE")), "s_suppkey", "s_name");
        ValuesNode v = new ValuesNode(List.of(new OutputColumn("k", DataType.INTEGER), new OutputColumn("n", DataType.VARCHAR)),
                List.of(List.of(Literal.of(-1), Literal.of("minus one")), List.of(Literal.ofNull(DataType.INTEGER), Literal.ofNull(DataType.VARCHAR))));
        ProjectNode p = new ProjectNode(new UnionAllNode(List.of(a, b, v)), List.of(col(0, DataType.INTEGER),
                Call.of(Operator.CHAR_LENGTH, DataType.INTEGER, col(1, DataType.VARCHAR))), List.of("k", "len"));
        var rows = rows(executor().execute(p, OPTIONS));
        assertSameRows(duck("SELECT s_suppkey, length(s_name) FROM supplier WHERE s_region IN ('ASIA', 'EUROPE') "
                + "UNION ALL VALUES (-1, 9), (NULL, NULL)"), rows, false);
    }
}
