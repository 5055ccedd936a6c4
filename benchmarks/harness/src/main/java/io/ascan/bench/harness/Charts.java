package io.ascan.bench.harness;

import io.ascan.scan.ScanMode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.knowm.xchart.ChartEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The harness's plots, each as PNG and SVG next to the CSV: grouped bars of each strategy's time
 * normalised to direct (Fig. 4/5/6a), bars per configuration (Fig. 7/8/9), the adaptive
 * scheduler's mode timeline (Fig. 6a) and the policy-parameter heatmap (Fig. 6b).
 */
public final class Charts {
    static {
        System.setProperty("java.awt.headless", "true"); // plots are files; no display needed or wanted
    }

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 560;

    private Charts() {}

    /** Writes every plot the plan calls for; returns the file names written (without directory). */
    public static List<String> write(Path out, ResultTable t) throws IOException {
        ExperimentPlan plan = t.plan();
        List<String> files = new ArrayList<>();
        List<Configuration> configs = plan.configurations();
        for (Configuration c : configs) {
            String suffix = configs.size() == 1 ? "" : "-" + fileName(c.label());
            files.addAll(strategyBars(out, t, c, suffix));
            if (plan.policyGrid()) {
                for (String q : plan.queries()) files.addAll(heatmap(out, t, c, q, suffix));
            }
        }
        if (configs.size() > 1) {
            for (String q : plan.queries()) files.addAll(configurationBars(out, t, q));
        }
        if (plan.timeline()) files.addAll(timelines(out, t, configs.getFirst()));
        return files;
    }

    private static List<String> strategyBars(Path out, ResultTable t, Configuration c, String suffix) throws IOException {
        Variant direct = t.variant(c, "direct");
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title(t.plan().workload().label() + " " + t.plan().size().describe() + ", " + c.label()
                        + (direct != null ? ": time normalised to direct" : ": median time"))
                .xAxisTitle("query").yAxisTitle(direct != null ? "time / direct (median)" : "ms (median)").build();
        style(chart.getStyler());
        chart.getStyler().setXAxisLabelRotation(t.plan().queries().size() > 8 ? 45 : 0);
        for (Variant v : t.mainVariants(c)) {
            List<Double> y = new ArrayList<>();
            for (String q : t.plan().queries()) {
                double m = t.median(q, v);
                y.add(direct != null ? m / t.median(q, direct) : m);
            }
            chart.addSeries(v.strategy(), t.plan().queries(), y);
        }
        return save(out, chart, (direct != null ? "normalised" : "times") + suffix);
    }

    private static List<String> configurationBars(Path out, ResultTable t, String q) throws IOException {
        List<Configuration> configs = t.plan().configurations();
        List<String> labels = configs.stream().map(Configuration::label).toList();
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title(t.plan().workload().label() + " " + q + ": median time per configuration")
                .xAxisTitle("configuration").yAxisTitle("ms (median)").build();
        style(chart.getStyler());
        for (String s : t.plan().variants().stream().map(Variant::strategy).distinct().toList()) {
            List<Double> y = new ArrayList<>();
            for (Configuration c : configs) {
                Variant v = t.variant(c, s);
                y.add(v == null ? 0.0 : t.median(q, v));
            }
            chart.addSeries(s, labels, y);
        }
        return save(out, chart, "configs-" + fileName(q));
    }

