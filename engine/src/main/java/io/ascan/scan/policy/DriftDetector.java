package io.ascan.scan.policy;

import java.util.Arrays;

/**
 * One mode's measurements (slice times, see {@code ThroughputTracker}) as a window of the latest
 * ones and a baseline of the older ones, for the paper's drift check (IV-D): the window against
 * an EWMA.
 *
 * <p>Both sides are medians. Slice times on a busy machine are heavy-tailed, and their stalls come
 * in groups: when the consumer is descheduled or the JVM pauses, every worker's slice waits at
 * once. A window mean reads one such pause as drift; a window median moves only when most of the
 * window moved, which is what a sustained change does.
 *
 * <p>The baseline is an EWMA of window medians delayed by the window's length, so it lags the
 * window by one window: a sustained change of d shows up in full in the window once it has
 * refilled, rather than being partly absorbed by the baseline already, and the check then fires
 * for any sustained drop larger than delta. The baseline exists after two windows' worth of
 * measurements.
 */
public final class DriftDetector {
    private final double[] window;
    private final double[] medians; // the last window-length window medians, oldest next
    private final double[] sorted;
    private final double alpha;
    private int size;
    private int next;
    private int mediansSize;
    private int mediansNext;
    private double ewma = Double.NaN;

    public DriftDetector(int windowSize, double alpha) {
        if (windowSize < 1) throw new IllegalArgumentException("drift window must hold at least one measurement");
        if (!(alpha > 0 && alpha <= 1)) throw new IllegalArgumentException("policy.alpha must be in (0, 1], got " + alpha);
        this.window = new double[windowSize];
        this.medians = new double[windowSize];
        this.sorted = new double[windowSize];
        this.alpha = alpha;
    }

    public void add(double x) {
        window[next] = x;
        next = (next + 1) % window.length;
        if (size < window.length) size++;
        if (size < window.length) return;
        double m = recent();
        if (mediansSize == medians.length) {
            double delayed = medians[mediansNext];
            ewma = Double.isNaN(ewma) ? delayed : alpha * delayed + (1 - alpha) * ewma;
        } else {
            mediansSize++;
        }
        medians[mediansNext] = m;
        mediansNext = (mediansNext + 1) % medians.length;
    }

    /** The baseline: EWMA of window medians one window old; NaN until two windows were measured. */
    public double estimate() {
        return ewma;
    }

    /** Median of the window's measurements, NaN if none. */
    public double recent() {
        if (size == 0) return Double.NaN;
        System.arraycopy(window, 0, sorted, 0, size);
        Arrays.sort(sorted, 0, size);
        return size % 2 == 1 ? sorted[size / 2] : (sorted[size / 2 - 1] + sorted[size / 2]) / 2;
    }

    public boolean windowFull() {
        return size == window.length;
    }

    public void reset() {
        size = 0;
        next = 0;
        mediansSize = 0;
        mediansNext = 0;
        ewma = Double.NaN;
    }
}
