package io.ascan.bench.harness;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

/**
 * The files of {@code ascan bench hybrid}: results.csv (one row per timed query of a
 * configuration), bitmaps.csv (one row per timed run of Fig. 25), summary.md (the figures' tables:
 * the total time of the timed workload per configuration, hybrid ÷ the best baseline, WLFU ÷ LFU,
 * the bitmap gains with bytes over the link, the load average beside each) and the plots.
 */
public final class HybridReport {
    public static final String RESULTS_HEADER = "mode,policy,cache_bytes,theta,query_index,template,millis,rows,answer,bytes_network,"
            + "slices_cached,slices_pushdown,slices_pullup,slices_bitmap,load";
    public static final String BITMAPS_HEADER = "direction,quantity_bound,route,run,millis,bytes_network,slices_bitmap,slices_pushdown,"
            + "answer,load";

    private final HybridBenchRunner runner;
    private final HybridBenchRunner.Plan plan;
    private final HybridBenchRunner.Outcome outcome;

    public HybridReport(HybridBenchRunner runner, HybridBenchRunner.Plan plan, HybridBenchRunner.Outcome outcome) {
        this.runner = runner;
        this.plan = plan;
        this.outcome = outcome;
    }

    public List<String> write(Path out, String data) throws IOException {
        List<String> files = new ArrayList<>(List.of("results.csv"));
        try (Writer w = Files.newBufferedWriter(out.resolve("results.csv"))) {
            w.write(RESULTS_HEADER + "\n");
            for (HybridBenchRunner.QueryResult r : outcome.queries()) {
                HybridBenchRunner.Config c = r.config();
                w.write(String.join(",", c.mode(), c.policy(), "" + c.cacheBytes(), String.format(Locale.ROOT, "%.2f", c.theta()),
                        "" + r.index(), r.template(), String.format(Locale.ROOT, "%.3f", r.millis()), "" + r.rows(), r.answer(),
                        "" + r.networkBytes(), "" + r.cached(), "" + r.pushdown(), "" + r.pullup(), "" + r.bitmap(),
                        String.format(Locale.ROOT, "%.2f", r.load())) + "\n");
            }
        }
        if (!outcome.bitmaps().isEmpty()) {
            files.add("bitmaps.csv");
            try (Writer w = Files.newBufferedWriter(out.resolve("bitmaps.csv"))) {
                w.write(BITMAPS_HEADER + "\n");
                for (HybridBenchRunner.BitmapResult b : outcome.bitmaps()) {
                    w.write(String.join(",", b.direction(), "" + b.quantityBound(), b.route(), "" + b.run(),
                            String.format(Locale.ROOT, "%.3f", b.millis()), "" + b.networkBytes(), "" + b.bitmapSlices(),
                            "" + b.pushdownSlices(), b.answer(), String.format(Locale.ROOT, "%.2f", b.load())) + "\n");
                }
            }
        }
        Files.writeString(out.resolve("summary.md"), summary(data));
        files.add("summary.md");
        if (plan.figures().contains("13a")) files.addAll(chart(out, "13a"));
        if (plan.figures().contains("13b")) files.addAll(chart(out, "13b"));
        if (plan.figures().contains("17")) files.addAll(chart(out, "17"));
        if (!outcome.bitmaps().isEmpty()) files.addAll(bitmapChart(out));
        return files;
    }

    private List<HybridBenchRunner.QueryResult> of(Predicate<HybridBenchRunner.Config> p) {
        return outcome.queries().stream().filter(r -> p.test(r.config())).toList();
    }

    /** Seconds of the timed workload of the configuration; NaN if it did not run. */
    double seconds(String mode, String policy, long cacheBytes, double theta) {
        List<HybridBenchRunner.QueryResult> rs = of(c -> c.mode().equals(mode) && (policy == null || c.policy().equals(policy))
                && (cacheBytes < 0 || c.cacheBytes() == cacheBytes) && c.theta() == theta);
        return rs.isEmpty() ? Double.NaN : rs.stream().mapToDouble(HybridBenchRunner.QueryResult::millis).sum() / 1e3;
    }

    double megabytes(String mode, String policy, long cacheBytes, double theta) {
        List<HybridBenchRunner.QueryResult> rs = of(c -> c.mode().equals(mode) && (policy == null || c.policy().equals(policy))
                && (cacheBytes < 0 || c.cacheBytes() == cacheBytes) && c.theta() == theta);
        return rs.isEmpty() ? Double.NaN : rs.stream().mapToLong(HybridBenchRunner.QueryResult::networkBytes).sum() / 1e6;
    }

