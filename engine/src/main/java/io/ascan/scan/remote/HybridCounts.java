package io.ascan.scan.remote;

import io.ascan.scan.ExecMode;
import io.ascan.scan.ScanReport;
import java.util.concurrent.atomic.LongAdder;

/**
 * How one scan of a remote table was routed (many materializer threads add, the scan report
 * reads): slices by route (cached, pushdown, pull-up, bitmap), bytes over the link, compute-side
 * cache hits, admissions and evictions, the pushdown requests the storage node pushed back, and the
 * pushdown tuples in and out (P's measured selectivity, for segment weights).
 */
public final class HybridCounts {
    private final LongAdder cached = new LongAdder();
    private final LongAdder pushdown = new LongAdder();
    private final LongAdder pushedBack = new LongAdder();
    private final LongAdder pullup = new LongAdder();
    private final LongAdder bitmapFromStorage = new LongAdder();
    private final LongAdder bitmapFromCompute = new LongAdder();
    private final LongAdder networkBytes = new LongAdder();
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder admissions = new LongAdder();
    private final LongAdder evictions = new LongAdder();
    private final LongAdder pushedRows = new LongAdder();
    private final LongAdder passedRows = new LongAdder();
    private volatile String execMode;

    /** Marks the scan as one of a remote table under {@code mode}; figures are reported only then. */
    public void start(ExecMode mode) {
        execMode = mode.toString();
    }

    public void cached() {
        cached.increment();
    }

    public void pulledUp(long bytes) {
        pullup.increment();
        networkBytes.add(bytes);
    }

    public void pushedDown(long bytes, long rows, long passed) {
        pushdown.increment();
        networkBytes.add(bytes);
        pushedRows.add(rows);
        passedRows.add(passed);
    }

    /** A pushdown request the storage node pushed back: its raw segments crossed the link. */
    public void pushedBack(long bytes) {
        pushdown.increment();
        pushedBack.increment();
        networkBytes.add(bytes);
    }

    /** A slice took the BITMAP route: a bitmap from storage ({@code fromStorage}) or one sent from compute. */
    public void bitmap(boolean fromStorage, long bytes, long rows, long passed) {
        (fromStorage ? bitmapFromStorage : bitmapFromCompute).increment();
        networkBytes.add(bytes);
        pushedRows.add(rows); // P's selectivity, measured here as by pushdown
        passedRows.add(passed);
    }

    public void lookups(long hit, long miss) {
        hits.add(hit);
        misses.add(miss);
    }

    public void admitted(long n, long evicted) {
        admissions.add(n);
        evictions.add(evicted);
    }

    /** The fraction of tuples pushdown (or a selection bitmap) kept so far, or {@code prior} before any pushdown. */
    public double selectivity(double prior) {
        long in = pushedRows.sum();
        return in == 0 ? prior : (double) passedRows.sum() / in;
    }

    /** The figures for the scan report; null for a scan of a local table. */
    public ScanReport.HybridFigures figures() {
        String m = execMode;
        return m == null ? null : new ScanReport.HybridFigures(m, cached.sum(), pushdown.sum(), pullup.sum(),
                bitmapFromStorage.sum(), bitmapFromCompute.sum(), networkBytes.sum(), hits.sum(), misses.sum(), admissions.sum(),
                evictions.sum(), pushedBack.sum());
    }
}
