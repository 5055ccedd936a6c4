package io.ascan.bench.harness;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * The files of {@code ascan bench remote}: results.csv (one row per timed run), streaming.csv,
 * summary.md (per link the median time of each mode, adaptive ÷ the better of pull-up and
 * pushdown, the bytes over the network; the streaming rates) and the plots.
 */
public final class RemoteReport {
    public static final String RESULTS_HEADER = "workload,query,mode,link,shaping,storage_threads,compute_threads,run,millis,rows,"
            + "answer,bytes_network,slices_direct,slices_pushdown,switches";
    public static final String STREAMING_HEADER = "table,source,threads,run,segment_bytes,moved_bytes,millis,mb_per_s";

    private final RemoteBenchRunner.Plan plan;
    private final RemoteBenchRunner.Outcome outcome;

    public RemoteReport(RemoteBenchRunner.Plan plan, RemoteBenchRunner.Outcome outcome) {
        this.plan = plan;
        this.outcome = outcome;
    }

    /** Writes every file; returns their names. */
    public List<String> write(Path out, String node, String data) throws IOException {
        List<String> files = new ArrayList<>(List.of("results.csv"));
        try (Writer w = Files.newBufferedWriter(out.resolve("results.csv"))) {
            w.write(RESULTS_HEADER + "\n");
            for (RemoteBenchRunner.Result r : outcome.results()) {
                Measurement m = r.m();
                w.write(String.join(",", plan.workload(), m.query(), m.strategy(), r.link().label(), r.shaping(),
                        "" + plan.storageThreads(), "" + plan.computeThreads(), "" + m.run(), String.format(Locale.ROOT, "%.3f", m.millis()),
                        "" + m.rows(), r.answer(), "" + m.bytesMoved(), "" + m.slicesDirect(), "" + m.slicesPushdown(), "" + m.switches()) + "\n");
            }
        }
        if (!outcome.streaming().isEmpty()) {
            files.add("streaming.csv");
            try (Writer w = Files.newBufferedWriter(out.resolve("streaming.csv"))) {
                w.write(STREAMING_HEADER + "\n");
                for (SegmentStreaming.Pass p : outcome.streaming()) {
                    w.write(String.join(",", plan.streamTable(), p.source(), "" + plan.streamThreads(), "" + p.run(), "" + p.segmentBytes(),
                            "" + p.movedBytes(), String.format(Locale.ROOT, "%.3f", p.millis()),
                            String.format(Locale.ROOT, "%.1f", p.megabytesPerSecond())) + "\n");
                }
            }
        }
        Files.writeString(out.resolve("summary.md"), summary(node, data));
        files.add("summary.md");
        for (RemoteLink link : plan.links()) files.addAll(timeChart(out, link));
        files.addAll(bytesChart(out));
        return files;
    }

    /** Median ms of the query's runs in {@code mode} over {@code link}; NaN if it did not run. */
    double median(String query, String mode, RemoteLink link) {
        List<Double> ms = runs(query, mode, link).stream().map(Measurement::millis).toList();
        return ms.isEmpty() ? Double.NaN : Stats.median(ms);
    }

    /** Median bytes over the network. */
    double medianBytes(String query, String mode, RemoteLink link) {
        List<Long> b = runs(query, mode, link).stream().map(Measurement::bytesMoved).toList();
        return b.isEmpty() ? Double.NaN : Stats.median(b);
    }

    private List<Measurement> runs(String query, String mode, RemoteLink link) {
        return outcome.results().stream().filter(r -> r.link().equals(link) && r.m().query().equals(query)
                && r.m().strategy().equals(mode)).map(RemoteBenchRunner.Result::m).toList();
    }

