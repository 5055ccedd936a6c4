package io.ascan.bench;

import io.ascan.bench.harness.Stats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code summary.md} of {@code ascan bench duckdb}: per temperature and query the medians, ascan ÷ DuckDB, their geometric mean. */
final class DuckDbSummary {
    /** One row of results.csv. */
    record Row(String workload, String query, String engine, String temperature, int run, double millis, long rows) {
        String csv() {
            return String.join(",", workload, query, engine, temperature, "" + run, String.format(Locale.ROOT, "%.3f", millis), "" + rows);
        }
    }

    static final String HEADER = "workload,query,engine,temperature,run,millis,rows";
    /** A time of 0 (a clock's granularity) would break the geometric mean. */
    private static final double FLOOR_MS = 0.001;

    private DuckDbSummary() {}

    static String render(String workload, String sf, int threads, List<Row> rows, List<String> notes) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "# ascan vs DuckDB: %s SF %s, %d threads each%n%n", workload, sf, threads));
        sb.append("Medians over the runs; the engines alternate run by run. hot: after the warm-up runs (--warmup), each engine kept "
                + "open. cold: before every run the page cache is dropped and a fresh engine instance opened (opening "
                + "it is not timed). Times in ms.\n");
        for (String n : notes) sb.append("\n").append(n).append("\n");
        for (String temperature : List.of("hot", "cold")) {
            Map<String, List<Double>> ascan = new LinkedHashMap<>(), duck = new LinkedHashMap<>();
            for (Row r : rows) {
                if (!r.temperature().equals(temperature)) continue;
                (r.engine().equals("ascan") ? ascan : duck).computeIfAbsent(r.query(), k -> new ArrayList<>()).add(r.millis());
            }
            if (ascan.isEmpty()) continue;
            sb.append("\n## ").append(temperature).append("\n\n| query | ascan ms | duckdb ms | ascan ÷ duckdb |\n|---|---:|---:|---:|\n");
            List<Double> ratios = new ArrayList<>();
            for (String q : ascan.keySet()) {
                double a = Math.max(FLOOR_MS, Stats.median(ascan.get(q))), d = Math.max(FLOOR_MS, Stats.median(duck.get(q)));
                sb.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.3f |%n", q, a, d, a / d));
                ratios.add(a / d);
            }
            sb.append(String.format(Locale.ROOT, "%n**Geometric mean of ascan ÷ duckdb (%s): %.3f** over %d queries%n",
                    temperature, Stats.geomean(ratios), ratios.size()));
        }
        return sb.toString();
    }
}