    /** The load average when the figure's configurations started, averaged. */
    double load(String figure) {
        List<Double> l = new ArrayList<>();
        for (HybridBenchRunner.Config c : runner.configs(figure)) {
            of(c::equals).stream().findFirst().ifPresent(r -> l.add(r.load()));
        }
        if (figure.equals("25")) outcome.bitmaps().forEach(b -> l.add(b.load()));
        return l.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** {@code {pullup, caching-only, pushdown-only, hybrid}} seconds at a cache size (or -1) and θ. */
    private double[] modes(long cache, double theta) {
        return new double[] {seconds("pullup", null, -1, theta), seconds("caching-only", "lfu", cache, theta),
            seconds("pushdown-only", null, -1, theta), seconds("hybrid", "lfu", cache, theta)};
    }

    private static double bestBaseline(double[] m) {
        return Math.min(Math.min(m[0], m[1]), m[2]);
    }

    public String summary(String data) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Hybrid execution over a storage node: ").append(data).append("\n\n");
        sb.append(String.format(Locale.ROOT, "Link %s (%s). %d timed queries per configuration after %d warm-up queries of the same "
                + "distribution, each configuration on a cold engine; s: the timed queries' total time; MB: bytes over the link "
                + "(10^6). compute.threads %d, storage.threads %d. caching-only and hybrid use LFU in Fig. 13 (as the paper's "
                + "section 8.2.1); hybrid pushes down what it does not cache or pull up to cache; exec.bitmaps %s.%n", plan.link().label(),
                plan.link().limited() ? "the compute side's token bucket, interconnect.bandwidth" : "no limit", plan.queries(),
                plan.warmup(), plan.computeThreads(), plan.storageThreads(), plan.bitmaps()));
        for (String w : outcome.warnings()) sb.append("\n**Warning:** ").append(w).append('\n');
        if (plan.figures().contains("13a")) {
            sb.append(String.format(Locale.ROOT, "%n## Fig. 13a: time vs cache size, θ = %.2f (load average %.1f)%n%n", plan.theta13a(),
                    load("13a")));
            sb.append("| cache | pull-up s | caching-only s | pushdown-only s | hybrid s | hybrid ÷ best baseline | hybrid MB |\n");
            sb.append("|---|---:|---:|---:|---:|---:|---:|\n");
            long crossing = -1;
            double gap = Double.MAX_VALUE;
            for (long size : plan.cacheSizes()) {
                double[] m = modes(size, plan.theta13a());
                sb.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %.2f | %.3f | %.0f |%n", HybridBenchRunner.size(size),
                        m[0], m[1], m[2], m[3], m[3] / bestBaseline(m), megabytes("hybrid", "lfu", size, plan.theta13a())));
                if (Math.abs(m[1] - m[2]) < gap) {
                    gap = Math.abs(m[1] - m[2]);
                    crossing = size;
                }
            }
            if (crossing >= 0) {
                double[] m = modes(crossing, plan.theta13a());
                sb.append(String.format(Locale.ROOT, "%nNearest the crossing of caching-only and pushdown-only (cache %s): hybrid ÷ "
                        + "best baseline %.3f (best baseline %s).%n", HybridBenchRunner.size(crossing), m[3] / bestBaseline(m),
                        m[1] <= m[2] && m[1] <= m[0] ? "caching-only" : m[2] <= m[0] ? "pushdown-only" : "pull-up"));
            }
        }
        if (plan.figures().contains("13b")) {
            sb.append(String.format(Locale.ROOT, "%n## Fig. 13b: time vs skew θ, cache %s (load average %.1f)%n%n",
                    HybridBenchRunner.size(plan.cache()), load("13b")));
            sb.append("| θ | pull-up s | caching-only s | pushdown-only s | hybrid s | hybrid ÷ best baseline |\n");
            sb.append("|---|---:|---:|---:|---:|---:|\n");
            for (double t : plan.thetas()) {
                double[] m = modes(plan.cache(), t);
                sb.append(String.format(Locale.ROOT, "| %.2f | %.2f | %.2f | %.2f | %.2f | %.3f |%n", t, m[0], m[1], m[2], m[3],
                        m[3] / bestBaseline(m)));
            }
        }
        if (plan.figures().contains("17")) {
            sb.append(String.format(Locale.ROOT, "%n## Fig. 17: cache policies in hybrid, cache %s (load average %.1f)%n%n",
                    HybridBenchRunner.size(plan.cache()), load("17")));
            sb.append("| θ |");
            for (String p : HybridBenchRunner.POLICIES) sb.append(' ').append(p).append(" s |");
            sb.append(" WLFU ÷ LFU |");
            for (String p : HybridBenchRunner.POLICIES) sb.append(' ').append(p).append(" MB |");
            sb.append("\n|---|").append("---:|".repeat(2 * HybridBenchRunner.POLICIES.size() + 1)).append('\n');
            for (double t : plan.thetas()) {
                sb.append(String.format(Locale.ROOT, "| %.2f |", t));
                for (String p : HybridBenchRunner.POLICIES) sb.append(String.format(Locale.ROOT, " %.2f |", seconds("hybrid", p, plan.cache(), t)));
                sb.append(String.format(Locale.ROOT, " %.3f |", seconds("hybrid", "wlfu", plan.cache(), t) / seconds("hybrid", "lfu", plan.cache(), t)));
                for (String p : HybridBenchRunner.POLICIES) sb.append(String.format(Locale.ROOT, " %.0f |", megabytes("hybrid", p, plan.cache(), t)));
                sb.append('\n');
            }
        }
        if (!outcome.bitmaps().isEmpty()) {
            sb.append(String.format(Locale.ROOT, "%n## Fig. 25-like: selection bitmaps vs pushdown (load average %.1f)%n%n"
                    + "`SELECT %s FROM lineorder WHERE %s`, medians of %d runs. From storage: the cache holds the four projected "
                    + "columns; from compute: it holds lo_quantity and lo_discount. Pushdown: pushdown-only (a partly cached slice "
                    + "goes over the link whole without bitmaps).%n%n", load("25"), HybridBenchRunner.BITMAP_PROJECTION,
                    String.format(Locale.ROOT, HybridBenchRunner.BITMAP_PREDICATE, 0).replace("< 0", "< Q"), plan.bitmapRuns()));
            sb.append("| bitmap from | Q (selected) | pushdown ms | bitmap ms | speed-up | pushdown MB | bitmap MB |\n");
            sb.append("|---|---|---:|---:|---:|---:|---:|\n");
            for (String d : List.of("storage", "compute")) {
                for (int q : HybridBenchRunner.BITMAP_QUANTITY) {
                    double pd = bitmapMedian(d, q, "pushdown", true), bm = bitmapMedian(d, q, "bitmap", true);
                    if (Double.isNaN(pd) || Double.isNaN(bm)) continue;
                    sb.append(String.format(Locale.ROOT, "| %s | %d (~%d%%) | %.1f | %.1f | %.2f | %.1f | %.1f |%n", d, q, (q - 1) * 2,
                            pd, bm, pd / bm, bitmapMedian(d, q, "pushdown", false) / 1e6, bitmapMedian(d, q, "bitmap", false) / 1e6));
                }
            }
        }
        return sb.toString();
    }

    double bitmapMedian(String direction, int bound, String route, boolean millis) {
        List<Double> v = outcome.bitmaps().stream().filter(b -> b.direction().equals(direction) && b.quantityBound() == bound
                && b.route().equals(route)).map(b -> millis ? b.millis() : (double) b.networkBytes()).toList();
        return v.isEmpty() ? Double.NaN : Stats.median(v);
    }

    private List<String> chart(Path out, String figure) throws IOException {
        boolean bySize = figure.equals("13a");
        XYChart chart = new XYChartBuilder().width(Charts.WIDTH).height(Charts.HEIGHT)
                .title(switch (figure) {
                    case "13a" -> String.format(Locale.ROOT, "Fig. 13a: time vs cache size (θ = %.2f, link %s)", plan.theta13a(), plan.link().label());
                    case "13b" -> "Fig. 13b: time vs θ (cache " + HybridBenchRunner.size(plan.cache()) + ", link " + plan.link().label() + ")";
                    default -> "Fig. 17: cache policies in hybrid vs θ (cache " + HybridBenchRunner.size(plan.cache()) + ")";
                })
                .xAxisTitle(bySize ? "cache (MiB)" : "θ").yAxisTitle("s (" + plan.queries() + " queries)").build();
        Charts.style(chart.getStyler());
        List<String> series = figure.equals("17") ? HybridBenchRunner.POLICIES : HybridBenchRunner.MODES;
        for (String s : series) {
            List<Double> xs = new ArrayList<>(), ys = new ArrayList<>();
            if (bySize) {
                for (long size : plan.cacheSizes()) {
                    xs.add(size / (double) (1 << 20));
                    double[] m = modes(size, plan.theta13a());
                    ys.add(m[HybridBenchRunner.MODES.indexOf(s)]);
                }
            } else {
                for (double t : plan.thetas()) {
                    xs.add(t);
                    ys.add(figure.equals("17") ? seconds("hybrid", s, plan.cache(), t) : modes(plan.cache(), t)[HybridBenchRunner.MODES.indexOf(s)]);
                }
            }
            if (ys.stream().allMatch(y -> Double.isNaN(y))) continue;
            chart.addSeries(s, xs, ys);
        }
        return Charts.save(out, chart, "hybrid-fig" + figure);
    }

    private List<String> bitmapChart(Path out) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(Charts.WIDTH).height(Charts.HEIGHT)
                .title("Fig. 25-like: selection bitmaps vs pushdown").xAxisTitle("bitmap from, lo_quantity < Q")
                .yAxisTitle("ms (median)").build();
        Charts.style(chart.getStyler());
        List<String> cats = new ArrayList<>();
        List<Double> pd = new ArrayList<>(), bm = new ArrayList<>();
        for (String d : List.of("storage", "compute")) {
            for (int q : HybridBenchRunner.BITMAP_QUANTITY) {
                double p = bitmapMedian(d, q, "pushdown", true), b = bitmapMedian(d, q, "bitmap", true);
                if (Double.isNaN(p) || Double.isNaN(b)) continue;
                cats.add(d + " Q=" + q);
                pd.add(p);
                bm.add(b);
            }
        }
        chart.addSeries("pushdown", cats, pd);
        chart.addSeries("bitmap", cats, bm);
        return Charts.save(out, chart, "hybrid-fig25");
    }
}
