package io.ascan.bench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * {@code ascan bench pushback}'s files: every run as CSV, and a summary with the paper's figures as
 * tables: Fig. 18 (time per query and strategy normalized to no pushdown), Fig. 19 (admitted
 * requests against the optimum k/(k+1)·N of Eq. 6), Fig. 20 (bytes over the network), Fig. 22-23
 * (two concurrent streams, the arbiter first come first served and PA-aware). Medians over runs.
 */
public final class PushbackReport {
    public static final String RESULTS_HEADER = "workload,power,strategy,query,run,millis,rows,bytes_network,requested,admitted,"
            + "pushed_back,answer";
    public static final String CONCURRENT_HEADER = "workload,power,arbiter,query,run,millis,bytes_network,requested,admitted,"
            + "pushed_back,storage_core_ms,answer";

    private final PushbackBenchRunner.Plan plan;
    private final PushbackBenchRunner.Outcome outcome;

    public PushbackReport(PushbackBenchRunner.Plan plan, PushbackBenchRunner.Outcome outcome) {
        this.plan = plan;
        this.outcome = outcome;
    }

    public List<String> write(Path out, String data) throws IOException {
        List<String> lines = new ArrayList<>(List.of(RESULTS_HEADER));
        for (PushbackBenchRunner.Run r : outcome.runs()) {
            lines.add(String.join(",", plan.workload(), num(r.power()), r.strategy(), r.query(), "" + r.run(), num(r.millis()), "" + r.rows(),
                    "" + r.networkBytes(), "" + r.requested(), "" + r.admitted(), "" + r.pushedBack(), r.answer()));
        }
        Files.write(out.resolve("results.csv"), lines);
        List<String> written = new ArrayList<>(List.of("results.csv"));
        if (!outcome.concurrent().isEmpty()) {
            List<String> c = new ArrayList<>(List.of(CONCURRENT_HEADER));
            for (PushbackBenchRunner.ConcurrentRun r : outcome.concurrent()) {
                c.add(String.join(",", plan.workload(), num(r.power()), r.arbiter(), r.query(), "" + r.run(), num(r.millis()),
                        "" + r.networkBytes(), "" + r.requested(), "" + r.admitted(), "" + r.pushedBack(), num(r.storageCoreMillis()),
                        r.answer()));
            }
            Files.write(out.resolve("concurrent.csv"), c);
            written.add("concurrent.csv");
        }
        Files.writeString(out.resolve("summary.md"), summary(data));
        written.add("summary.md");
        return written;
    }

