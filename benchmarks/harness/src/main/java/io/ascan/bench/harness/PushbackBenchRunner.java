package io.ascan.bench.harness;

import io.ascan.embedded.Ascan;
import io.ascan.embedded.QueryReader;
import io.ascan.planner.BenchmarkQueries;
import io.ascan.planner.PreparedQuery;
import io.ascan.scan.ScanReport;
import io.ascan.scan.policy.PolicyConfig;
import io.ascan.storage.node.StorageNode;
import io.ascan.storage.node.pushback.PushbackSettings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs {@code ascan bench pushback} (adaptive pushdown's section 6.2): per storage power, storage
 * nodes in this JVM on the catalog (one per arbiter policy, so each learns its own rates), the
 * queries under each strategy (a warm-up, then {@code runs} timed runs), and the two concurrent
 * query streams with and without PA-awareness. Every answer is checked against the local engine's.
 */
public final class PushbackBenchRunner {
    /** Strategy: the compute side's scan mode and the node's pushback policy. */
    public record Strategy(String name, String mode, String pushback) {}

    public static final List<Strategy> STRATEGIES = List.of(
            new Strategy("no-pushdown", "direct", "off"),
            new Strategy("eager", "pushdown", "force-admit"),
            new Strategy("pushback", "pushdown", "on"),
            new Strategy("adaptive", "adaptive", "force-admit"),
            new Strategy("both", "adaptive", "on"));

    /**
     * @param inFlight pushdown requests a scan keeps in flight (the compute side's storage.threads, which sets its pushdown
     *                 workers): the paper's query submits all its requests at once, and the arbiter's wait is made of them
     */
    public record Plan(String workload, List<String> queries, List<String> strategies, List<Double> powers, int storageThreads,
                       int computeThreads, int inFlight, long linkBytesPerSecond, int runs, List<String> concurrent, int concurrentRuns) {
        public Plan {
            queries = List.copyOf(queries);
            strategies = List.copyOf(strategies);
            powers = List.copyOf(powers);
            concurrent = List.copyOf(concurrent);
            List<String> known = STRATEGIES.stream().map(Strategy::name).toList();
            for (String s : strategies) {
                if (!known.contains(s)) throw new IllegalArgumentException("--strategies takes " + String.join(", ", known) + ", got '" + s + "'");
            }
            for (double p : powers) {
                if (!(p > 0 && p <= 1)) throw new IllegalArgumentException("--powers are fractions in (0, 1], got " + p);
            }
            if (queries.isEmpty() || strategies.isEmpty() || powers.isEmpty()) throw new IllegalArgumentException("nothing to run");
            if (runs < 1) throw new IllegalArgumentException("--runs must be at least 1, got " + runs);
            if (inFlight < 1) throw new IllegalArgumentException("--in-flight must be at least 1, got " + inFlight);
            if (concurrentRuns < 0) throw new IllegalArgumentException("--concurrent-runs must be at least 0");
            if (!concurrent.isEmpty() && concurrent.size() != 2) throw new IllegalArgumentException("--concurrent takes two queries");
        }

        Strategy strategy(String name) {
            return STRATEGIES.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
        }

        int executions() {
            return powers.size() * (queries.size() * strategies.size() * (runs + 1) + (concurrent.isEmpty() ? 0 : 2 * 2 * (concurrentRuns + 1)));
        }
    }

    /** One timed run of one query. */
    public record Run(double power, String strategy, String query, int run, double millis, long rows, long networkBytes,
                      long requested, long admitted, long pushedBack, String answer) {}

    /** One timed run of a query of the concurrent pair: {@code arbiter} on or pa; {@code storageCoreMillis} of the pair's round. */
    public record ConcurrentRun(double power, String arbiter, String query, int run, double millis, long networkBytes,
                                long requested, long admitted, long pushedBack, double storageCoreMillis, String answer) {}

    public record Outcome(List<Run> runs, List<ConcurrentRun> concurrent, List<String> warnings) {}

    private final Plan plan;
    private final Path dir;
    private final ProgressLog log;
    private final Map<String, Answer> reference = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();

    public PushbackBenchRunner(Plan plan, Path dir, PrintWriter err) {
        this.plan = plan;
        this.dir = dir;
        this.log = new ProgressLog(err, plan.executions());
    }

    public Outcome run() throws Exception {
        List<String> all = new ArrayList<>(plan.queries());
        for (String q : plan.concurrent()) if (!all.contains(q)) all.add(q);
        try (Ascan local = Ascan.open(dir, Map.of())) {
            for (String q : all) {
                reference.put(q, answer(local, q, null).answer);
                log.note("local answer of " + q + ": " + reference.get(q).rows() + " rows");
            }
        }
        List<Run> runs = new ArrayList<>();
        List<ConcurrentRun> concurrent = new ArrayList<>();
        for (double power : plan.powers()) {
            log.note("storage power " + power);
            for (String name : plan.strategies()) {
                Strategy s = plan.strategy(name);
                try (StorageNode node = node(s.pushback(), power); Ascan engine = Ascan.open(url(node), engineSettings())) {
                    for (String q : plan.queries()) {
                        for (int run = 0; run <= plan.runs(); run++) {
                            Timed t = answer(engine, q, s.mode());
                            log.ran(plan.workload(), q, name + " [power " + power + "]", run, plan.runs(), t.millis, t.answer.rows());
                            String a = check(q, t, name + " power " + power);
                            if (run > 0) {
                                runs.add(new Run(power, name, q, run, t.millis, t.answer.rows(), t.networkBytes, t.requested, t.admitted,
                                        t.pushedBack, a));
                            }
                        }
                    }
                }
            }
            if (!plan.concurrent().isEmpty() && plan.concurrentRuns() > 0) {
                for (String arbiter : List.of("on", "pa")) concurrent(power, arbiter, concurrent);
            }
        }
        return new Outcome(runs, concurrent, warnings);
    }

    /** The two queries at once, each on its own connection, against one node: a warm-up round, then the timed ones. */
    private void concurrent(double power, String arbiter, List<ConcurrentRun> out) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (StorageNode node = node(arbiter, power); Ascan a = Ascan.open(url(node), engineSettings());
             Ascan b = Ascan.open(url(node), engineSettings())) {
            Ascan[] engines = {a, b};
            for (int run = 0; run <= plan.concurrentRuns(); run++) {
                long core = node.pushdownCoreNanos();
                List<Future<Timed>> f = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    Ascan e = engines[i];
                    String q = plan.concurrent().get(i);
                    f.add(pool.submit(() -> answer(e, q, "pushdown")));
                }
                List<Timed> done = new ArrayList<>();
                for (Future<Timed> t : f) done.add(t.get());
                double coreMillis = (node.pushdownCoreNanos() - core) / 1e6;
                for (int i = 0; i < 2; i++) {
                    String q = plan.concurrent().get(i);
                    Timed t = done.get(i);
                    log.ran(plan.workload(), q, "concurrent " + arbiter + " [power " + power + "]", run, plan.concurrentRuns(), t.millis,
                            t.answer.rows());
                    String check = check(q, t, "concurrent " + arbiter + " power " + power);
                    if (run > 0) {
                        out.add(new ConcurrentRun(power, arbiter, q, run, t.millis, t.networkBytes, t.requested, t.admitted, t.pushedBack,
                                coreMillis, check));
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private String check(String q, Timed t, String what) {
        String diff = reference.get(q).difference(t.answer);
        if (diff == null) return "same";
        String w = q + " " + what + ": the answer differs from the local one: " + diff;
        warnings.add(w);
        log.note("WARNING " + w);
        return "differs";
    }

    private StorageNode node(String pushback, double power) throws java.io.IOException {
        PushbackSettings p = PushbackSettings.OFF.withPolicy(pushback).withPower(plan.storageThreads(), power, 0);
        return StorageNode.start(StorageNode.Settings.local(dir).withStorageThreads(plan.storageThreads()).withPushback(p));
    }

    private static String url(StorageNode node) {
        return "grpc://127.0.0.1:" + node.port();
    }

    private Map<String, String> engineSettings() {
        Map<String, String> s = new HashMap<>();
        if (plan.linkBytesPerSecond() > 0) s.put("interconnect.bandwidth", Long.toString(plan.linkBytesPerSecond()));
        return s;
    }

    private record Timed(Answer answer, double millis, long networkBytes, long requested, long admitted, long pushedBack) {}

    /** One run of {@code q} in {@code mode} (null: the engine's default), with its scans' figures. */
    private Timed answer(Ascan engine, String q, String mode) throws Exception {
        String sql = BenchmarkQueries.text(plan.workload(), q);
        PreparedQuery statement = mode == null ? null : engine.prepare(sql);
        Answer answer = new Answer();
        long start = System.nanoTime();
        QueryReader reader = mode == null ? engine.query(sql) : engine.query(statement, ExperimentRunner.options(engine.config(),
                variant(mode)));
        try (reader) {
            while (reader.loadNextBatch()) answer.add(reader.getVectorSchemaRoot());
            double millis = (System.nanoTime() - start) / 1e6;
            long bytes = 0, requested = 0, pushedBack = 0;
            for (ScanReport r : reader.scanReports()) {
                if (r.hybrid() == null) continue;
                bytes += r.hybrid().networkBytes();
                requested += r.hybrid().pushdownSlices();
                pushedBack += r.hybrid().pushedBackSlices();
            }
            return new Timed(answer, millis, bytes, requested, requested - pushedBack, pushedBack);
        }
    }

    private Variant variant(String mode) {
        Configuration c = new Configuration(plan.inFlight(), plan.computeThreads(), plan.linkBytesPerSecond(), false);
        return new Variant(mode, c, mode.equals("adaptive") ? new PolicyParams(PolicyConfig.DEFAULTS.nSample(), PolicyConfig.DEFAULTS.delta())
                : null);
    }
}
