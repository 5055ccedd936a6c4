package io.ascan.scan.policy;

/**
 * What the scheduler knows about one mode's end-to-end throughput, in slices per second.
 *
 * @param estimate    smoothed throughput (the baseline, one drift window behind), NaN if none
 * @param recent      throughput over the most recent measurements (the drift window), NaN if none
 * @param windowFull  whether the drift window holds its full number of measurements
 * @param measured    measurements counted since the mode was last activated (warm-up excluded)
 * @param completed   slices of the mode completed since it was last activated (warm-up included): none yet
 *                    means its pipeline has not filled
 */
public record ModeStats(double estimate, double recent, boolean windowFull, long measured, long completed) {
    public static final ModeStats NONE = new ModeStats(Double.NaN, Double.NaN, false, 0, 0);

    /** Stats in which every completion after the warm-up was measured. */
    public ModeStats(double estimate, double recent, boolean windowFull, long measured) {
        this(estimate, recent, windowFull, measured, measured);
    }

    /** The best current guess of the mode's throughput: the estimate, else the window's. */
    public double throughput() {
        return Double.isNaN(estimate) ? recent : estimate;
    }
}
