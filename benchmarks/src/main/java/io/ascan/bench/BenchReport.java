package io.ascan.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Results files of the harness: CSV rows and Markdown summaries. */
final class BenchReport {
    private BenchReport() {}

    static void writeCsv(Path file, String header, List<String[]> rows) throws IOException {
        StringBuilder sb = new StringBuilder(header).append('\n');
        for (String[] r : rows) sb.append(String.join(",", r)).append('\n');
        Files.writeString(file, sb.toString());
    }

    static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** Per query: median ms of each engine and ascan / duckdb; the geometric mean of the ratios. */
    static String duckDbSummary(String workload, String sf, int threads, List<String[]> rows) {
        Map<String, List<Double>> ascan = new LinkedHashMap<>(), duck = new LinkedHashMap<>();
        for (String[] r : rows) {
            (r[2].equals("ascan") ? ascan : duck).computeIfAbsent(r[1], k -> new ArrayList<>()).add(Double.parseDouble(r[5]));
        }
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "# ascan vs DuckDB: %s SF %s, %d threads, hot, median of runs%n%n", workload, sf, threads));
        sb.append("| query | ascan ms | duckdb ms | ascan / duckdb |\n|---|---:|---:|---:|\n");
        double logSum = 0;
        int n = 0;
        for (String q : ascan.keySet()) {
            double a = Math.max(1, median(ascan.get(q))), d = Math.max(1, median(duck.get(q)));
            sb.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.2f |%n", q, a, d, a / d));
            logSum += Math.log(a / d);
            n++;
        }
        sb.append(String.format(Locale.ROOT, "%n**Geometric mean of ascan / duckdb: %.2f** (%d queries; times under 1 ms count as 1 ms)%n",
                Math.exp(logSum / Math.max(n, 1)), n));
        return sb.toString();
    }

}
