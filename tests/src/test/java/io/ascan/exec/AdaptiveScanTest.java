package io.ascan.exec;

import static io.ascan.exec.ExecHarness.col;
import static io.ascan.exec.ExecHarness.rows;
import static io.ascan.exec.ExecHarness.tcol;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.exec.driver.Executor;
import io.ascan.expr.Call;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.format.SliceMeta;
import io.ascan.format.WriteOptions;
import io.ascan.gen.ChunkedTable;
import io.ascan.gen.ParallelGeneration;
import io.ascan.gen.SsbGenerator;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ScanNode;
import io.ascan.scan.ScanEnvironment;
import io.ascan.scan.ScanMode;
import io.ascan.scan.ScanReport;
import io.ascan.scan.ScanStrategy;
import io.ascan.scan.policy.PolicyConfig;
import io.ascan.scan.SamplingCoordinator;
import io.ascan.testing.LeakCheck;
import io.ascan.topology.Interconnect;
import io.ascan.topology.Topology;
import io.ascan.types.DataType;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The AdaptiveScan's mechanism end to end on a table of many small slices (SSB SF 0.1 lineorder,
 * 2,000 rows per slice): the figures of its report add up in every policy, memory stays bounded
 * while nobody consumes, and cancelling mid-scan releases every buffer in every mode.
 */
class AdaptiveScanTest {
    static final List<String> POLICIES = List.of("direct", "staging", "pushdown", "adaptive", "backpressure");
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir static Path dir;
    static Table lineorder;

    @BeforeAll
    static void generate() throws Exception {
        for (ChunkedTable t : new SsbGenerator(0.1).tables()) {
            if (t.name().equals("lineorder")) ParallelGeneration.write(dir, t, WriteOptions.DEFAULTS.withMaxSliceRows(2000), 2, n -> {});
        }
        lineorder = Catalog.open(dir).table("lineorder");
    }

    static ScanNode scan(io.ascan.expr.Expr p, String... columns) {
        return ExecHarness.scan(lineorder, t -> p, columns);
    }

    /** SUM(lo_revenue) GROUP BY lo_discount WHERE lo_quantity < 25: P passes about half the tuples. */
    static PhysicalNode aggregate() {
        ScanNode s = scan(Call.predicate(Operator.LT, tcol(lineorder, "lo_quantity"), Literal.of(25)), "lo_discount", "lo_revenue");
        return new AggregateNode(s, new int[] {0}, List.of(new AggregateNode.Call(AggregateNode.Function.SUM, 1, false,
                DataType.BIGINT, "revenue"), new AggregateNode.Call(AggregateNode.Function.COUNT, -1, false, DataType.BIGINT, "n")));
    }

    /** Small samples, so that the adaptive policy samples every mode on 300 slices. */
    static final QueryOptions OPTIONS = QueryOptions.DEFAULTS.withComputeThreads(2)
            .withPolicy(PolicyConfig.DEFAULTS.withNSample(20));

    Executor executor() {
        return new Executor(memory.allocator(), memory.pool());
    }