    String summary(String data) {
        StringBuilder sb = new StringBuilder();
        sb.append("# ascan bench pushback: ").append(data).append("\n\n");
        sb.append(String.format(Locale.ROOT, "Storage node in this JVM on loopback, %d storage threads (pushdown cores), %d compute threads, "
                + "%d pushdown requests in flight per scan, link %s; storage power emulated (a pushdown holds its core for its work / power). "
                + "Medians of %d run(s) after a warm-up.%n%n",
                plan.storageThreads(), plan.computeThreads(), plan.inFlight(), plan.linkBytesPerSecond() > 0
                        ? plan.linkBytesPerSecond() / 1_000_000 + " MB/s (the compute side's token bucket)" : "not limited", plan.runs()));
        List<String> strategies = plan.strategies();
        sb.append("## Fig. 18: time normalized to no pushdown\n\n");
        header(sb, "power | query | no pushdown ms", strategies.stream().filter(s -> !s.equals("no-pushdown")).map(s -> s + " ÷ none").toList());
        for (double p : plan.powers()) {
            for (String q : plan.queries()) {
                double none = median(p, "no-pushdown", q, PushbackBenchRunner.Run::millis);
                List<String> cells = new ArrayList<>(List.of(num(p), q, fmt(none)));
                for (String s : strategies) if (!s.equals("no-pushdown")) cells.add(fmt(median(p, s, q, PushbackBenchRunner.Run::millis) / none));
                row(sb, cells);
            }
            List<String> cells = new ArrayList<>(List.of(num(p), "geomean", ""));
            for (String s : strategies) {
                if (s.equals("no-pushdown")) continue;
                List<Double> ratios = new ArrayList<>();
                for (String q : plan.queries()) ratios.add(median(p, s, q, PushbackBenchRunner.Run::millis) / median(p, "no-pushdown", q,
                        PushbackBenchRunner.Run::millis));
                cells.add(fmt(Stats.geomean(ratios)));
            }
            row(sb, cells);
        }
        if (strategies.containsAll(List.of("no-pushdown", "eager", "pushback"))) {
            sb.append("\n## Fig. 19: admitted pushdown requests against the optimum n = k/(k+1)·N\n\n");
            sb.append("k = time without pushdown ÷ time of eager pushdown at that power (Eq. 6); N: requests of the pushback run.\n\n");
            header(sb, "power | query | k | N | admitted | optimum | admitted ÷ optimum", List.of());
            for (String q : plan.queries()) {
                for (double p : plan.powers()) {
                    double k = median(p, "no-pushdown", q, PushbackBenchRunner.Run::millis) / median(p, "eager", q, PushbackBenchRunner.Run::millis);
                    double n = median(p, "pushback", q, PushbackBenchRunner.Run::requested);
                    double admitted = median(p, "pushback", q, PushbackBenchRunner.Run::admitted);
                    double optimum = k / (k + 1) * n;
                    row(sb, List.of(num(p), q, fmt(k), fmt(n), fmt(admitted), fmt(optimum), fmt(admitted / optimum)));
                }
            }
        }
        sb.append("\n## Fig. 20: bytes over the network (MB)\n\n");
        header(sb, "power | query", strategies);
        for (double p : plan.powers()) {
            for (String q : plan.queries()) {
                List<String> cells = new ArrayList<>(List.of(num(p), q));
                for (String s : strategies) cells.add(fmt(median(p, s, q, r -> r.networkBytes()) / 1e6));
                row(sb, cells);
            }
        }
        if (!outcome.concurrent().isEmpty()) {
            sb.append("\n## Fig. 22-23: ").append(String.join(" and ", plan.concurrent()))
                    .append(" at once (mode=pushdown), arbiter first come first served (on) and PA-aware (pa)\n\n");
            header(sb, "power | query | on ms | pa ms | on admitted | pa admitted | on MB | pa MB | on storage core ms | pa storage core ms",
                    List.of());
            for (double p : plan.powers()) {
                for (String q : plan.concurrent()) {
                    List<String> cells = new ArrayList<>(List.of(num(p), q));
                    for (ToDoubleFunction<PushbackBenchRunner.ConcurrentRun> f : List.<ToDoubleFunction<PushbackBenchRunner.ConcurrentRun>>of(
                            PushbackBenchRunner.ConcurrentRun::millis, r -> r.admitted(), r -> r.networkBytes() / 1e6,
                            PushbackBenchRunner.ConcurrentRun::storageCoreMillis)) {
                        for (String a : List.of("on", "pa")) cells.add(fmt(concurrent(p, a, q, f)));
                    }
                    row(sb, cells);
                }
            }
        }
        if (!outcome.warnings().isEmpty()) {
            sb.append("\n## Warnings\n\n");
            for (String w : outcome.warnings()) sb.append("- ").append(w).append('\n');
        }
        return sb.toString();
    }

    private double median(double power, String strategy, String query, ToDoubleFunction<PushbackBenchRunner.Run> f) {
        Predicate<PushbackBenchRunner.Run> p = r -> r.power() == power && r.strategy().equals(strategy) && r.query().equals(query);
        return Stats.median(outcome.runs().stream().filter(p).map(r -> f.applyAsDouble(r)).toList());
    }

    private double concurrent(double power, String arbiter, String query, ToDoubleFunction<PushbackBenchRunner.ConcurrentRun> f) {
        return Stats.median(outcome.concurrent().stream().filter(r -> r.power() == power && r.arbiter().equals(arbiter)
                && r.query().equals(query)).map(r -> f.applyAsDouble(r)).toList());
    }

    private static void header(StringBuilder sb, String first, List<String> more) {
        List<String> cols = new ArrayList<>(List.of(first.split(" \\| ")));
        cols.addAll(more);
        sb.append("| ").append(String.join(" | ", cols)).append(" |\n|");
        for (int i = 0; i < cols.size(); i++) sb.append("---|");
        sb.append('\n');
    }

    private static void row(StringBuilder sb, List<String> cells) {
        sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }

    static String num(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : String.format(Locale.ROOT, "%.3f", d);
    }

    static String fmt(double d) {
        if (Double.isNaN(d)) return "-";
        return Math.abs(d) >= 100 ? String.format(Locale.ROOT, "%.0f", d) : String.format(Locale.ROOT, "%.3f", d);
    }
}
