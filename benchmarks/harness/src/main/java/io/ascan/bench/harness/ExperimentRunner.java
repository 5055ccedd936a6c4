package io.ascan.bench.harness;

import io.ascan.embedded.Ascan;
import io.ascan.embedded.QueryReader;
import io.ascan.engine.EngineConfig;
import io.ascan.engine.EngineProperties;
import io.ascan.exec.QueryOptions;
import io.ascan.planner.PreparedQuery;
import io.ascan.scan.ScanReport;
import io.ascan.topology.Topology;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs a plan: per query, one warm-up run of every variant (code generation, caches), then
 * {@code runs} rounds in each of which every variant runs once, the order rotated from round to
 * round, so that drift (a noisy disk, a neighbour on the machine) hits all strategies alike.
 * One engine per emulated link (an engine-wide setting); everything else is per query.
 */
public final class ExperimentRunner {
    /** What a run produced besides the measurements. */
    public record Outcome(List<Measurement> measurements, List<String> warnings, String topology,
                          double hogBytesPerSecond, int[] hogCpus) {}

    private final ExperimentPlan plan;
    private final Path dir;
    private final ProgressLog log;

    public ExperimentRunner(ExperimentPlan plan, Path dir, PrintWriter err) {
        this.plan = plan;
        this.dir = dir;
        this.log = new ProgressLog(err, plan.executions());
    }

    public Outcome run() throws Exception {
        Topology topology = Topology.detect(-1, -1);
        Map<Long, Ascan> engines = new LinkedHashMap<>();
        BandwidthHog hog = null;
        List<Measurement> all = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        try {
            for (Variant v : plan.variants()) {
                long link = v.config().interconnect();
                if (!engines.containsKey(link)) engines.put(link, Ascan.open(dir, engineSettings(link)));
            }
            if (plan.variants().stream().anyMatch(v -> v.config().hog())) {
                hog = BandwidthHog.start(topology);
                log.note("bandwidth hog ready: " + hog.cpus().length + " thread(s) pinned to storage CPUs "
                        + java.util.Arrays.toString(hog.cpus()) + ", 2 x " + (BandwidthHog.BUFFER_BYTES >> 20) + " MiB each");
            }
            for (String query : plan.queries()) {
                String sql = plan.workload().sql(query);
                Map<Long, PreparedQuery> prepared = new HashMap<>();
                for (Map.Entry<Long, Ascan> e : engines.entrySet()) prepared.put(e.getKey(), e.getValue().prepare(sql));
                List<Variant> variants = plan.variants();
                int n = variants.size();
                for (int round = 0; round <= plan.runs(); round++) {
                    for (int i = 0; i < n; i++) {
                        Variant v = variants.get((i + Math.max(0, round - 1)) % n);
                        Ascan engine = engines.get(v.config().interconnect());
                        Measurement m = measure(engine, prepared.get(v.config().interconnect()), query, v, round, hog);
                        log.ran(plan.workload().label(), query, progressLabel(v), round, plan.runs(), m.millis(), m.rows());
                        if (round > 0) all.add(m);
                    }
                }
                checkRows(query, all, warnings);
            }
            return new Outcome(all, warnings, topology.toString(), hog == null ? 0 : hog.bytesPerSecond(),
                    hog == null ? new int[0] : hog.cpus());
        } finally {
            if (hog != null) hog.close();
            for (Ascan a : engines.values()) a.close();
        }
    }

    private Map<String, String> engineSettings(long link) {
        Map<String, String> s = new HashMap<>(plan.settings());
        s.put("interconnect.bandwidth", Long.toString(link));
        return s;
    }

    /** The variant's settings over the engine's, validated as every other front end validates them. */
    static QueryOptions options(EngineConfig engine, Variant v) {
        Map<String, String> s = new HashMap<>();
        s.put("mode", v.strategy());
        s.put("storage.threads", Integer.toString(v.config().storageThreads()));
        s.put("compute.threads", Integer.toString(v.config().computeThreads()));
        if (v.policy() != null) {
            s.put("policy.nSample", Integer.toString(v.policy().nSample()));
            s.put("policy.delta", Double.toString(v.policy().delta()));
        }
        return EngineProperties.parse(s, engine).query();
    }

    private Measurement measure(Ascan engine, PreparedQuery statement, String query, Variant v, int run,
                                BandwidthHog hog) throws Exception {
        QueryOptions options = options(engine.config(), v);
        if (v.config().hog()) hog.resume();
        try {
            long start = System.nanoTime();
            try (QueryReader reader = engine.query(statement, options)) {
                long rows = 0;
                while (reader.loadNextBatch()) rows += reader.getVectorSchemaRoot().getRowCount();
                long nanos = System.nanoTime() - start;
                List<ScanReport> reports = reader.scanReports();
                return Measurement.of(query, v, run, nanos, rows, reports, plan.timeline());
            }
        } finally {
            if (v.config().hog()) hog.pause();
        }
    }

    private String progressLabel(Variant v) {
        return v.label(plan.policyGrid()) + " [" + v.config().label() + "]";
    }

    /** Every strategy and run must return the same rows; a difference is an engine bug worth shouting about. */
    private void checkRows(String query, List<Measurement> all, List<String> warnings) {
        Map<String, java.util.Set<Long>> rowsByVariant = new LinkedHashMap<>();
        for (Measurement m : all) {
            if (m.query().equals(query)) {
                rowsByVariant.computeIfAbsent(progressLabel(m.variant()), k -> new java.util.TreeSet<>()).add(m.rows());
            }
        }
        if (rowsByVariant.values().stream().flatMap(java.util.Set::stream).distinct().count() > 1) {
            String w = String.format(Locale.ROOT, "%s: result row counts differ between runs: %s", query, rowsByVariant);
            warnings.add(w);
            log.note("WARNING " + w);
        }
    }
}
