package io.ascan.bench.harness;

import java.util.List;

/**
 * Everything one {@code ascan bench ascan} invocation measures: every query under every variant,
 * {@code runs} times after one warm-up run.
 *
 * @param experiment the paper figure this plan reproduces ("fig4"...), or null for a custom run
 * @param sliceRows  rows per slice of the generated tables (0: the generator's default)
 * @param timeline   whether to keep each run's per-slice mode timeline
 * @param settings   further engine settings for every engine ({@code --set}, e.g. cache.bytes)
 */
public record ExperimentPlan(String experiment, Workload workload, DataSize size, List<String> queries,
                             List<Variant> variants, int runs, int sliceRows, boolean timeline,
                             java.util.Map<String, String> settings) {
    public ExperimentPlan {
        queries = List.copyOf(queries);
        variants = List.copyOf(variants);
        settings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(settings));
        if (queries.isEmpty() || variants.isEmpty()) throw new IllegalArgumentException("nothing to run");
        if (runs < 1) throw new IllegalArgumentException("--runs must be at least 1, got " + runs);
        if (sliceRows < 0) throw new IllegalArgumentException("--slice-rows must not be negative, got " + sliceRows);
    }

    /** Timed executions including the warm-ups. */
    public int executions() {
        return queries.size() * variants.size() * (runs + 1);
    }

    /** The configurations in first-seen order. */
    public List<Configuration> configurations() {
        return variants.stream().map(Variant::config).distinct().toList();
    }

    /** Whether adaptive runs under more than one set of policy parameters (the Fig. 6b grid). */
    public boolean policyGrid() {
        return variants.stream().map(Variant::policy).filter(p -> p != null).distinct().count() > 1;
    }
}
