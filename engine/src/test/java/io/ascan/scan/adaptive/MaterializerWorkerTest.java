package io.ascan.scan.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.cache.SegmentCache;
import io.ascan.exec.QueryContext;
import io.ascan.exec.QueryOptions;
import io.ascan.format.SliceMeta;
import io.ascan.scan.ScanMode;
import io.ascan.scan.materializer.Materializer;
import io.ascan.testing.LeakCheck;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a materializer worker tells the policy: a slice the storage node pushed back (raw segments
 * for a pushdown request) or the compute-side cache served is counted in the scan's figures but is
 * no measurement of the mode's throughput.
 */
class MaterializerWorkerTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    /** Slice i is pushed back when i % 3 == 0, served from the cache when i % 3 == 1, pushed down otherwise. */
    private static Materializer node() {
        return new Materializer() {
            @Override
            public ScanMode mode() {
                return ScanMode.PUSHDOWN;
            }

            @Override
            public Session open() {
                return new Session() {
                    @Override
                    public Materialized materialize(SliceMeta slice) {
                        int k = slice.index() % 3;
                        return new Materialized(null, 100, k == 1, k == 0);
                    }

                    @Override
                    public void close() {}
                };
            }
        };
    }

    @Test
    void pushedBackAndCachedSlicesAreNotThePushdownModesThroughput() throws Exception {
        ThroughputTracker tracker = new ThroughputTracker(Map.of(ScanMode.PUSHDOWN, 1), 0, 8, 0.2);
        long epoch = tracker.activate(ScanMode.PUSHDOWN);
        ScanFigures figures = new ScanFigures();
        InputQueue in = new InputQueue(ScanMode.PUSHDOWN, 16);
        for (int i = 0; i < 9; i++) in.put(new SliceAssignment(i, new SliceMeta(i, 0, 10, List.of()), ScanMode.PUSHDOWN, epoch));
        in.close();
        QueryContext query = new QueryContext(memory.allocator(), memory.pool(), SegmentCache.disabled(), QueryOptions.DEFAULTS);
        try {
            new MaterializerWorker(node(), 0, in, new OutputQueue(4), tracker, figures).run(query);
        } finally {
            query.allocator().close();
        }
        assertEquals(3, tracker.stats(ScanMode.PUSHDOWN).measured(), "only the slices pushed down measure pushdown");
        assertEquals(9, figures.report("t", 9, List.of(), null, null, null).slicesIn(ScanMode.PUSHDOWN));
    }
}
