package io.ascan.scan;

import io.ascan.scan.policy.DriftDetector;
import io.ascan.scan.policy.ModeStats;
import java.util.EnumMap;
import java.util.Map;

/**
 * End-to-end throughput per mode (A-Scan paper IV-C). Each worker reports the time of every slice
 * from input-queue dequeue to the enqueue of its last rowset; the worker's rate is the inverse, and
 * the mode's throughput is the sum of its workers' latest rates. When a mode is (re)activated,
 * its statistics restart and the first {@code warmup} completions are not counted, so that the
 * output queue reaches a representative fill level first; completions of slices assigned under an
 * earlier activation are ignored. Thread-safe: workers report, the scheduler reads.
 */
public final class ThroughputTracker {
    private final int warmup;
    private final Map<ScanMode, PerMode> modes = new EnumMap<>(ScanMode.class);

    private static final class PerMode {
        final DriftDetector detector;
        final double[] workerRate;
        long epoch;
        int warmupLeft;
        long measured;
        long completed;

        PerMode(int workers, int window, double alpha) {
            detector = new DriftDetector(window, alpha);
            workerRate = new double[workers];
        }
    }

    /**
     * @param workers workers per mode (materializer threads)
     * @param warmup  completions excluded after each activation (k)
     * @param window  drift window length, in measurements
     * @param alpha   EWMA weight of the newest measurement
     */
    public ThroughputTracker(Map<ScanMode, Integer> workers, int warmup, int window, double alpha) {
        this.warmup = warmup;
        workers.forEach((m, n) -> modes.put(m, new PerMode(n, window, alpha)));
    }

    public int warmup() {
        return warmup;
    }

    /** Starts a new measurement period for {@code mode}; returns the epoch its slices carry. */
    public synchronized long activate(ScanMode mode) {
        PerMode p = get(mode);
        p.epoch++;
        p.warmupLeft = warmup;
        p.measured = 0;
        p.detector.reset();
        java.util.Arrays.fill(p.workerRate, 0);
        return p.epoch;
    }

    public synchronized long epoch(ScanMode mode) {
        return get(mode).epoch;
    }

    /** A worker finished a slice of {@code mode}, assigned under {@code epoch}, in {@code nanos}. */
    public synchronized void record(ScanMode mode, long epoch, int worker, long nanos) {
        PerMode p = get(mode);
        p.completed++;
        if (epoch != p.epoch) return;
        p.workerRate[worker] = 1e9 / Math.max(nanos, 1);
        if (p.warmupLeft > 0) {
            p.warmupLeft--; // still counts for the worker's rate, not as a measurement
            return;
        }
        double aggregate = 0;
        for (double r : p.workerRate) aggregate += r;
        p.detector.add(aggregate);
        p.measured++;
    }

    public synchronized ModeStats stats(ScanMode mode) {
        PerMode p = get(mode);
        return new ModeStats(p.detector.estimate(), p.detector.windowMean(), p.detector.windowFull(), p.measured);
    }

    public synchronized boolean drifted(ScanMode mode, double delta) {
        return get(mode).detector.drifted(delta);
    }

    private PerMode get(ScanMode mode) {
        PerMode p = modes.get(mode);
        if (p == null) throw new IllegalArgumentException("mode " + mode + " is not enabled for this scan");
        return p;
    }
}
