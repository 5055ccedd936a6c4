package io.ascan.bench.harness;

import io.ascan.scan.policy.PolicyConfig;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Measurements grouped by query and variant, with what the summary and the plots derive from
 * them: medians, the run of median time, the oracle (best static strategy per query).
 */
public final class ResultTable {
    /** The strategies the oracle chooses from: one mode for the whole query (paper V-B). */
    public static final List<String> STATIC = List.of("direct", "staging", "pushdown");

    /** The best static strategy of a query under one configuration, by median time. */
    public record Oracle(String strategy, double millis) {}

    private record Key(String query, Variant variant) {}

    private final ExperimentPlan plan;
    private final Map<Key, List<Measurement>> byKey = new LinkedHashMap<>();

    public ResultTable(ExperimentPlan plan, List<Measurement> measurements) {
        this.plan = plan;
        for (Measurement m : measurements) byKey.computeIfAbsent(new Key(m.query(), m.variant()), k -> new ArrayList<>()).add(m);
    }

    public ExperimentPlan plan() {
        return plan;
    }

    public List<Measurement> runs(String query, Variant v) {
        return byKey.getOrDefault(new Key(query, v), List.of());
    }

    public List<Double> millis(String query, Variant v) {
        return runs(query, v).stream().map(Measurement::millis).toList();
    }

    /** Median time in ms; NaN when the variant did not run. */
    public double median(String query, Variant v) {
        List<Double> ms = millis(query, v);
        return ms.isEmpty() ? Double.NaN : Stats.median(ms);
    }

    /** The run whose time is the median (the lower middle one for an even count). */
    public Measurement medianRun(String query, Variant v) {
        List<Measurement> sorted = new ArrayList<>(runs(query, v));
        if (sorted.isEmpty()) return null;
        sorted.sort(Comparator.comparingDouble(Measurement::millis));
        return sorted.get((sorted.size() - 1) / 2);
    }

    /** The variants of {@code config}, in plan order. */
    public List<Variant> variants(Configuration config) {
        return plan.variants().stream().filter(v -> v.config().equals(config)).toList();
    }

    /**
     * One variant per strategy of {@code config}, in plan order. With a policy grid, adaptive is
     * represented by the cell with the engine's default parameters, or left out if the grid has none.
     */
    public List<Variant> mainVariants(Configuration config) {
        List<Variant> out = new ArrayList<>();
        for (Variant v : variants(config)) {
            if (v.policy() != null && plan.policyGrid() && !isDefault(v.policy())) continue;
            if (out.stream().noneMatch(o -> o.strategy().equals(v.strategy()))) out.add(v);
        }
        return out;
    }

    static boolean isDefault(PolicyParams p) {
        return p.nSample() == PolicyConfig.DEFAULTS.nSample() && p.delta() == PolicyConfig.DEFAULTS.delta();
    }

    public Variant variant(Configuration config, String strategy) {
        return mainVariants(config).stream().filter(v -> v.strategy().equals(strategy)).findFirst().orElse(null);
    }

    public Oracle oracle(String query, Configuration config) {
        Oracle best = null;
        for (String s : STATIC) {
            Variant v = variant(config, s);
            if (v == null) continue;
            double ms = median(query, v);
            if (!Double.isNaN(ms) && (best == null || ms < best.millis())) best = new Oracle(s, ms);
        }
        return best;
    }
}
