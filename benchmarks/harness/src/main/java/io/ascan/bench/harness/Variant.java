package io.ascan.bench.harness;

/**
 * One way to run every query: a strategy (the {@code mode} setting) under a configuration, with
 * the policy parameters when the strategy is adaptive ({@code null} otherwise: no other strategy
 * reads them).
 */
public record Variant(String strategy, Configuration config, PolicyParams policy) {
    public Variant {
        if (strategy.equals("adaptive") != (policy != null)) {
            throw new IllegalArgumentException("policy parameters belong to adaptive variants only: " + strategy);
        }
    }

    /** Strategy plus policy parameters when they are part of a grid: "adaptive n=350 δ=0.15". */
    public String label(boolean withPolicy) {
        return withPolicy && policy != null ? strategy + " " + policy.label() : strategy;
    }
}