    @Test
    void reportFiguresAddUpInEveryPolicy() throws Exception {
        long slices = lineorder.manifest().slices().size();
        long total = lineorder.manifest().rowCount();
        List<List<Object>> expected = null;
        long passing = -1;
        for (String policy : POLICIES) {
            QueryResult r = executor().execute(aggregate(), OPTIONS.withMode(ScanStrategy.parse(policy)));
            List<List<Object>> rows = rows(r);
            if (expected == null) expected = rows;
            ExecHarness.assertSameRows(expected, rows, false);
            ScanReport report = r.scanReports().getFirst();
            String stats = report.format();
            assertEquals(policy, report.policy());
            assertEquals(slices, report.slices());
            long sum = 0;
            for (ScanMode m : ScanMode.values()) sum += report.slicesIn(m);
            assertEquals(slices, sum, "slices per mode add up to the scan's: " + stats);
            assertEquals(slices, report.timeline().size(), stats);
            for (ScanMode m : ScanMode.values()) {
                long assigned = report.timeline().stream().filter(a -> a.mode() == m).count();
                assertEquals(assigned, report.slicesIn(m), m + ": assigned and materialized: " + stats);
                if (assigned > 0) assertTrue(report.mode(m).busyNanos() > 0, stats);
            }
            // Every switch is where the timeline changes mode, and only there.
            ScanMode previous = null;
            int switches = 0;
            for (ScanReport.Assignment a : report.timeline()) {
                if (a.mode() != previous) {
                    ScanReport.Switch s = report.switches().get(switches++);
                    assertEquals(a.slice(), s.slice(), stats);
                    assertEquals(previous, s.from(), stats);
                    assertEquals(a.mode(), s.to(), stats);
                    assertTrue(!s.reason().isBlank(), stats);
                }
                previous = a.mode();
            }
            assertEquals(switches, report.switches().size(), stats);
            // DIRECT and STAGING deliver every tuple (P is the pipeline's); PUSHDOWN only those passing P.
            long delivered = report.mode(ScanMode.DIRECT).rows() + report.mode(ScanMode.STAGING).rows();
            switch (policy) {
                case "direct", "staging" -> assertEquals(total, delivered, stats);
                case "pushdown" -> {
                    passing = report.mode(ScanMode.PUSHDOWN).rows();
                    long n = expected.stream().mapToLong(row -> (Long) row.get(2)).sum();
                    assertEquals(n, passing, stats);
                    assertTrue(report.mode(ScanMode.PUSHDOWN).bytesMoved() < report.slices() * 2000L * 8, stats);
                }
                case "adaptive" -> {
                    // Every mode is sampled (without a link, the prior rules none out); a mode far slower
                    // than an earlier one may be cut short (on time, which depends on the machine's
                    // load), and the report says so.
                    for (ScanMode m : ScanMode.values()) {
                        String name = m.name().toLowerCase(java.util.Locale.ROOT);
                        boolean cut = stats.contains(name + " cut short") || stats.contains(name + " dropped");
                        assertTrue(report.slicesIn(m) >= 20 - 1 || cut && report.slicesIn(m) > 0, "every mode sampled: " + stats);
                    }
                    assertTrue(report.sampledSlices() > 0 && report.sampledSlices() <= slices, stats);
                    assertTrue(report.notes().stream().anyMatch(n -> n.text().startsWith("exploit")), stats);
                }
                default -> { }
            }
            if (policy.equals("direct")) {
                long segments = 0;
                for (SliceMeta s : lineorder.manifest().slices()) {
                    for (String c : List.of("lo_discount", "lo_revenue", "lo_quantity")) {
                        segments += s.segment(lineorder.schema().indexOf(c)).length();
                    }
                }
                assertEquals(segments, report.bytesMoved(), "direct moves whole segments: " + stats);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "staging", "pushdown", "adaptive", "backpressure"})
    void memoryStaysBoundedWhileNobodyConsumes(String policy) throws Exception {
        ScanNode s = scan(null, "lo_orderkey", "lo_revenue", "lo_shipmode");
        long maxSlice = 0, table = 0;
        int[] cols = s.columns();
        for (SliceMeta m : lineorder.manifest().slices()) {
            long b = 0;
            for (int c : cols) b += m.segment(c).memoryBytes(); // as read into memory, expanded
            maxSlice = Math.max(maxSlice, b);
            table += b;
        }
        QueryOptions o = OPTIONS.withMode(ScanStrategy.parse(policy));
        try (QueryResult r = executor().execute(s, o)) {
            // Nobody reads for a while: the result queue, then the output queue fill, and the
            // materializers and the scheduler stop.
            Thread.sleep(400);
            long rows = 0;
            while (r.next()) {
                rows += r.batch().getRowCount();
                if (rows % 40_960 == 0) Thread.sleep(1); // a slow reader
            }
            assertEquals(lineorder.manifest().rowCount(), rows);
        }
        // Rowsets alive at once: the output queue's slots, one per materializer worker, one per compute worker.
        int workers = policy.equals("direct") || policy.equals("staging") || policy.equals("pushdown") ? 3 : 9;
        long slots = o.outputQueue() + workers + o.computeThreads();
        // Result batches: 4096 rows of three columns (Arrow reserves about 40 bytes a row), queued, current and one per worker.
        long results = 8L * 4096 * 40;
        long bound = slots * maxSlice * (policy.equals("staging") || policy.equals("direct") ? 1 : 2) + results + (512 << 10);
        long peak = memory.allocator().getPeakMemoryAllocation();
        assertTrue(table > 3 * bound, "the table (" + table + " bytes) is much larger than the bound (" + bound + ")");
        assertTrue(peak <= bound, policy + ": peak " + peak + " bytes, bound " + bound + " (table " + table + ")");
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "staging", "pushdown", "adaptive", "backpressure"})
    void cancellingMidScanReleasesEveryBuffer(String policy) throws Exception {
        // A slow emulated link keeps materializers waiting on it when the cancel comes.
        ScanEnvironment slow = new ScanEnvironment(Topology.detect(-1, -1), Interconnect.of(20L << 20), new SamplingCoordinator(),
                null, false);
        for (Executor e : List.of(executor(), new Executor(memory.allocator(), memory.pool(), slow))) {
            // Unread, the result queue fills and the scan blocks mid-table (back-pressure).
            QueryResult r = e.execute(scan(Call.predicate(Operator.LT, tcol(lineorder, "lo_quantity"), Literal.of(25)),
                    "lo_orderkey", "lo_revenue", "lo_shipmode"), OPTIONS.withMode(ScanStrategy.parse(policy)));
            Thread.sleep(150);
            r.cancel();
            QueryException x = assertThrows(QueryException.class, () -> {
                while (r.next()) { /* drain until the cancellation surfaces */ }
            });
            assertTrue(x.getMessage().contains("cancelled"), x.getMessage());
            r.close();
            ScanReport report = r.scanReports().getFirst();
            assertTrue(report.slicesDone() < report.slices(), "cancelled mid-scan: " + report.format());
        }
        // LeakCheck: no Arrow byte and no aligned buffer is still out.
    }
}
