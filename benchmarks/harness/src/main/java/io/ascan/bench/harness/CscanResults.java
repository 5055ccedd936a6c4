package io.ascan.bench.harness;

import io.ascan.bench.harness.CscanRunner.Exec;
import io.ascan.bench.harness.CscanRunner.Outcome;
import io.ascan.bench.harness.CscanRunner.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * What {@code ascan bench cscan} writes: per query and per policy run the CSV files, the load
 * timeline, summary.md (the paper's Tables 2-4 laid out for ascan, with relevance's ratios to the
 * other policies) and the plots (Figure 5's latency-throughput scatter, Figure 4's I/O timelines).
 */
public final class CscanResults {
    public static final String QUERIES = "queries.csv";
    public static final String POLICIES = "policies.csv";
    public static final String LOADS = "loads.csv";
    public static final String QUERIES_HEADER = "experiment,policy,round,stream,position,query,kind,percent,lo,hi,start_ms,"
            + "millis,alone_ms,normalized,rows,loads,loaded_bytes,slices,shared_slices,waits,wait_ms,answer_ok";
    public static final String POLICIES_HEADER = "experiment,policy,round,avg_stream_s,avg_normalized_latency,total_s,cpu_pct,"
            + "slice_loads,io_requests,bytes_read";

    private CscanResults() {}

