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
 * @param linkClock        {@code policy.clock=link}: slices and samples are timed by the emulated
 *                         interconnect's clock (the time its charged bytes take at its bandwidth),
 *                         not the wall clock, so that a busy machine does not change what the policy
 *                         measures; without emulation the wall clock
 * @param kind             {@code policy.kind}: which adaptive policy the {@code adaptive} mode runs
 */
public record PolicyConfig(int nSample, double delta, double alpha, int window, double hysteresis,
                           double maxSampleFraction, boolean linkClock, Kind kind) {
    public static final PolicyConfig DEFAULTS = new PolicyConfig(350, 0.15, 0.2, 8, 0.05, 0.25);

    /** The adaptive policies: {@code prior} (the default) and the paper's {@code throughput}. */
    public enum Kind {
        /** {@link PriorGuidedPolicy}: a cost-model or remembered prior, sampling only the modes it cannot rule out. */
        PRIOR,
        /** {@link ThroughputGuidedPolicy}: the paper's, sampling every mode in turn. */
        THROUGHPUT;

        public static Kind parse(String v) {
            for (Kind k : values()) if (k.name().equalsIgnoreCase(v.trim())) return k;
            throw new IllegalArgumentException("policy.kind must be prior or throughput, got '" + v + "'");
        }
    }

    /** Timed by the wall clock. */
    public PolicyConfig(int nSample, double delta, double alpha, int window, double hysteresis, double maxSampleFraction) {
        this(nSample, delta, alpha, window, hysteresis, maxSampleFraction, false, Kind.PRIOR);
    }

    public PolicyConfig {
        java.util.Objects.requireNonNull(kind, "policy.kind");
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
        return new PolicyConfig(n, delta, alpha, window, hysteresis, maxSampleFraction, linkClock, kind);
    }

    public PolicyConfig withDelta(double d) {
        return new PolicyConfig(nSample, d, alpha, window, hysteresis, maxSampleFraction, linkClock, kind);
    }

    public PolicyConfig withAlpha(double a) {
        return new PolicyConfig(nSample, delta, a, window, hysteresis, maxSampleFraction, linkClock, kind);
    }

    public PolicyConfig withLinkClock(boolean link) {
        return new PolicyConfig(nSample, delta, alpha, window, hysteresis, maxSampleFraction, link, kind);
    }

    public PolicyConfig withKind(Kind k) {
        return new PolicyConfig(nSample, delta, alpha, window, hysteresis, maxSampleFraction, linkClock, k);
    }
}
