package io.ascan.exec;

import static io.ascan.exec.ExecHarness.*;
import static io.ascan.exec.ExecPlans.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.cache.SegmentCache;
import io.ascan.catalog.Table;
import io.ascan.exec.driver.Executor;
import io.ascan.expr.Call;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.io.IoMode;
import io.ascan.plan.LimitNode;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.scan.ScanEnvironment;
import io.ascan.scan.ScanMode;
import io.ascan.scan.ScanReport;
import io.ascan.scan.ScanStrategy;
import io.ascan.scan.abm.AbmPolicy;
import io.ascan.scan.abm.ActiveBufferManager;
import io.ascan.scan.policy.PolicyConfig;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A scan runs on its compute workers alone ({@code scan.selfServe}) when every segment it reads is
 * in the pool: the same rows and scan figures as the threaded scan in every mode, an adaptive scan
 * sampling on its workers, runtime filters applied by pushdown, a satisfied LIMIT and failures
 * ending it with its memory released; a scan that must wait for loads, and one under the
 * back-pressure policy, keep their threads.
 */
class ExecSelfServedScanTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final QueryOptions THREADED = QueryOptions.DEFAULTS.withComputeThreads(2).withInlineRows(0).withSelfServe(false);
    static final QueryOptions SELF_SERVED = THREADED.withSelfServe(true);

    /** As an engine runs queries: reading through an Active Buffer Manager whose pool caches the segments. */
    ActiveBufferManager abm;

    @BeforeEach
    void openAbm() {
        abm = new ActiveBufferManager(SegmentCache.create(memory.allocator(), 256L << 20), AbmPolicy.of("normal"), IoMode.URING, 0);
    }

    @AfterEach
    void closeAbm() {
        abm.close();
    }

    Executor executor() {
        return new Executor(memory.allocator(), memory.pool(), ScanEnvironment.local(), abm);
    }

    /** Runs {@code plan} once threaded, so that every segment it reads is in the pool, and returns its rows. */
    List<List<Object>> warm(PhysicalNode plan, QueryOptions options) throws Exception {
        return rows(executor().execute(plan, options.withSelfServe(false)));
    }

    static boolean selfServed(QueryResult r, String table) {
        return r.statistics().contains("phase self-served scan " + table + " ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "staging", "pushdown", "adaptive"})
    void selfServedAndThreadedScansGiveTheSameRowsAndFigures(String mode) throws Exception {
        ScanStrategy strategy = ScanStrategy.parse(mode);
        PhysicalNode plan = revenueByYear();
        warm(plan, THREADED.withMode(strategy));
        QueryResult threaded = executor().execute(plan, THREADED.withMode(strategy));
        var threadedRows = rows(threaded);
        QueryResult self = executor().execute(plan, SELF_SERVED.withMode(strategy));
        var selfRows = rows(self);
        assertSameRows(duck("SELECT d_year, sum(CAST(lo_extendedprice AS BIGINT) * lo_discount) FROM lineorder, dwdate "
                + "WHERE lo_orderdate = d_datekey AND lo_discount BETWEEN 1 AND 3 GROUP BY d_year"), selfRows, false);
        assertSameRows(threadedRows, selfRows, false);
        assertTrue(selfServed(self, "lineorder") && selfServed(self, "dwdate"), self.statistics());
        assertFalse(threaded.statistics().contains("phase self-served scan"), threaded.statistics());
        for (int i = 0; i < 2; i++) {
            ScanReport a = threaded.scanReports().get(i), b = self.scanReports().get(i);
            assertEquals(a.table(), b.table());
            assertEquals(a.slices(), b.slices());
            assertEquals(b.slices(), b.slicesDone(), b.format());
            assertEquals(a.modes().keySet(), b.modes().keySet());
            for (var m : a.modes().keySet()) {
                var x = a.mode(m);
                var y = b.mode(m);
                assertEquals(List.of(x.slices(), x.rows(), x.bytesMoved()), List.of(y.slices(), y.rows(), y.bytesMoved()),
                        m + ":\n" + threaded.statistics() + "\n" + self.statistics());
            }
            if (!mode.equals("adaptive")) {
                assertEquals(b.slices(), b.slicesIn(ScanMode.valueOf(mode.toUpperCase(Locale.ROOT))), b.format());
            }
        }
    }

    /**
     * An adaptive scan that may change its mode serves itself too: the policy samples every mode on
     * the compute workers (each measured at their count, k two slices a worker), and the rows are
     * DuckDB's. The back-pressure policy, which reads the input queues' fill, keeps the threads.
     */
    @Test
    void anAdaptiveScanThatMaySampleServesItselfWhileItSamples() throws Exception {
        // 200 slices of 100 rows; a round may take half of them, so warm-up and window fit and the policy may change the mode
        Table t = table("many_slices");
        QueryOptions sampling = SELF_SERVED.withOutputQueue(1).withPolicy(new PolicyConfig(30, 0.15, 0.2, 8, 0.05, 0.5, false,
                PolicyConfig.Kind.THROUGHPUT));
        PhysicalNode plan = sum(scan(t, null, "v", "id"), "id", "v");
        warm(plan, sampling);
        QueryResult r = executor().execute(plan, sampling);
        assertSameRows(duck("SELECT v, sum(id) FROM many_slices GROUP BY v"), rows(r), false);
        assertTrue(selfServed(r, "many_slices"), r.statistics());
        ScanReport report = r.scanReports().getFirst();
        assertTrue(report.modes().size() > 1, "the paper's policy samples every mode: " + r.statistics());
        assertEquals(report.slices(), report.slicesDone(), report.format());
        QueryResult queues = executor().execute(plan, sampling.withMode(ScanStrategy.parse("backpressure")));
        assertSameRows(duck("SELECT v, sum(id) FROM many_slices GROUP BY v"), rows(queues), false);
        assertFalse(selfServed(queues, "many_slices"), queues.statistics());
        QueryResult threaded = executor().execute(plan, sampling.withSelfServe(false));
        assertSameRows(duck("SELECT v, sum(id) FROM many_slices GROUP BY v"), rows(threaded), false);
        assertFalse(selfServed(threaded, "many_slices"), threaded.statistics());
    }

    @Test
    void aScanThatMustWaitForLoadsKeepsItsThreads() throws Exception {
        PhysicalNode plan = revenueByYear();
        QueryResult cold = executor().execute(plan, SELF_SERVED);
        var coldRows = rows(cold);
        assertFalse(cold.statistics().contains("phase self-served scan"), cold.statistics());
        QueryResult hot = executor().execute(plan, SELF_SERVED);
        assertSameRows(coldRows, rows(hot), false);
        assertTrue(selfServed(hot, "lineorder") && selfServed(hot, "dwdate"), hot.statistics());
        assertTrue(hot.statistics().matches("(?s).*abm \\[normal\\]: \\d+ slices, \\d+ served from chunks.*"),
                "the self-served scan takes its slices from the ABM: " + hot.statistics());
    }

    @Test
    void aSatisfiedLimitStopsTheSelfServedScan() throws Exception {
        Table t = table("many_slices");
        warm(scan(t, null, "id"), SELF_SERVED.withMode(ScanStrategy.parse("direct")));
        LimitNode limit = new LimitNode(scan(t, null, "id"), 0, 10);
        QueryResult r = executor().execute(limit, SELF_SERVED.withMode(ScanStrategy.parse("direct")));
        assertEquals(10, rows(r).size());
        assertTrue(selfServed(r, "many_slices"), r.statistics());
        ScanReport report = r.scanReports().getFirst();
        assertTrue(report.slicesDone() < report.slices() / 2, "10 rows need a few of 200 slices: " + report.format());
    }

    @Test
    void cancelMidScanStopsTheSelfServedWorkersAndReleasesEveryBuffer() throws Exception {
        PhysicalNode plan = scan(table("lineorder"), null, "lo_orderkey", "lo_linenumber", "lo_shipmode", "lo_revenue");
        QueryOptions direct = SELF_SERVED.withMode(ScanStrategy.parse("direct"));
        warm(plan, direct);
        QueryResult whole = executor().execute(plan, direct);
        assertEquals(table("lineorder").manifest().slices().stream().mapToLong(s -> s.rowCount()).sum(), rows(whole).size());
        assertTrue(selfServed(whole, "lineorder"), whole.statistics());
        // The result queue holds a few batches: unread, the workers block mid-table on it.
        QueryResult r = executor().execute(plan, direct);
        assertTrue(r.next());
        Thread.sleep(50);
        cancelAndDrain(r);
    }

    /** A probe deep in a join's fan-out (about 10^13 matches) on self-served workers stops when cancelled. */
    @Test
    @org.junit.jupiter.api.Timeout(value = 60, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD) // hang guard
    void cancelStopsASelfServedProbeInTheMiddleOfAHugeFanOut() throws Exception {
        Table lo = table("lineorder");
        PhysicalNode count = new io.ascan.plan.AggregateNode(join(join(scan(lo, null, "lo_shipmode"), scan(lo, null, "lo_shipmode"),
                "lo_shipmode=lo_shipmode"), scan(lo, null, "lo_shipmode"), "lo_shipmode=lo_shipmode"), new int[0],
                List.of(new io.ascan.plan.AggregateNode.Call(io.ascan.plan.AggregateNode.Function.COUNT, -1, false, DataType.BIGINT,
                        "n")));
        QueryOptions direct = SELF_SERVED.withMode(ScanStrategy.parse("direct"));
        warm(scan(lo, null, "lo_shipmode"), direct);
        QueryResult r = executor().execute(count, direct);
        Thread.sleep(500); // the builds are done by now and the probe is deep in its first rowset
        cancelAndDrain(r);
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "pushdown"})
    void aFailureInASelfServedScanEndsTheQueryAndReleasesItsMemory(String mode) throws Exception {
        Table t = table("lineorder");
        ProjectNode p = new ProjectNode(scan(t, null, "lo_orderkey", "lo_quantity"), List.of(Call.of(Operator.DIVIDE,
                DataType.INTEGER, col(0, DataType.INTEGER), Call.of(Operator.MINUS, DataType.INTEGER, col(1, DataType.INTEGER),
                        Literal.of(25)))), List.of("x"));
        warm(scan(t, null, "lo_orderkey", "lo_quantity"), SELF_SERVED.withMode(ScanStrategy.parse(mode)));
        QueryException e = assertThrows(QueryException.class,
                () -> rows(executor().execute(p, SELF_SERVED.withMode(ScanStrategy.parse(mode)))));
        assertTrue(e.getMessage().contains("division by zero"), e.getMessage());
    }
}
