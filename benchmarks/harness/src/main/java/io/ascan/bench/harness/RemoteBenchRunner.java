package io.ascan.bench.harness;

import io.ascan.embedded.Ascan;
import io.ascan.embedded.QueryReader;
import io.ascan.planner.BenchmarkQueries;
import io.ascan.planner.PreparedQuery;
import io.ascan.scan.policy.PolicyConfig;
import io.ascan.scan.remote.RemoteStorages;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs {@code ascan bench remote}: per link limit a storage node behind it, and per query one
 * warm-up of every mode, then {@code runs} rounds in each of which every mode runs once, the order
 * rotated from round to round (as {@link ExperimentRunner}). Every answer is compared with the
 * local engine's over the catalog directory (or, for a node at a URL without one, with the first
 * remote answer). Then the streaming passes over loopback and locally.
 */
public final class RemoteBenchRunner {
    /** What {@code ascan bench remote} measures. */
    public record Plan(String workload, List<String> queries, List<String> modes, List<RemoteLink> links, int storageThreads,
                       int computeThreads, int runs, Map<String, String> settings, String streamTable, int streamRuns,
                       int streamThreads) {
        public Plan {
            queries = List.copyOf(queries);
            modes = List.copyOf(modes);
            links = List.copyOf(links);
            settings = Map.copyOf(settings);
            if (queries.isEmpty() || modes.isEmpty() || links.isEmpty()) throw new IllegalArgumentException("nothing to run");
            for (String m : modes) {
                if (!List.of("direct", "pushdown", "adaptive").contains(m)) {
                    throw new IllegalArgumentException("--modes takes direct, pushdown and adaptive (a storage node offers no staging), got '" + m + "'");
                }
            }
            if (runs < 1) throw new IllegalArgumentException("--runs must be at least 1, got " + runs);
            if (streamRuns < 0 || streamThreads < 1) throw new IllegalArgumentException("--stream-runs must be at least 0 and --stream-threads at least 1");
        }

        public int executions() {
            return queries.size() * modes.size() * links.size() * (runs + 1);
        }
    }

    /** One timed query run over one link. {@code answer}: same (as the reference), differs, or reference. */
    public record Result(RemoteLink link, String shaping, Measurement m, String answer) {}

    public record Outcome(List<Result> results, List<SegmentStreaming.Pass> streaming, List<String> warnings) {}

    private final Plan plan;
    private final Path dir;
    private final RemoteNodes nodes;
    private final ProgressLog log;

    /** @param dir the catalog the node serves, for the local answers and the local streaming pass; null if not at hand */
    public RemoteBenchRunner(Plan plan, Path dir, RemoteNodes nodes, PrintWriter err) {
        this.plan = plan;
        this.dir = dir;
        this.nodes = nodes;
        this.log = new ProgressLog(err, plan.executions());
    }

    public Outcome run() throws Exception {
        Map<String, Answer> reference = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        if (dir != null) localAnswers(reference);
        List<Result> results = new ArrayList<>();
        for (RemoteLink link : plan.links()) {
            String shaping = !link.limited() ? "none" : nodes.shapes() ? "tc" : "token-bucket";
            log.note("link " + link.label() + (link.limited() ? " (" + shapingText(shaping) + ")" : ""));
            try (RemoteNodes.Node node = nodes.start(link); Ascan engine = Ascan.open(node.url(), engineSettings(link))) {
                for (String q : plan.queries()) runQuery(engine, q, link, shaping, reference, results, warnings);
            }
        }
        List<SegmentStreaming.Pass> streaming = List.of();
        if (plan.streamRuns() > 0) {
            try {
                streaming = streaming();
            } catch (Exception e) { // the query results stand without it
                String w = "the streaming measurement failed: " + e;
                warnings.add(w);
                log.note("WARNING " + w);
            }
        }
        return new Outcome(results, streaming, warnings);
    }

    static String shapingText(String shaping) {
        return switch (shaping) {
            case "tc" -> "a real link shaped with tc";
            case "token-bucket" -> "emulated by the compute side's token bucket, interconnect.bandwidth";
            default -> "no limit";
        };
    }

    private Map<String, String> engineSettings(RemoteLink link) {
        Map<String, String> s = new HashMap<>(plan.settings());
        if (link.limited() && !nodes.shapes()) s.put("interconnect.bandwidth", Long.toString(link.bytesPerSecond()));
        // a shaped link is not emulated again, but the adaptive scan's cost model weighs bytes over it
        if (link.limited() && nodes.shapes()) s.put("storage.linkBandwidth", Long.toString(link.bytesPerSecond()));
        return s;
    }