    public String summary(String node, String data) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "# Remote storage node: %s%n%n", data));
        sb.append("Node: ").append(node).append(". Compute side: this process, compute.threads ").append(plan.computeThreads())
                .append(", storage.threads ").append(plan.storageThreads()).append(". Medians over ").append(plan.runs())
                .append(" run(s) after a warm-up, modes interleaved. pull-up is mode=direct. MB: bytes over the network "
                        + "(segments or batches, plus requests; EXPLAIN ANALYZE's bytes moved), median, 10^6 bytes.\n");
        boolean haveBoth = plan.modes().contains("direct") && plan.modes().contains("pushdown");
        for (String w : outcome.warnings()) sb.append("\n**Warning:** ").append(w).append('\n');
        for (RemoteLink link : plan.links()) {
            String shaping = !link.limited() ? "none" : outcome.results().stream().filter(r -> r.link().equals(link))
                    .map(RemoteBenchRunner.Result::shaping).findFirst().orElse("none");
            sb.append("\n## link ").append(link.label()).append(link.limited() ? " (" + RemoteBenchRunner.shapingText(shaping) + ")" : " (no limit)")
                    .append("\n\n| query |");
            for (String m : plan.modes()) sb.append(' ').append(label(m)).append(" ms |");
            if (haveBoth && plan.modes().contains("adaptive")) sb.append(" adaptive ÷ best |");
            for (String m : plan.modes()) sb.append(' ').append(label(m)).append(" MB |");
            sb.append("\n|---|").append("---:|".repeat(plan.modes().size() * 2 + (haveBoth && plan.modes().contains("adaptive") ? 1 : 0))).append('\n');
            List<Double> ratios = new ArrayList<>(), pushdownOverPullUp = new ArrayList<>();
            for (String q : plan.queries()) {
                sb.append("| ").append(q).append(" |");
                for (String m : plan.modes()) sb.append(String.format(Locale.ROOT, " %.1f |", median(q, m, link)));
                if (haveBoth) {
                    double best = Math.min(median(q, "direct", link), median(q, "pushdown", link));
                    pushdownOverPullUp.add(median(q, "pushdown", link) / median(q, "direct", link));
                    if (plan.modes().contains("adaptive")) {
                        double ratio = median(q, "adaptive", link) / best;
                        ratios.add(ratio);
                        sb.append(String.format(Locale.ROOT, " %.3f |", ratio));
                    }
                }
                for (String m : plan.modes()) sb.append(String.format(Locale.ROOT, " %.1f |", medianBytes(q, m, link) / 1e6));
                sb.append('\n');
            }
            if (haveBoth) {
                sb.append(String.format(Locale.ROOT, "%nGeometric means: pushdown ÷ pull-up %.3f", Stats.geomean(pushdownOverPullUp)));
                if (!ratios.isEmpty()) {
                    sb.append(String.format(Locale.ROOT, ", adaptive ÷ best of the two %.3f (%d of %d queries within 5%%)",
                            Stats.geomean(ratios), ratios.stream().filter(r -> r <= 1.05).count(), ratios.size()));
                }
                sb.append('\n');
            }
        }
        if (!outcome.streaming().isEmpty()) {
            sb.append("\n## Raw segment streaming: every segment of ").append(plan.streamTable()).append(", ")
                    .append(plan.streamThreads()).append(" thread(s), median of ").append(plan.streamRuns()).append(" pass(es)\n\n")
                    .append("| source | MB | ms | MB/s |\n|---|---:|---:|---:|\n");
            Map<String, List<SegmentStreaming.Pass>> bySource = new LinkedHashMap<>();
            for (SegmentStreaming.Pass p : outcome.streaming()) bySource.computeIfAbsent(p.source(), k -> new ArrayList<>()).add(p);
            for (Map.Entry<String, List<SegmentStreaming.Pass>> e : bySource.entrySet()) {
                double ms = Stats.median(e.getValue().stream().map(SegmentStreaming.Pass::millis).toList());
                long bytes = e.getValue().getFirst().segmentBytes();
                sb.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.1f |%n", sourceLabel(e.getKey()), bytes / 1e6, ms, bytes / 1e6 / (ms / 1e3)));
            }
        }
        return sb.toString();
    }

    private static String label(String mode) {
        return mode.equals("direct") ? "pull-up" : mode;
    }

    private static String sourceLabel(String source) {
        return source.equals("loopback") ? "pull-up from the node over loopback" : "local scan (the engine's block reader)";
    }

    private List<String> timeChart(Path out, RemoteLink link) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(1000).height(560)
                .title(plan.workload() + " over a storage node, link " + link.label() + ": median time")
                .xAxisTitle("query").yAxisTitle("ms (median)").build();
        Charts.style(chart.getStyler());
        chart.getStyler().setXAxisLabelRotation(plan.queries().size() > 8 ? 45 : 0);
        for (String m : plan.modes()) {
            chart.addSeries(label(m), plan.queries(), plan.queries().stream().map(q -> median(q, m, link)).toList());
        }
        return Charts.save(out, chart, "remote-times-" + Charts.fileName(link.label()));
    }

    /** Bytes over the network per query and mode, under the last link (for the static modes they do not depend on it). */
    private List<String> bytesChart(Path out) throws IOException {
        RemoteLink link = plan.links().getLast();
        CategoryChart chart = new CategoryChartBuilder().width(1000).height(560)
                .title(plan.workload() + " over a storage node, link " + link.label() + ": bytes over the network")
                .xAxisTitle("query").yAxisTitle("MB (median)").build();
        Charts.style(chart.getStyler());
        chart.getStyler().setXAxisLabelRotation(plan.queries().size() > 8 ? 45 : 0);
        for (String m : plan.modes()) {
            chart.addSeries(label(m), plan.queries(), plan.queries().stream().map(q -> medianBytes(q, m, link) / 1e6).toList());
        }
        return Charts.save(out, chart, "remote-bytes");
    }
}
