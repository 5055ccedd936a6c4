package io.ascan.scan.policy;

/**
 * Throughput of one mode as a window of the latest measurements plus an EWMA of the older ones.
 *
 * <p>The EWMA is fed only with measurements as they leave the window, so it is a baseline that
 * lags the window by its length. Compared with an EWMA over the same samples as the window, a
 * sustained drop of d shows up as a window mean (1 - d) times the baseline once the window has
 * refilled, rather than being half absorbed by the EWMA already; the paper's "windowed mean more
 * than delta below the EWMA" then fires for any sustained drop larger than delta.
 */
public final class DriftDetector {
    private final double[] window;
    private final double alpha;
    private int size;
    private int next;
    private double sum;
    private double ewma = Double.NaN;

    public DriftDetector(int windowSize, double alpha) {
        if (windowSize < 1) throw new IllegalArgumentException("drift window must hold at least one measurement");
        if (!(alpha > 0 && alpha <= 1)) throw new IllegalArgumentException("policy.alpha must be in (0, 1], got " + alpha);
        this.window = new double[windowSize];
        this.alpha = alpha;
    }

    public void add(double x) {
        if (size == window.length) {
            double leaving = window[next];
            sum -= leaving;
            ewma = Double.isNaN(ewma) ? leaving : alpha * leaving + (1 - alpha) * ewma;
        } else {
            size++;
        }
        window[next] = x;
        sum += x;
        next = (next + 1) % window.length;
    }

    public double estimate() {
        return ewma;
    }

    public double windowMean() {
        return size == 0 ? Double.NaN : sum / size;
    }

    public boolean windowFull() {
        return size == window.length;
    }

    /** Whether the window mean is more than {@code delta} below the baseline. */
    public boolean drifted(double delta) {
        return windowFull() && !Double.isNaN(ewma) && windowMean() < (1 - delta) * ewma;
    }

    public void reset() {
        size = 0;
        next = 0;
        sum = 0;
        ewma = Double.NaN;
    }
}