    private void localAnswers(Map<String, Answer> reference) throws Exception {
        try (Ascan local = Ascan.open(dir, plan.settings())) {
            for (String q : plan.queries()) {
                Answer a = new Answer();
                try (QueryReader r = local.query(BenchmarkQueries.text(plan.workload(), q))) {
                    while (r.loadNextBatch()) a.add(r.getVectorSchemaRoot());
                }
                reference.put(q, a);
                log.note("local answer of " + q + ": " + a.rows() + " rows");
            }
        }
    }

    private void runQuery(Ascan engine, String q, RemoteLink link, String shaping, Map<String, Answer> reference,
                          List<Result> results, List<String> warnings) throws Exception {
        PreparedQuery statement = engine.prepare(BenchmarkQueries.text(plan.workload(), q));
        List<String> modes = plan.modes();
        int n = modes.size();
        for (int round = 0; round <= plan.runs(); round++) {
            for (int i = 0; i < n; i++) {
                Variant v = variant(modes.get((i + Math.max(0, round - 1)) % n), link);
                Answer answer = new Answer();
                long start = System.nanoTime();
                Measurement m;
                List<io.ascan.scan.ScanReport> reports;
                try (QueryReader reader = engine.query(statement, ExperimentRunner.options(engine.config(), v))) {
                    long rows = 0;
                    while (reader.loadNextBatch()) {
                        rows += reader.getVectorSchemaRoot().getRowCount();
                        answer.add(reader.getVectorSchemaRoot());
                    }
                    m = Measurement.of(q, v, round, System.nanoTime() - start, rows, reader.scanReports(), false);
                    reports = v.strategy().equals("adaptive") ? reader.scanReports() : List.of();
                }
                log.ran(plan.workload(), q, v.strategy() + " [" + link.label() + "]", round, plan.runs(), m.millis(), m.rows());
                // why an adaptive run sampled and switched: its scans' notes, as EXPLAIN ANALYZE prints them
                for (var r : reports) if (r.slices() >= 100) log.note(r.format().indent(4).stripTrailing());
                Answer ref = reference.putIfAbsent(q, answer);
                String diff = ref == null ? null : ref.difference(answer);
                if (diff != null) {
                    String w = q + " mode=" + v.strategy() + " link " + link.label() + ": the answer differs from the "
                            + (dir != null ? "local one" : "first remote one") + ": " + diff;
                    warnings.add(w);
                    log.note("WARNING " + w);
                }
                if (round > 0) results.add(new Result(link, shaping, m, ref == null ? "reference" : diff == null ? "same" : "differs"));
            }
        }
    }

    /** The mode under the plan's threads; Configuration's link is the limit (0: none), however it was made. */
    private Variant variant(String mode, RemoteLink link) {
        Configuration c = new Configuration(plan.storageThreads(), plan.computeThreads(), link.bytesPerSecond(), false);
        return new Variant(mode, c, mode.equals("adaptive") ? new PolicyParams(PolicyConfig.DEFAULTS.nSample(), PolicyConfig.DEFAULTS.delta()) : null);
    }

    /** One untimed pass each to warm up, then streamRuns passes alternating loopback and local. */
    private List<SegmentStreaming.Pass> streaming() throws Exception {
        List<SegmentStreaming.Pass> passes = new ArrayList<>();
        try (RemoteNodes.Node node = nodes.loopback(); Ascan remote = Ascan.open(node.url(), plan.settings());
             Ascan local = dir == null ? null : Ascan.open(dir, plan.settings())) {
            var remoteTable = remote.catalog().table(plan.streamTable());
            var storage = RemoteStorages.of(remote.catalog().dir());
            for (int run = 0; run <= plan.streamRuns(); run++) {
                SegmentStreaming.Pass p = SegmentStreaming.pass("loopback", run, remoteTable, storage, plan.streamThreads());
                streamed(p, passes);
                if (local != null) streamed(SegmentStreaming.pass("local", run, local.catalog().table(plan.streamTable()), null,
                        plan.streamThreads()), passes);
            }
        }
        return passes;
    }

    private void streamed(SegmentStreaming.Pass p, List<SegmentStreaming.Pass> passes) {
        log.note(String.format(java.util.Locale.ROOT, "streaming %s %s %s: %.0f MB in %.0f ms, %.1f MB/s", plan.streamTable(),
                p.source(), p.run() == 0 ? "warm-up" : "run " + p.run(), p.segmentBytes() / 1e6, p.millis(), p.megabytesPerSecond()));
        if (p.run() > 0) passes.add(p);
    }
}
