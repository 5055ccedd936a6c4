package io.ascan.scan.policy;

/**
 * Parameters of the throughput-guided policy (configuration names {@code policy.*}).
 *
 * @param nSample          slices routed to each mode per sampling round (paper: 350)
 * @param delta            drift threshold: resample when the window mean falls this fraction below the estimate
 * @param alpha            EWMA weight of the newest measurement (paper: 0.2)
 * @param window           measurements in the drift window
 * @param hysteresis       after resampling, switch away from the current mode only if the best
 *                         alternative is faster by more than this fraction (paper III-E)
 * @param maxSampleFraction upper bound on the fraction of a scan's slices a sampling round may take
 */
public record PolicyConfig(int nSample, double delta, double alpha, int window, double hysteresis,
                           double maxSampleFraction) {
    public static final PolicyConfig DEFAULTS = new PolicyConfig(350, 0.15, 0.2, 8, 0.05, 0.25);

    public PolicyConfig {
        if (nSample < 1) throw new IllegalArgumentException("policy.nSample must be at least 1, got " + nSample);
        if (!(delta > 0 && delta < 1)) throw new IllegalArgumentException("policy.delta must be in (0, 1), got " + delta);
        if (!(alpha > 0 && alpha <= 1)) throw new IllegalArgumentException("policy.alpha must be in (0, 1], got " + alpha);
        if (window < 1) throw new IllegalArgumentException("policy.window must be at least 1, got " + window);
        if (hysteresis < 0) throw new IllegalArgumentException("policy.hysteresis must not be negative");
        if (!(maxSampleFraction > 0 && maxSampleFraction <= 1)) {
            throw new IllegalArgumentException("policy.maxSampleFraction must be in (0, 1], got " + maxSampleFraction);
        }
    }

    public PolicyConfig withNSample(int n) {
        return new PolicyConfig(n, delta, alpha, window, hysteresis, maxSampleFraction);
    }

    public PolicyConfig withDelta(double d) {
        return new PolicyConfig(nSample, d, alpha, window, hysteresis, maxSampleFraction);
    }
}
