package io.ascan.scan.adaptive;

import io.ascan.scan.ScanMode;
import io.ascan.scan.ScanProgress;
import io.ascan.scan.ScanReport;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Collects what one AdaptiveScan does, from the scheduler (assignments, switches, policy notes),
 * the materializer workers (slice times, bytes moved) and the compute workers (rows, staging
 * lines), and turns it into a {@link ScanReport} at any time. Thread-safe.
 */
public final class ScanFigures {
    private static final int MODES = ScanMode.values().length;

    private final AtomicLongArray slices = new AtomicLongArray(MODES);
    private final AtomicLongArray busy = new AtomicLongArray(MODES);
    private final AtomicLongArray rows = new AtomicLongArray(MODES);
    private final AtomicLongArray bytes = new AtomicLongArray(MODES);
    private final List<ScanReport.Assignment> timeline = new ArrayList<>();
    private final List<ScanReport.Switch> switches = new ArrayList<>();
    private final List<ScanReport.Note> notes = new ArrayList<>();
    private volatile long startNanos = System.nanoTime();
    private volatile long elapsedNanos;
    private volatile long sampledSlices;
    private volatile String policy = "adaptive";

    /** The scan starts now, under {@code policy}; earlier figures of this scan (an earlier run) are kept. */
    public void start(String policyName) {
        startNanos = System.nanoTime() - elapsedNanos;
        policy = policyName;
    }

    public void finish() {
        elapsedNanos = System.nanoTime() - startNanos;
    }

    /** Nanoseconds since the scan started. */
    public long now() {
        return System.nanoTime() - startNanos;
    }

    public synchronized void assigned(long slice, long atNanos, ScanMode mode, long sampledSoFar) {
        timeline.add(new ScanReport.Assignment(slice, atNanos, mode));
        sampledSlices = sampledSoFar;
    }

    public synchronized void switched(ScanReport.Switch s) {
        switches.add(s);
    }

    public synchronized void note(long slice, long atNanos, String text) {
        notes.add(new ScanReport.Note(slice, atNanos, text));
    }

    /** A materializer worker finished a slice of {@code mode} in {@code nanos}, moving {@code moved} bytes. */
    public void sliceDone(ScanMode mode, long nanos, long moved) {
        int m = mode.ordinal();
        slices.incrementAndGet(m);
        busy.addAndGet(m, nanos);
        bytes.addAndGet(m, moved);
    }

    /** The pipeline consumed a rowset of {@code mode}. */
    public void consumed(ScanMode mode, long rowCount) {
        rows.addAndGet(mode.ordinal(), rowCount);
    }

    /** Bytes that crossed the boundary outside a materializer (the lines a staging rowset's consumer touched). */
    public void moved(ScanMode mode, long n) {
        bytes.addAndGet(mode.ordinal(), n);
    }

    /** The scan's progress so far, of {@code totalSlices}: plain reads of the atomic counters, no lock. */
    public ScanProgress progress(long totalSlices) {
        long done = 0, r = 0, b = 0;
        for (int i = 0; i < MODES; i++) {
            done += slices.get(i);
            r += rows.get(i);
            b += bytes.get(i);
        }
        return new ScanProgress(done, totalSlices, r, b);
    }

    /**
     * @param cache how the segment cache served the scan, or null when it is off
     * @param abm   how the Active Buffer Manager served it, or null when it did not register
     * @param hybrid how the scan of a remote table was routed, or null for a local table
     */
    public synchronized ScanReport report(String table, long totalSlices, List<String> runtimeFilters,
                                          ScanReport.CacheFigures cache, ScanReport.AbmFigures abm,
                                          ScanReport.HybridFigures hybrid) {
        Map<ScanMode, ScanReport.ModeFigures> modes = new EnumMap<>(ScanMode.class);
        for (ScanMode m : ScanMode.values()) {
            int i = m.ordinal();
            modes.put(m, new ScanReport.ModeFigures(slices.get(i), busy.get(i), rows.get(i), bytes.get(i)));
        }
        long elapsed = elapsedNanos;
        return new ScanReport(table, policy, totalSlices, modes, switches, sampledSlices, timeline, elapsed, runtimeFilters,
                notes, cache, abm, hybrid);
    }
}
