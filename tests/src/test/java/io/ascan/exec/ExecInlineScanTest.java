package io.ascan.exec;

import io.ascan.exec.driver.Executor;
import static io.ascan.exec.ExecHarness.*;
import static io.ascan.exec.ExecPlans.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.expr.Call;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.LimitNode;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.scan.ScanReport;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Scans of at most {@code scan.inlineRows} rows run on their pipeline's thread: the same rows,
 * the same scan figures as the threaded scan, for joins, aggregates, LIMIT and failures.
 */
class ExecInlineScanTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions THREADED = QueryOptions.DEFAULTS.withComputeThreads(2).withInlineRows(0);
    static final QueryOptions INLINE = THREADED.withInlineRows(Long.MAX_VALUE);

    Executor executor() {
        return new Executor(memory.allocator(), memory.pool());
    }

    @Test
    void inlineAndThreadedScansGiveTheSameRowsAndFigures() throws Exception {
        PhysicalNode plan = revenueByYear();
        QueryResult threaded = executor().execute(plan, THREADED);
        var threadedRows = rows(threaded);
        QueryResult inline = executor().execute(plan, INLINE);
        var inlineRows = rows(inline);
        assertSameRows(duck("SELECT d_year, sum(CAST(lo_extendedprice AS BIGINT) * lo_discount) FROM lineorder, dwdate "
                + "WHERE lo_orderdate = d_datekey AND lo_discount BETWEEN 1 AND 3 GROUP BY d_year"), inlineRows, false);
        assertSameRows(threadedRows, inlineRows, false);
        assertTrue(inline.statistics().contains("phase inline scan lineorder"), inline.statistics());
        assertTrue(inline.statistics().contains("phase inline scan dwdate"), inline.statistics());
        assertFalse(threaded.statistics().contains("phase inline scan"), threaded.statistics());
        for (int i = 0; i < 2; i++) {
            ScanReport a = threaded.scanReports().get(i), b = inline.scanReports().get(i);
            assertEquals(a.table(), b.table());
            assertEquals(a.slices(), b.slices());
            assertEquals(a.modes().keySet(), b.modes().keySet());
            for (var m : a.modes().keySet()) {
                var x = a.mode(m);
                var y = b.mode(m);
                assertEquals(List.of(x.slices(), x.rows(), x.bytesMoved()), List.of(y.slices(), y.rows(), y.bytesMoved()),
                        m + ":\n" + threaded.statistics() + "\n" + inline.statistics());
            }
        }
    }

    @Test
    void onlyScansUpToTheLimitRunInline() throws Exception {
        PhysicalNode plan = revenueByYear();
        long dwdateRows = table("dwdate").manifest().slices().stream().mapToLong(s -> s.rowCount()).sum();
        QueryResult r = executor().execute(plan, THREADED.withInlineRows(dwdateRows));
        rows(r);
        assertTrue(r.statistics().contains("phase inline scan dwdate"), r.statistics());
        assertFalse(r.statistics().contains("phase inline scan lineorder"), r.statistics());
    }

    @Test
    void aSatisfiedLimitStopsTheInlineScan() throws Exception {
        Table lo = table("lineorder");
        LimitNode limit = new LimitNode(scan(lo, null, "lo_orderkey"), 0, 10);
        QueryResult r = executor().execute(limit, INLINE);
        assertEquals(10, rows(r).size());
        assertEquals(1, r.scanReports().getFirst().slicesDone(), "one slice is enough for 10 rows: " + r.statistics());
    }

    @Test
    void aFailureInAnInlineScanEndsTheQueryAndReleasesItsMemory() throws Exception {
        Table t = table("lineorder");
        ProjectNode p = new ProjectNode(scan(t, null, "lo_orderkey", "lo_quantity"), List.of(Call.of(Operator.DIVIDE,
                DataType.INTEGER, col(0, DataType.INTEGER), Call.of(Operator.MINUS, DataType.INTEGER, col(1, DataType.INTEGER),
                        Literal.of(25)))), List.of("x"));
        QueryException e = assertThrows(QueryException.class, () -> rows(executor().execute(p, INLINE)));
        assertTrue(e.getMessage().contains("division by zero"), e.getMessage());
    }
}
