package io.ascan.scan.adaptive;

import io.ascan.exec.QueryContext;
import io.ascan.format.SliceMeta;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.RangeSession;
import java.util.function.LongSupplier;

/**
 * One worker thread of a mode (A-Scan paper IV-C): takes slices from the mode's input queue, has
 * the materializer turn each into a rowset and enqueues it on the output queue, blocking while
 * the queue is full. A slice's time runs from its dequeue to the enqueue of its rowset, so it
 * includes loading, storage-side work and waiting for the consumer: the end-to-end signal the
 * {@link ThroughputTracker} aggregates over the mode's workers. A scan's wait for the Active Buffer
 * Manager happens before the slice is enqueued, so it is not in that time: waiting for a shared
 * load says nothing about how fast the mode moves a slice, and counting it would let the ABM's
 * scheduling, not the modes' costs, steer the policy. The session (its io_uring ring)
 * opens with the first slice, so a mode the policy never picks costs no native resources.
 */
public final class MaterializerWorker {
    private final Materializer materializer;
    private final int index;
    private final InputQueue input;
    private final OutputQueue output;
    private final ThroughputTracker tracker;
    private final ScanFigures figures;
    private final LongSupplier clock;
    private final LoadedSlices loaded;
    private final LinkTimer linkTimer;

    public MaterializerWorker(Materializer materializer, int index, InputQueue input, OutputQueue output,
                              ThroughputTracker tracker, ScanFigures figures) {
        this(materializer, index, input, output, tracker, figures, System::nanoTime);
    }

    public MaterializerWorker(Materializer materializer, int index, InputQueue input, OutputQueue output,
                              ThroughputTracker tracker, ScanFigures figures, LongSupplier clock) {
        this(materializer, index, input, output, tracker, figures, clock, null, null);
    }

    /**
     * @param index this worker's number among its mode's workers (its slot in the tracker)
     * @param clock what slices are timed by, in nanoseconds (the wall clock, or the emulated link's)
     * @param loaded the slices this mode serves morsels from, or null: every morsel is a whole slice
     * @param linkTimer what the policy's slice times are under {@code policy.clock=link}, or null: the clock's intervals
     */
    MaterializerWorker(Materializer materializer, int index, InputQueue input, OutputQueue output, ThroughputTracker tracker,
                       ScanFigures figures, LongSupplier clock, LoadedSlices loaded, LinkTimer linkTimer) {
        this.loaded = loaded;
        this.linkTimer = linkTimer;
        this.materializer = materializer;
        this.index = index;
        this.input = input;
        this.output = output;
        this.tracker = tracker;
        this.figures = figures;
        this.clock = clock;
    }

    public void run(QueryContext query) throws Exception {
        SliceAssignment first = input.take();
        if (first == null) return; // the policy never chose this mode: no ring, no buffers
        try (Materializer.Session session = materializer.open()) {
            for (SliceAssignment a = first; a != null; a = input.take()) {
                query.checkCancelled();
                long start = clock.getAsLong();
                Materializer.Materialized m;
                long nanosAdjust = 0;
                try {
                    if (a.morsel().whole()) {
                        m = session.materialize(a.slice());
                    } else {
                        Served s = serve((RangeSession) session, a.morsel());
                        m = s.materialized;
                        nanosAdjust = s.adjust;
                    }
                } finally {
                    a.release(); // the rowset's vectors hold their own references to the chunks
                }
                if (linkTimer != null && m.measuresMode()) linkTimer.materialized(a.mode(), a.epoch(), index, m.rowset(), m.bytesMoved());
                if (m.rowset() != null) {
                    try {
                        output.put(m.rowset());
                    } catch (InterruptedException | RuntimeException e) {
                        m.rowset().close();
                        throw e;
                    }
                }
                long nanos = Math.max(0, clock.getAsLong() - start + nanosAdjust);
                if (m.measuresMode() && linkTimer == null) tracker.record(a.mode(), a.epoch(), index, nanos);
                figures.sliceDone(a.mode(), nanos, m.bytesMoved());
            }
        }
    }

    private record Served(Materializer.Materialized materialized, long adjust) {}

    /**
     * A morsel from its slice as this mode loaded it (loading it first if no other worker of the
     * mode has). Its time is charged its rows' share of the slice's load instead of the load (or
     * the wait for another worker's load) itself: the load serves all of the slice's morsels, and
     * with the mode's workers loading different slices at once, this share over the workers'
     * morsels is what the mode's throughput costs (Little's law, as for whole slices).
     */
    private Served serve(RangeSession session, Morsel morsel) throws Exception {
        SliceMeta slice = morsel.slice();
        Runnable release = new Runnable() {
            private boolean done;

            @Override
            public synchronized void run() {
                if (done) return;
                done = true;
                loaded.release(slice);
            }
        };
        try {
            long before = clock.getAsLong();
            LoadedSlices.Entry e = loaded.load(slice, session, clock);
            long waited = clock.getAsLong() - before;
            long share = e.loadNanos() * morsel.rowCount() / Math.max(1, slice.rowCount());
            return new Served(session.range(e.data(), morsel.offset(), morsel.rowCount(), release), share - waited);
        } catch (Exception | Error e) {
            release.run();
            throw e;
        }
    }
}
