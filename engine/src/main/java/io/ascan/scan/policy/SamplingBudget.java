package io.ascan.scan.policy;

/**
 * How many slices one mode gets per sampling round.
 *
 * <p>The paper samples N_sample = 350 slices per mode on scans of ~23k slices: about 1.5% per mode,
 * some 5% of the scan per round. Tables here have far fewer slices (SSB SF 1 in 16k-row slices:
 * ~370), where 350 per mode would mean never leaving sampling. So a round aims at the paper's
 * share, {@link #TARGET_ROUND_FRACTION} of the scan's slices split evenly over the modes, but never
 * below what a useful sample needs (below), and never above {@code maxSampleFraction} of the scan
 * or {@code nSample} per mode. (A sample shorter than the warm-up plus two drift windows gives
 * estimates noisy enough to trigger re-sampling: that is the floor below the target.) Sampling slices still do useful work, in a possibly slower mode,
 * so the cost of a round is at most its fraction times the worst mode's slowdown: a small round
 * matters because the worst mode can be several times slower than the best.
 *
 * <p>A sample is useful only if it measures something after the warm-up (k completions, which
 * reflect a queue still filling) and fills the drift window once. When the capped burst cannot
 * afford k + window slices, the scan is too small to sample within its bound and the policy does
 * not sample at all.
 */
public record SamplingBudget(int perMode, boolean sample) {
    /** The share of a scan one round aims at: the paper's 350 slices x 3 modes of ~23k. */
    public static final double TARGET_ROUND_FRACTION = 0.05;

    public static SamplingBudget of(PolicyConfig config, long totalSlices, int modes, int warmup) {
        int m = Math.max(modes, 1);
        long capped = (long) Math.floor(config.maxSampleFraction() * totalSlices / m);
        long needed = (long) warmup + config.window();
        // A useful sample: the warm-up, then two windows of measurements, so the estimate is not one window's noise.
        long useful = needed + config.window();
        long target = Math.max(useful, (long) Math.floor(TARGET_ROUND_FRACTION * totalSlices / m));
        long perMode = Math.min(config.nSample(), Math.min(capped, target));
        if (modes < 2 || perMode < needed) return new SamplingBudget(0, false);
        return new SamplingBudget((int) perMode, true);
    }

    /** Measurements (after warm-up) that complete one mode's sample. */
    public int measurementsPerMode(int warmup) {
        return Math.max(1, perMode - warmup);
    }

    /** Slices one full round takes. */
    public long roundSlices(int modes) {
        return (long) perMode * modes;
    }
}
