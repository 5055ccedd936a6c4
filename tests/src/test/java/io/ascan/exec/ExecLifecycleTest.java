package io.ascan.exec;

import io.ascan.exec.driver.Executor;
import static io.ascan.exec.ExecHarness.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.expr.Call;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.ScanNode;
import io.ascan.scan.ScanStrategy;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Cancellation, timeouts, the memory limit, runtime errors and code dumps; LeakCheck proves every buffer came back. */
class ExecLifecycleTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions OPTIONS = QueryOptions.DEFAULTS.withMode(ScanStrategy.DIRECT).withComputeThreads(2);

    Executor executor() {
        return new Executor(memory.allocator(), memory.pool());
    }

    ScanNode lineorder() throws Exception {
        return scan(table("lineorder"), null, "lo_orderkey", "lo_linenumber", "lo_shipmode", "lo_revenue");
    }

    @Test
    void cancelMidScanStopsTheWorkersAndReleasesEveryBuffer() throws Exception {
        // The result queue holds a few batches: unread, the scan blocks mid-table on it (back-pressure).
        QueryResult r = executor().execute(lineorder(), OPTIONS);
        assertTrue(r.next());
        assertTrue(r.batch().getRowCount() > 0);
        Thread.sleep(50);
        cancelAndDrain(r);
        r.close(); // idempotent
    }

    /**
     * A join whose matches fan out without end inside one rowset (three copies of lineorder joined
     * on lo_shipmode: about 10^13 matches) stops when cancelled: the match loop looks at the flag,
     * not only the scan between rowsets. Without that this query would run for days.
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 60, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD) // hang guard
    void cancelStopsAJoinInTheMiddleOfAHugeFanOut() throws Exception {
        AggregateNode count = new AggregateNode(ExecPlans.join(ExecPlans.join(lineorder(), lineorder(), "lo_shipmode=lo_shipmode"),
                lineorder(), "lo_shipmode=lo_shipmode"), new int[0],
                List.of(new AggregateNode.Call(AggregateNode.Function.COUNT, -1, false, DataType.BIGINT, "n")));
        QueryResult r = executor().execute(count, OPTIONS);
        Thread.sleep(500); // the builds are done by now and the probe is deep in its first rowset
        cancelAndDrain(r);
    }

    @Test
    void closingAnUnreadResultCancels() throws Exception {
        QueryResult r = executor().execute(lineorder(), OPTIONS);
        Thread.sleep(20);
        r.close();
    }

    @Test
    void timeoutStopsTheQuery() throws Exception {
        QueryResult r = executor().execute(lineorder(), OPTIONS.withTimeoutMillis(100));
        Thread.sleep(300); // nobody reads: the workers block on the result queue until the timeout cancels them
        QueryException e = assertThrows(QueryException.class, () -> {
            while (r.next()) { /* drain */ }
        });
        assertTrue(e.getMessage().contains("timed out"), e.getMessage());
        r.close();
    }

    @Test
    void exceedingTheMemoryLimitIsAClearError() throws Exception {
        ScanNode s = lineorder();
        AggregateNode agg = new AggregateNode(s, new int[] {0, 1, 2}, List.of(
                new AggregateNode.Call(AggregateNode.Function.SUM, 3, false, DataType.BIGINT, "rev")));
        QueryException e = assertThrows(QueryException.class, () -> rows(executor().execute(agg, OPTIONS.withMemoryLimit(1 << 20))));
        assertTrue(e.getMessage().contains("memory limit"), e.getMessage());
        // the same query fits in the default limit
        assertEquals(60_175, rows(executor().execute(agg, OPTIONS)).size());
    }

    @Test
    void runtimeErrorsNameTheExpression() throws Exception {
        Table t = table("lineorder");
        ProjectNode p = new ProjectNode(scan(t, null, "lo_orderkey", "lo_quantity"), List.of(Call.of(Operator.DIVIDE, DataType.INTEGER,
                col(0, DataType.INTEGER), Call.of(Operator.MINUS, DataType.INTEGER, col(1, DataType.INTEGER), Literal.of(25)))), List.of("x"));
        QueryException e = assertThrows(QueryException.class, () -> rows(executor().execute(p, OPTIONS)));
        assertTrue(e.getMessage().contains("division by zero"), e.getMessage());
    }

    @Test
    void dumpedCodeShowsEachPipelineAndSamePlansShareTheirClass() throws Exception {
        AggregateNode agg = new AggregateNode(lineorder(), new int[] {2}, List.of(
                new AggregateNode.Call(AggregateNode.Function.SUM, 3, false, DataType.BIGINT, "rev")));
        QueryResult a = executor().execute(agg, OPTIONS.withDumpCode(true));
        String code = a.generatedCode();
        rows(a);
        assertTrue(code.contains("// pipeline 0: AdaptiveScan(lineorder"), code);
        assertTrue(code.contains("// pipeline 1: Groups("), code);
        assertTrue(code.contains("public void consume(io.ascan.codegen.rt.Batch in, int rows, int mode)"), code);
        assertTrue(code.contains("public void mergeRow("), code);
        try (QueryResult plain = executor().execute(agg, OPTIONS)) {
            assertEquals("", plain.generatedCode(), "no dump without the option");
        }
        int before = io.ascan.codegen.pipeline.PipelineCompilerAccess.cachedClasses();
        rows(executor().execute(agg, OPTIONS));
        assertEquals(before, io.ascan.codegen.pipeline.PipelineCompilerAccess.cachedClasses(), "a repeated plan compiles nothing new");
        assertTrue(executor().prepare(agg, new QueryPhases()).explain().contains("HashAggregate"));
    }
}
