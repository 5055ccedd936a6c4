package io.ascan.scan.adaptive;

import io.ascan.scan.ScanMode;
import io.ascan.scan.policy.DriftDetector;
import io.ascan.scan.policy.ModeStats;
import java.util.EnumMap;
import java.util.Map;

/**
 * End-to-end throughput per mode (A-Scan paper IV-C). Workers report the time of every slice from
 * input-queue dequeue to the enqueue of its last rowset. While a mode is active all of its
 * {@code W} workers are busy, so by Little's law its throughput is {@code W / slice time}:
 * the tracker smooths slice times (window and baseline medians, {@link DriftDetector}) and
 * reports them as slices per second. Smoothing times, not per-slice rates {@code 1/T}, matters:
 * slice times vary a lot on a busy machine, and the mean of {@code 1/T} overstates a mode's
 * throughput by more the more its times vary, which would favour the noisiest mode.
 *
 * <p>When a mode is (re)activated, its statistics restart and the first {@code warmup}
 * completions are not counted, so that the output queue reaches a representative fill level
 * first; completions of slices assigned under an earlier activation are ignored. Thread-safe:
 * workers report, the scheduler reads.
 */
public final class ThroughputTracker {
    private final int warmup;
    private final Map<ScanMode, PerMode> modes = new EnumMap<>(ScanMode.class);

    private static final class PerMode {
        final DriftDetector times;
        final int workers;
        long epoch;
        int warmupLeft;
        long measured;
        long completed;
        /** Completions of the current activation, warm-up included. */
        long sinceActivation;

        PerMode(int workers, int window, double alpha) {
            this.times = new DriftDetector(window, alpha);
            this.workers = workers;
        }

        double rate(double meanNanos) {
            return Double.isNaN(meanNanos) ? Double.NaN : workers * 1e9 / Math.max(meanNanos, 1);
        }
    }

    /**
     * @param workers workers per mode (materializer threads, all busy while the mode is active)
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
        p.sinceActivation = 0;
        p.times.reset();
        return p.epoch;
    }

    public synchronized long epoch(ScanMode mode) {
        return get(mode).epoch;
    }

    /**
     * A worker finished a slice of {@code mode}, assigned under {@code epoch}, in {@code nanos}.
     * {@code worker} identifies the reporting worker (the estimate does not depend on it).
     */
    public synchronized void record(ScanMode mode, long epoch, int worker, long nanos) {
        PerMode p = get(mode);
        p.completed++;
        if (epoch != p.epoch) return;
        p.sinceActivation++;
        if (p.warmupLeft > 0) {
            p.warmupLeft--;
            return;
        }
        p.times.add(nanos);
        p.measured++;
    }

    /** Throughputs in slices per second: the baseline's and the drift window's. */
    public synchronized ModeStats stats(ScanMode mode) {
        PerMode p = get(mode);
        return new ModeStats(p.rate(p.times.estimate()), p.rate(p.times.recent()), p.times.windowFull(), p.measured,
                p.sinceActivation);
    }

    /** Whether the mode's recent throughput is more than {@code delta} below its estimate. */
    public synchronized boolean drifted(ScanMode mode, double delta) {
        ModeStats s = stats(mode);
        return s.windowFull() && !Double.isNaN(s.estimate()) && s.recent() < (1 - delta) * s.estimate();
    }

    private PerMode get(ScanMode mode) {
        PerMode p = modes.get(mode);
        if (p == null) throw new IllegalArgumentException("mode " + mode + " is not enabled for this scan");
        return p;
    }
}
