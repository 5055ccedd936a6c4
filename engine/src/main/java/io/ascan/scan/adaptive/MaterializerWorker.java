package io.ascan.scan.adaptive;

import io.ascan.exec.QueryContext;
import io.ascan.scan.materializer.Materializer;
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

    public MaterializerWorker(Materializer materializer, int index, InputQueue input, OutputQueue output,
                              ThroughputTracker tracker, ScanFigures figures) {
        this(materializer, index, input, output, tracker, figures, System::nanoTime);
    }

    /**
     * @param index this worker's number among its mode's workers (its slot in the tracker)
     * @param clock what slices are timed by, in nanoseconds (the wall clock, or the emulated link's)
     */
    public MaterializerWorker(Materializer materializer, int index, InputQueue input, OutputQueue output,
                              ThroughputTracker tracker, ScanFigures figures, LongSupplier clock) {
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
                try {
                    m = session.materialize(a.slice());
                } finally {
                    a.release(); // the rowset's vectors hold their own references to the chunks
                }
                if (m.rowset() != null) {
                    try {
                        output.put(m.rowset());
                    } catch (InterruptedException | RuntimeException e) {
                        m.rowset().close();
                        throw e;
                    }
                }
                long nanos = clock.getAsLong() - start;
                if (m.measuresMode()) tracker.record(a.mode(), a.epoch(), index, nanos);
                figures.sliceDone(a.mode(), nanos, m.bytesMoved());
            }
        }
    }
}