    /** Cell colour and text: adaptive ÷ oracle, or ms when no static strategy ran. */
    private static List<String> heatmap(Path out, ResultTable t, Configuration c, String q, String suffix) throws IOException {
        List<Variant> cells = t.variants(c).stream().filter(v -> v.policy() != null).toList();
        List<Integer> ns = cells.stream().map(v -> v.policy().nSample()).distinct().sorted().toList();
        List<Double> ds = cells.stream().map(v -> v.policy().delta()).distinct().sorted().toList();
        ResultTable.Oracle o = t.oracle(q, c);
        HeatMapChart chart = new HeatMapChartBuilder().width(WIDTH).height(HEIGHT)
                .title(q + " " + c.label() + ": adaptive " + (o == null ? "ms" : "÷ oracle (" + o.strategy() + ")"))
                .xAxisTitle("policy.delta").yAxisTitle("policy.nSample").build();
        chart.getStyler().setShowValue(true).setHeatMapValueDecimalPattern("0.00");
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        List<Number[]> heat = new ArrayList<>();
        for (Variant v : cells) {
            double m = t.median(q, v);
            double value = o == null ? m : m / o.millis();
            // Rounded: the colour legend prints its bounds unformatted.
            heat.add(new Number[] {ds.indexOf(v.policy().delta()), ns.indexOf(v.policy().nSample()), Math.round(value * 1000) / 1000.0});
        }
        chart.addSeries("adaptive", ds.stream().map(Units::decimal).toList(), ns.stream().map(String::valueOf).toList(), heat);
        return save(out, chart, "sensitivity" + suffix + "-" + fileName(q));
    }

    /** Per query, the mode of every slice of the largest scan over time, in the median run of each scheduler. */
    private static List<String> timelines(Path out, ResultTable t, Configuration c) throws IOException {
        List<String> files = new ArrayList<>();
        for (Variant v : t.mainVariants(c)) {
            if (ResultTable.STATIC.contains(v.strategy())) continue;
            for (String q : t.plan().queries()) {
                Measurement m = t.medianRun(q, v);
                if (m == null || m.timeline().isEmpty()) continue;
                Map<String, Long> perTable = new TreeMap<>();
                for (Measurement.Slice s : m.timeline()) perTable.merge(s.table(), 1L, Long::sum);
                String table = perTable.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
                XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT / 2 + 80)
                        .title(q + " " + v.strategy() + ", scan of " + table + " (median run, "
                                + String.format(Locale.ROOT, "%.0f ms", m.millis()) + "): mode of each slice")
                        .xAxisTitle("ms since the scan started").yAxisTitle("direct | staging | pushdown").build();
                style(chart.getStyler());
                chart.getStyler().setDefaultSeriesRenderStyle(org.knowm.xchart.XYSeries.XYSeriesRenderStyle.Scatter);
                // One row per mode, told apart by the legend (XChart's tick labels cannot be pinned to three values).
                chart.getStyler().setYAxisMin(-0.5).setYAxisMax(ScanMode.values().length - 0.5).setYAxisTicksVisible(false);
                chart.getStyler().setXAxisMin(0.0);
                boolean any = false;
                for (ScanMode mode : ScanMode.values()) {
                    List<Double> x = new ArrayList<>(), y = new ArrayList<>();
                    m.timeline().stream().filter(s -> s.table().equals(table) && s.mode() == mode)
                            .sorted(Comparator.comparingDouble(Measurement.Slice::ms))
                            .forEach(s -> {
                                x.add(s.ms());
                                y.add((double) mode.ordinal());
                            });
                    if (x.isEmpty()) continue;
                    chart.addSeries(mode.toString(), x, y).setMarker(SeriesMarkers.CIRCLE);
                    any = true;
                }
                if (!any) continue;
                files.addAll(save(out, chart, "timeline-" + fileName(v.strategy()) + (t.plan().queries().size() > 1 ? "-" + fileName(q) : "")));
            }
        }
        return files;
    }

    static void style(Styler s) {
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setChartBackgroundColor(java.awt.Color.WHITE);
    }

    static List<String> save(Path out, Chart<?, ?> chart, String name) throws IOException {
        for (String format : List.of("png", "svg")) {
            try (OutputStream o = Files.newOutputStream(out.resolve(name + "." + format))) {
                ChartEncoder.saveChart(chart, o, format);
            }
        }
        return List.of(name + ".png", name + ".svg");
    }

    /** "st1 ct2 link500MB/s hog" → "st1-ct2-link500MBps-hog". */
    static String fileName(String label) {
        return label.replace("/s", "ps").replaceAll("[^A-Za-z0-9.=]+", "-").replaceAll("^-|-$", "");
    }
}
