package io.ascan.bench.harness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code summary.md}: per configuration, each query's median time per strategy normalised to
 * direct, the oracle (best static strategy of the query), adaptive ÷ oracle, and the geometric
 * means of those ratios over the queries (paper V-B); then what the adaptive and back-pressure
 * schedulers did, and — where the plan has them — configurations side by side, the hog's
 * slowdowns and the policy-parameter grid.
 */
public final class StrategySummary {
    private StrategySummary() {}

    public static String render(ResultTable table, ExperimentRunner.Outcome outcome) {
        ExperimentPlan plan = table.plan();
        StringBuilder sb = new StringBuilder();
        sb.append("# ascan bench ascan: ").append(plan.workload().label()).append(", ").append(plan.size().describe());
        if (plan.experiment() != null) sb.append(" (").append(plan.experiment()).append(")");
        sb.append("\n\n");
        sb.append(String.format(Locale.ROOT, "%d measured run(s) per query and variant after one warm-up, interleaved; "
                + "every figure is a median over the runs. Times are execution times of prepared queries, result "
                + "rows consumed, in ms.%n%n", plan.runs()));
        sb.append("Topology: ").append(outcome.topology()).append(". ");
        long minSlices = outcome.measurements().stream().mapToLong(Measurement::largestScanSlices).min().orElse(0);
        long maxSlices = outcome.measurements().stream().mapToLong(Measurement::largestScanSlices).max().orElse(0);
        sb.append("Slices of each query's largest scan: ").append(minSlices == maxSlices ? "" + minSlices : minSlices + "–" + maxSlices);
        if (plan.sliceRows() > 0) sb.append(" (slices of ").append(plan.sliceRows()).append(" rows)");
        sb.append(".\n");
        if (!plan.settings().isEmpty()) {
            sb.append("Engine settings: ").append(String.join(", ", plan.settings().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).toList())).append(".\n");
        }
        if (outcome.hogCpus().length > 0) {
            sb.append(String.format(Locale.ROOT, "Bandwidth hog: %d thread(s) pinned to storage CPUs %s, streaming %.2f GB/s "
                    + "(read + written) while on.%n", outcome.hogCpus().length, Arrays.toString(outcome.hogCpus()),
                    outcome.hogBytesPerSecond() / 1e9));
        }
        for (String w : outcome.warnings()) sb.append("\n**Warning:** ").append(w).append('\n');
        for (Configuration c : plan.configurations()) {
            sb.append("\n## ").append(c.label()).append("\n\n").append(c.describe()).append(".\n\n");
            strategyTable(sb, table, c);
            decisions(sb, table, c);
            if (plan.policyGrid()) sensitivity(sb, table, c);
        }
        if (plan.configurations().size() > 1) configurations(sb, table);
        hogSlowdowns(sb, table);
        return sb.toString();
    }

    private static void strategyTable(StringBuilder sb, ResultTable t, Configuration c) {
        List<Variant> main = t.mainVariants(c);
        Variant direct = t.variant(c, "direct");
        boolean hasAdaptive = t.variant(c, "adaptive") != null;
        boolean hasOracle = ResultTable.STATIC.stream().anyMatch(s -> t.variant(c, s) != null);
        List<String> head = new ArrayList<>(List.of("query"));
        if (direct != null) {
            head.add("direct ms");
            for (Variant v : main) head.add(v.strategy() + " ÷ direct");
            if (hasOracle) head.add("oracle ÷ direct");
        } else {
            for (Variant v : main) head.add(v.strategy() + " ms");
            if (hasOracle) head.add("oracle ms");
        }
        if (hasOracle) head.add("oracle");
        if (hasOracle && hasAdaptive) head.add("adaptive ÷ oracle");
        sb.append(direct != null ? "Median time of each strategy ÷ median time of direct.\n\n"
                : "No direct runs to normalise to: median times in ms.\n\n");
        row(sb, head);
        row(sb, head.stream().map(h -> h.equals("query") || h.equals("oracle") ? "---" : "---:").toList());
        List<List<Double>> columns = new ArrayList<>();
        for (int i = 0; i < main.size() + 2; i++) columns.add(new ArrayList<>());
        for (String q : t.plan().queries()) {
            List<String> cells = new ArrayList<>(List.of(q));
            double d = direct == null ? Double.NaN : t.median(q, direct);
            if (direct != null) cells.add(ms(d));
            for (int i = 0; i < main.size(); i++) {
                double m = t.median(q, main.get(i));
                double value = direct != null ? m / d : m;
                cells.add(direct != null ? ratio(value) : ms(value));
                if (direct != null) columns.get(i).add(value);
            }
            if (hasOracle) {
                ResultTable.Oracle o = t.oracle(q, c);
                double value = direct != null ? o.millis() / d : o.millis();
                cells.add(direct != null ? ratio(value) : ms(value));
                cells.add(o.strategy());
                if (direct != null) columns.get(main.size()).add(value);
                if (hasAdaptive) {
                    double a = t.median(q, t.variant(c, "adaptive")) / o.millis();
                    cells.add(ratio(a));
                    columns.get(main.size() + 1).add(a);
                }
            }
            row(sb, cells);
        }
        List<String> geo = new ArrayList<>(List.of("**geomean**"));
        if (direct != null) {
            geo.add("");
            for (int i = 0; i < main.size(); i++) geo.add(bold(Stats.geomean(columns.get(i))));
            if (hasOracle) {
                geo.add(bold(Stats.geomean(columns.get(main.size()))));
                geo.add("");
            }
        } else {
            for (int i = 0; i < main.size(); i++) geo.add("");
            if (hasOracle) geo.addAll(List.of("", ""));
        }
        if (hasOracle && hasAdaptive) geo.add(bold(Stats.geomean(columns.get(main.size() + 1))));
        row(sb, geo);
        sb.append('\n');
    }

    /** What the non-static schedulers did in their median run. */
    private static void decisions(StringBuilder sb, ResultTable t, Configuration c) {
        List<Variant> dynamic = t.mainVariants(c).stream().filter(v -> !ResultTable.STATIC.contains(v.strategy())).toList();
        if (dynamic.isEmpty()) return;
        sb.append("Scheduler decisions in the median run (slices per mode summed over the query's scans):\n\n");
        row(sb, List.of("query", "strategy", "slices direct", "slices staging", "slices pushdown", "switches", "sampling", "bytes moved"));
        row(sb, List.of("---", "---", "---:", "---:", "---:", "---:", "---:", "---:"));
        for (String q : t.plan().queries()) {
            for (Variant v : dynamic) {
                Measurement m = t.medianRun(q, v);
                row(sb, List.of(q, v.strategy(), "" + m.slicesDirect(), "" + m.slicesStaging(), "" + m.slicesPushdown(),
                        "" + m.switches(), String.format(Locale.ROOT, "%.1f%%", 100 * m.samplingFraction()), "" + m.bytesMoved()));
            }
        }
        sb.append('\n');
    }

    /** The Fig. 6b grid: adaptive ÷ oracle (or ms) per policy.nSample × policy.delta; * marks CV > 10%. */
    private static void sensitivity(StringBuilder sb, ResultTable t, Configuration c) {
        List<Variant> cells = t.variants(c).stream().filter(v -> v.policy() != null).toList();
        List<Integer> ns = cells.stream().map(v -> v.policy().nSample()).distinct().sorted().toList();
        List<Double> ds = cells.stream().map(v -> v.policy().delta()).distinct().sorted().toList();
        for (String q : t.plan().queries()) {
            ResultTable.Oracle o = t.oracle(q, c);
            sb.append("Sensitivity, ").append(q).append(": adaptive ").append(o == null ? "median ms" : "÷ oracle (" + o.strategy() + ")")
                    .append(" per policy.nSample (rows) × policy.delta (columns); * = coefficient of variation over the runs > 10%.\n\n");
            List<String> head = new ArrayList<>(List.of("nSample \\ delta"));
            for (double d : ds) head.add(Units.decimal(d));
            row(sb, head);
            row(sb, head.stream().map(h -> "---:").toList());
            for (int n : ns) {
                List<String> r = new ArrayList<>(List.of("" + n));
                for (double d : ds) {
                    Variant v = cells.stream().filter(x -> x.policy().nSample() == n && x.policy().delta() == d).findFirst().orElse(null);
                    if (v == null) {
                        r.add("");
                        continue;
                    }
                    double m = t.median(q, v);
                    r.add((o == null ? ms(m) : ratio(m / o.millis())) + (Stats.cv(t.millis(q, v)) > 0.10 ? "*" : ""));
                }
                row(sb, r);
            }
            sb.append('\n');
        }
    }

    /** Fig. 7–9 as a table: median ms per configuration and strategy, per query. */
    private static void configurations(StringBuilder sb, ResultTable t) {
        List<Configuration> configs = t.plan().configurations();
        List<String> strategies = t.plan().variants().stream().map(Variant::strategy).distinct().toList();
        sb.append("\n## Configurations compared\n\nMedian ms per configuration (rows) and strategy (columns).\n\n");
        for (String q : t.plan().queries()) {
            sb.append("**").append(q).append("**\n\n");
            List<String> head = new ArrayList<>(List.of("configuration"));
            head.addAll(strategies);
            row(sb, head);
            row(sb, head.stream().map(h -> h.equals("configuration") ? "---" : "---:").toList());
            for (Configuration c : configs) {
                List<String> r = new ArrayList<>(List.of(c.label()));
                for (String s : strategies) {
                    Variant v = t.variant(c, s);
                    r.add(v == null ? "" : ms(t.median(q, v)));
                }
                row(sb, r);
            }
            sb.append('\n');
        }
    }

    /** Fig. 9's reading: each strategy's median with the hog ÷ without, where both ran. */
    private static void hogSlowdowns(StringBuilder sb, ResultTable t) {
        List<Configuration> on = t.plan().configurations().stream().filter(Configuration::hog).toList();
        List<String[]> rows = new ArrayList<>();
        for (Configuration c : on) {
            Configuration off = new Configuration(c.storageThreads(), c.computeThreads(), c.interconnect(), false);
            if (!t.plan().configurations().contains(off)) continue;
            for (String q : t.plan().queries()) {
                for (Variant v : t.mainVariants(c)) {
                    Variant quiet = t.variant(off, v.strategy());
                    if (quiet == null) continue;
                    rows.add(new String[] {q, off.label(), v.strategy(), ratio(t.median(q, v) / t.median(q, quiet))});
                }
            }
        }
        if (rows.isEmpty()) return;
        sb.append("\n## Interference\n\nMedian time with the bandwidth hog ÷ without it.\n\n");
        row(sb, List.of("query", "configuration", "strategy", "hog ÷ no hog"));
        row(sb, List.of("---", "---", "---", "---:"));
        for (String[] r : rows) row(sb, List.of(r));
        sb.append('\n');
    }

    private static void row(StringBuilder sb, List<String> cells) {
        sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }

    static String ms(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.1f", v);
    }

    static String ratio(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String bold(double v) {
        return Double.isNaN(v) ? "" : "**" + ratio(v) + "**";
    }
}
