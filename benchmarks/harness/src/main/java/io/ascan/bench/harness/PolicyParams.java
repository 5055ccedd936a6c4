package io.ascan.bench.harness;

import java.util.Locale;

/** {@code policy.nSample} and {@code policy.delta} of the throughput-guided (adaptive) policy. */
public record PolicyParams(int nSample, double delta) {
    public PolicyParams {
        if (nSample < 1) throw new IllegalArgumentException("--nsample must be at least 1, got " + nSample);
        if (!(delta > 0 && delta < 1)) throw new IllegalArgumentException("--delta must be in (0, 1), got " + delta);
    }

    public String label() {
        return String.format(Locale.ROOT, "n=%d δ=%s", nSample, Units.decimal(delta));
    }
}