    /** Writes the files; returns their names. */
    public static List<String> write(Path out, CscanPlan plan, Outcome o, String data) throws IOException {
        Files.createDirectories(out);
        Set<String> wrong = new java.util.HashSet<>();
        for (String m : o.mismatches()) wrong.add(m.substring(0, m.indexOf(':')));
        StringBuilder q = new StringBuilder(QUERIES_HEADER).append('\n');
        StringBuilder p = new StringBuilder(POLICIES_HEADER).append('\n');
        StringBuilder l = new StringBuilder("experiment,policy,round,millis,slice,chunks,bytes\n");
        for (Run r : o.runs()) {
            for (Exec e : r.execs()) {
                CscanQuery x = e.query();
                Double alone = o.aloneMillis().get(x.label());
                String key = r.experiment() + " " + r.policy() + " stream " + x.stream() + " query " + x.position() + " (" + x.label() + ")";
                q.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%s,%s,%d,%d,%d,%.1f,%.1f,%s,%s,%d,%d,%d,%d,%d,%d,%.1f,%s%n",
                        r.experiment(), r.policy(), r.round() + 1, x.stream(), x.position(), x.label(), x.kind(), x.percent(),
                        x.lo(), x.hi(), e.startMillis(), e.millis(), alone == null ? "" : fmt(alone),
                        alone == null ? "" : fmt(e.millis() / alone), e.rows(), e.loads(), e.loadedBytes(), e.slices(),
                        e.sharedSlices(), e.waits(), e.waitMillis(), plan.check() ? !wrong.contains(key) : ""));
            }
            p.append(String.format(Locale.ROOT, "%s,%s,%d,%.3f,%s,%.3f,%.1f,%d,%d,%d%n", r.experiment(), r.policy(), r.round() + 1,
                    r.avgStreamMillis() / 1e3, r.experiment().equals(CscanRunner.TPCH) ? fmt(avgNormalized(r, o)) : "",
                    r.totalMillis() / 1e3, r.cpuShare() * 100, r.abm().loads(), r.abm().chunkReads(), r.abm().bytesRead()));
            for (double[] ev : r.loadEvents()) {
                l.append(String.format(Locale.ROOT, "%s,%s,%d,%.1f,%d,%d,%d%n", r.experiment(), r.policy(), r.round() + 1,
                        ev[0], (long) ev[1], (long) ev[2], (long) ev[3]));
            }
        }
        Files.writeString(out.resolve(QUERIES), q);
        Files.writeString(out.resolve(POLICIES), p);
        Files.writeString(out.resolve(LOADS), l);
        Files.writeString(out.resolve("summary.md"), summary(plan, o, data));
        List<String> files = new ArrayList<>(List.of(QUERIES, POLICIES, LOADS, "summary.md"));
        files.addAll(charts(out, plan, o));
        return files;
    }

    static double avgNormalized(Run r, Outcome o) {
        return r.execs().stream().mapToDouble(e -> e.millis() / o.aloneMillis().get(e.query().label())).average().orElse(0);
    }

    /** Per policy the runs of {@code experiment}, in the plan's policy order. */
    static Map<String, List<Run>> byPolicy(Outcome o, String experiment, List<String> policies) {
        Map<String, List<Run>> m = new LinkedHashMap<>();
        for (String p : policies) {
            List<Run> rs = o.runs().stream().filter(r -> r.experiment().equals(experiment) && r.policy().equals(p)).toList();
            if (!rs.isEmpty()) m.put(p, rs);
        }
        return m;
    }

    interface Metric {
        double of(Run r);
    }

    static double mean(List<Run> rs, Metric m) {
        return rs.stream().mapToDouble(m::of).average().orElse(Double.NaN);
    }

    public static String summary(CscanPlan plan, Outcome o, String data) {
        StringBuilder s = new StringBuilder("# Cooperative Scans: `ascan bench cscan`\n\n");
        s.append(String.format(Locale.ROOT, "%s; %d streams of %d queries, started %.1f s apart, seed %d; ABM pool %d MiB "
                        + "(the queries' columns: %d MiB); emulated disk %s; %d round(s), policies in rotated order.%n%n",
                data, plan.streams(), plan.queriesPerStream(), plan.staggerMillis() / 1e3, plan.seed(), o.poolBytes() >> 20,
                o.scannedBytes() >> 20, plan.readBandwidth() == 0 ? "off" : (plan.readBandwidth() >> 20) + " MiB/s", plan.rounds()));
        Map<String, List<Run>> runs = byPolicy(o, CscanRunner.TPCH, plan.policies());
        List<String> ps = new ArrayList<>(runs.keySet());
        s.append("## System statistics (the paper's Table 3)\n\n|  |");
        for (String p : ps) s.append(' ').append(p).append(" |");
        s.append("\n|---|").append("---:|".repeat(ps.size())).append('\n');
        row(s, "Avg. stream time (s)", runs, r -> r.avgStreamMillis() / 1e3, "%.2f");
        row(s, "Avg. normalized latency", runs, r -> avgNormalized(r, o), "%.2f");
        row(s, "Total time (s)", runs, r -> r.totalMillis() / 1e3, "%.2f");
        row(s, "CPU use (of all cores)", runs, r -> r.cpuShare() * 100, "%.0f%%");
        row(s, "I/O requests (chunk reads)", runs, r -> r.abm().chunkReads(), "%.0f");
        row(s, "Slice loads", runs, r -> r.abm().loads(), "%.0f");
        row(s, "MiB read", runs, r -> r.abm().bytesRead() / 1048576.0, "%.0f");
        if (plan.rounds() > 1) {
            row(s, "Avg. stream time, min-max over rounds (s)", runs, null, null);
        }
        if (runs.containsKey("relevance")) {
            s.append("\n## relevance ÷ the others\n\n| | ÷ ");
            List<String> others = ps.stream().filter(p -> !p.equals("relevance")).toList();
            s.append(String.join(" | ÷ ", others)).append(" | paper DSM ÷ normal (Table 3) |\n|---|")
                    .append("---:|".repeat(others.size() + 1)).append('\n');
            ratio(s, "Avg. stream time", runs, others, r -> r.avgStreamMillis(), "0.49");
            ratio(s, "Avg. normalized latency", runs, others, r -> avgNormalized(r, o), "0.42");
            ratio(s, "I/O requests", runs, others, r -> r.abm().chunkReads(), "0.56");
        }
        s.append("\n## Query statistics (the paper's Table 2): latency avg / stddev (s), normalized latency, slice loads "
                + "the query triggered (avg)\n\n| query | count | alone (s) |");
        for (String p : ps) s.append(' ').append(p).append(" |");
        s.append("\n|---|---:|---:|").append("---:|".repeat(ps.size())).append('\n');
        Set<String> labels = new TreeSet<>(java.util.Comparator.comparing((String l) -> l.substring(0, l.indexOf('-')))
                .thenComparingInt(l -> Integer.parseInt(l.substring(l.indexOf('-') + 1))));
        labels.addAll(o.aloneMillis().keySet());
        for (String label : labels) {
            long count = runs.isEmpty() ? 0 : runs.values().iterator().next().getFirst().execs().stream()
                    .filter(e -> e.query().label().equals(label)).count();
            s.append(String.format(Locale.ROOT, "| %s | %d | %.2f |", label, count, o.aloneMillis().get(label) / 1e3));
            for (String p : ps) {
                List<Exec> es = runs.get(p).stream().flatMap(r -> r.execs().stream()).filter(e -> e.query().label().equals(label)).toList();
                double[] t = es.stream().mapToDouble(e -> e.millis() / 1e3).toArray();
                s.append(String.format(Locale.ROOT, " %.2f / %.2f, %.2f, %.0f |", avg(t), stddev(t),
                        avg(t) * 1e3 / o.aloneMillis().get(label),
                        es.stream().mapToLong(e -> e.loads()).average().orElse(0)));
            }
            s.append('\n');
        }
        Set<String> mixes = new LinkedHashSet<>();
        for (Run r : o.runs()) if (!r.experiment().equals(CscanRunner.TPCH)) mixes.add(r.experiment());
        if (!mixes.isEmpty()) {
            s.append(String.format(Locale.ROOT, "%n## Column overlap (the paper's Table 4): %d streams of %d queries, each over "
                    + "a random %d%% of %d rows, reading three of ten 8-byte columns; stream s runs the mix's column set s mod n%n%n",
                    plan.streams(), plan.queriesPerStream(), plan.overlapPercent(), plan.overlapRows()));
            s.append("| column sets | policy | I/O requests | latency avg (s) | stddev (s) | avg stream (s) |\n|---|---|---:|---:|---:|---:|\n");
            for (String mix : mixes) {
                for (Map.Entry<String, List<Run>> e : byPolicy(o, mix, plan.overlapPolicies()).entrySet()) {
                    double[] t = e.getValue().stream().flatMap(r -> r.execs().stream()).mapToDouble(x -> x.millis() / 1e3).toArray();
                    s.append(String.format(Locale.ROOT, "| %s | %s | %.0f | %.2f | %.2f | %.2f |%n", mix, e.getKey(),
                            mean(e.getValue(), r -> r.abm().chunkReads()), avg(t), stddev(t),
                            mean(e.getValue(), r -> r.avgStreamMillis() / 1e3)));
                }
            }
        }
        s.append("\n## Answers\n\n");
        if (!plan.check()) s.append("Not checked (--no-check).\n");
        else if (o.mismatches().isEmpty()) s.append("Every query's answer equals its answer run alone.\n");
        else for (String m : o.mismatches()) s.append("- DIFFERS: ").append(m).append('\n');
        return s.toString();
    }

    private static void row(StringBuilder s, String name, Map<String, List<Run>> runs, Metric m, String format) {
        s.append("| ").append(name).append(" |");
        for (List<Run> rs : runs.values()) {
            if (m == null) {
                double[] t = rs.stream().mapToDouble(r -> r.avgStreamMillis() / 1e3).toArray();
                s.append(String.format(Locale.ROOT, " %.1f-%.1f |", java.util.Arrays.stream(t).min().orElse(0),
                        java.util.Arrays.stream(t).max().orElse(0)));
            } else {
                s.append(' ').append(String.format(Locale.ROOT, format, mean(rs, m))).append(" |");
            }
        }
        s.append('\n');
    }

    private static void ratio(StringBuilder s, String name, Map<String, List<Run>> runs, List<String> others, Metric m, String paper) {
        double rel = mean(runs.get("relevance"), m);
        s.append("| ").append(name).append(" |");
        for (String p : others) s.append(String.format(Locale.ROOT, " %.2f |", rel / mean(runs.get(p), m)));
        s.append(' ').append(paper).append(" |\n");
    }

    static double avg(double[] v) {
        return java.util.Arrays.stream(v).average().orElse(Double.NaN);
    }

    static double stddev(double[] v) {
        double m = avg(v);
        return v.length < 2 ? 0 : Math.sqrt(java.util.Arrays.stream(v).map(x -> (x - m) * (x - m)).sum() / (v.length - 1));
    }

    private static String fmt(double d) {
        return String.format(Locale.ROOT, "%.3f", d);
    }

    /** One colour per policy, the same for its streams and (darker) its average. */
    static java.awt.Color color(String policy) {
        return switch (policy) {
            case "normal" -> new java.awt.Color(0x4C72B0);
            case "attach" -> new java.awt.Color(0xDD8452);
            case "elevator" -> new java.awt.Color(0x8172B3);
            case "relevance" -> new java.awt.Color(0x55A868);
            default -> java.awt.Color.GRAY;
        };
    }

    static List<String> charts(Path out, CscanPlan plan, Outcome o) throws IOException {
        List<String> files = new ArrayList<>();
        Map<String, List<Run>> runs = byPolicy(o, CscanRunner.TPCH, plan.policies());
        if (runs.isEmpty()) return files;
        // Figure 5: each stream a point (its time, its queries' mean normalized latency); bigger marks: the averages.
        XYChart scatter = new XYChartBuilder().width(Charts.WIDTH).height(Charts.HEIGHT)
                .title("Cooperative Scans: normalized latency vs stream time (" + plan.streams() + " streams x "
                        + plan.queriesPerStream() + " queries)")
                .xAxisTitle("stream time (s)").yAxisTitle("normalized latency (query time / alone)").build();
        Charts.style(scatter.getStyler());
        scatter.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        for (Map.Entry<String, List<Run>> e : runs.entrySet()) {
            List<Double> x = new ArrayList<>(), y = new ArrayList<>();
            for (Run r : e.getValue()) {
                Map<Integer, List<Exec>> streams = new LinkedHashMap<>();
                for (Exec x0 : r.execs()) streams.computeIfAbsent(x0.query().stream(), k -> new ArrayList<>()).add(x0);
                for (List<Exec> st : streams.values()) {
                    double begin = st.stream().mapToDouble(Exec::startMillis).min().orElse(0);
                    double end = st.stream().mapToDouble(z -> z.startMillis() + z.millis()).max().orElse(0);
                    x.add((end - begin) / 1e3);
                    y.add(st.stream().mapToDouble(z -> z.millis() / o.aloneMillis().get(z.query().label())).average().orElse(0));
                }
            }
            XYSeries streams = scatter.addSeries(e.getKey() + " (streams)", x, y);
            streams.setMarker(SeriesMarkers.CIRCLE);
            streams.setMarkerColor(color(e.getKey()));
        }
        for (Map.Entry<String, List<Run>> e : runs.entrySet()) {
            XYSeries avg = scatter.addSeries(e.getKey() + " (average)", List.of(mean(e.getValue(), r -> r.avgStreamMillis() / 1e3)),
                    List.of(mean(e.getValue(), r -> avgNormalized(r, o))));
            avg.setMarker(SeriesMarkers.DIAMOND);
            avg.setMarkerColor(color(e.getKey()).darker());
        }
        scatter.getStyler().setMarkerSize(9);
        files.addAll(Charts.save(out, scatter, "cscan-fig5-latency-vs-stream-time"));
        // Figure 4: which slice was loaded when, per policy (first round).
        for (Map.Entry<String, List<Run>> e : runs.entrySet()) {
            Run r = e.getValue().getFirst();
            XYChart t = new XYChartBuilder().width(Charts.WIDTH).height(Charts.HEIGHT / 2)
                    .title("Cooperative Scans: slice loads over time, " + e.getKey() + " (" + r.abm().chunkReads() + " chunk reads)")
                    .xAxisTitle("time (s)").yAxisTitle("slice").build();
            Charts.style(t.getStyler());
            t.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            t.getStyler().setMarkerSize(3);
            t.getStyler().setLegendVisible(false);
            List<Double> x = new ArrayList<>(), y = new ArrayList<>();
            for (double[] ev : r.loadEvents()) {
                x.add(ev[0] / 1e3);
                y.add(ev[1]);
            }
            if (x.isEmpty()) continue;
            t.addSeries("loads", x, y).setMarker(SeriesMarkers.CIRCLE);
            files.addAll(Charts.save(out, t, "cscan-fig4-loads-" + e.getKey()));
        }
        return files;
    }
}
