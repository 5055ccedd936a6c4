package io.ascan.scan.policy;

/**
 * How many slices one mode gets per sampling round.
 *
 * <p>The paper samples N_sample = 350 slices per mode on scans of ~23k slices: about 1.5% per mode.
 * A table of 2 MiB segments has far fewer slices (SSB SF 10 lineorder: ~230), where 350 per mode
 * would mean never leaving sampling. So a round is capped at {@code maxSampleFraction} of the
 * scan's slices, split evenly over the modes. Sampling slices still do useful work, in a possibly
 * slower mode, so this caps the cost of a round at that fraction times the worst mode's slowdown.
 *
 * <p>A sample is useful only if it measures something after the warm-up (k completions, which
 * reflect a queue still filling) and fills the drift window once. When the capped burst cannot
 * afford k + window slices, the scan is too small to sample within its bound and the policy does
 * not sample at all.
 */
public record SamplingBudget(int perMode, boolean sample) {
    public static SamplingBudget of(PolicyConfig config, long totalSlices, int modes, int warmup) {
        long capped = (long) Math.floor(config.maxSampleFraction() * totalSlices / Math.max(modes, 1));
        long perMode = Math.min(config.nSample(), capped);
        long needed = (long) warmup + config.window();
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
