package io.ascan.bench.harness;

import io.ascan.catalog.Table;
import io.ascan.embedded.Ascan;
import io.ascan.embedded.QueryReader;
import io.ascan.engine.Engine;
import io.ascan.format.SliceMeta;
import io.ascan.planner.PreparedQuery;
import io.ascan.scan.ScanReport;
import io.ascan.scan.abm.ActiveBufferManager;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs the Cooperative Scans experiment of a {@link CscanPlan}: per policy an engine of its own
 * (one Ascan handle whose queries share that engine's Active Buffer Manager), warmed up and then
 * emptied, the streams started {@code staggerMillis} apart, every query's time, answer and ABM
 * figures, the engine's loads with their time (the I/O timeline), its CPU use. Stand-alone times
 * (for the normalized latency) are measured on an empty pool of the normal policy's engine.
 */
public final class CscanRunner {
    /** Lineitem's columns the two queries read (FAST's are a subset of SLOW's, plus the range column). */
    static final List<String> TPCH_COLUMNS = List.of("l_orderkey", "l_quantity", "l_extendedprice", "l_discount", "l_tax",
            "l_returnflag", "l_linestatus", "l_shipdate");
    static final List<String> OVERLAP_COLUMNS = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
    static final String TPCH = "tpch";
    static final int ALONE_RUNS = 2;

    /** One query of a run. Times are milliseconds, starts relative to the run's start. */
    public record Exec(CscanQuery query, double startMillis, double millis, long rows, String answer, long loads,
                       long loadedBytes, long sharedSlices, long slices, long waits, double waitMillis) {}

    /** One policy's run of one experiment ("tpch" or an overlap mix such as "ABC,BCD"). */
    public record Run(String experiment, String policy, int round, List<Exec> execs, double totalMillis,
                      double cpuShare, ActiveBufferManager.Statistics abm, List<double[]> loadEvents) {
        /** Mean over streams of the time from a stream's start to its last query's end. */
        public double avgStreamMillis() {
            Map<Integer, double[]> span = new HashMap<>();
            for (Exec e : execs) {
                double[] s = span.computeIfAbsent(e.query().stream(), k -> new double[] {Double.MAX_VALUE, 0});
                s[0] = Math.min(s[0], e.startMillis());
                s[1] = Math.max(s[1], e.startMillis() + e.millis());
            }
            return span.values().stream().mapToDouble(s -> s[1] - s[0]).average().orElse(0);
        }
    }

    /** Everything a bench run produced. */
    public record Outcome(Map<String, Double> aloneMillis, List<Run> runs, long poolBytes, long scannedBytes,
                          List<String> mismatches) {}

    private final CscanPlan plan;
    private final Path dir;
    private final Map<String, String> settings;
    private final PrintWriter err;
    private final long start = System.nanoTime();

    /** @param settings further engine settings (--set) */
    public CscanRunner(CscanPlan plan, Path dir, Map<String, String> settings, PrintWriter err) {
        this.plan = plan;
        this.dir = dir;
        this.settings = settings;
        this.err = err;
    }

    public Outcome run() throws Exception {
        long scanned;
        long keyMin, keyMax;
        try (Ascan a = Ascan.open(dir, Map.of("abm.bytes", "0"))) {
            scanned = columnBytes(a.catalog().table("lineitem"), TPCH_COLUMNS);
            try (QueryReader r = a.query("SELECT min(l_orderkey), max(l_orderkey) FROM lineitem")) {
                r.loadNextBatch();
                keyMin = ((Number) r.getVectorSchemaRoot().getVector(0).getObject(0)).longValue();
                keyMax = ((Number) r.getVectorSchemaRoot().getVector(1).getObject(0)).longValue();
            }
        }
        long pool = plan.poolBytes() > 0 ? plan.poolBytes() : scanned / 4;
        note(String.format(java.util.Locale.ROOT, "lineitem: the queries' columns hold %d MiB; ABM pool %d MiB; emulated disk %s",
                scanned >> 20, pool >> 20, plan.readBandwidth() == 0 ? "off" : (plan.readBandwidth() >> 20) + " MiB/s"));
        List<List<CscanQuery>> streams = plan.streams(keyMin, keyMax);
        Map<String, Double> alone = new LinkedHashMap<>(aloneTimes(streams, pool, keyMin, keyMax));
        List<Run> runs = new ArrayList<>();
        for (int round = 0; round < plan.rounds(); round++) {
            for (int i = 0; i < plan.policies().size(); i++) {
                String p = plan.policies().get((i + round) % plan.policies().size());
                runs.add(runStreams(TPCH, p, round, streams, pool));
            }
        }
        if (!plan.overlapMixes().isEmpty()) {
            long overlapPool;
            try (Ascan a = Ascan.open(dir, Map.of("abm.bytes", "0"))) {
                overlapPool = columnBytes(a.catalog().table(CscanQuery.OVERLAP_TABLE), OVERLAP_COLUMNS.subList(0, 3)) / 4;
            }
            note("overlap: ABM pool " + (overlapPool >> 20) + " MiB (a quarter of three columns)");
            for (List<String> mix : plan.overlapMixes()) {
                List<List<CscanQuery>> os = plan.overlapStreams(mix);
                for (int round = 0; round < plan.rounds(); round++) {
                    for (int i = 0; i < plan.overlapPolicies().size(); i++) {
                        String p = plan.overlapPolicies().get((i + round) % plan.overlapPolicies().size());
                        runs.add(runStreams(String.join("+", mix), p, round, os, overlapPool));
                    }
                }
            }
        }
        List<String> mismatches = plan.check() ? check(runs) : List.of();
        return new Outcome(alone, runs, pool, scanned, mismatches);
    }

    private Map<String, String> engineSettings(String policy, long pool, long bandwidth) {
        Map<String, String> s = new HashMap<>(settings);
        s.put("abm.policy", policy);
        s.put("abm.bytes", Long.toString(pool));
        s.put("abm.readBandwidth", Long.toString(bandwidth));
        s.putIfAbsent("scan.inlineRows", "0"); // every scan registers with the ABM, however small its range
        return s;
    }

    /** Per query type (kind and range size) its time alone on an empty pool, at a random place (normal policy). */
    private Map<String, Double> aloneTimes(List<List<CscanQuery>> streams, long pool, long keyMin, long keyMax) throws Exception {
        Map<String, CscanQuery> types = new java.util.TreeMap<>();
        Random r = new Random(plan.seed() + 1);
        for (List<CscanQuery> s : streams) {
            for (CscanQuery q : s) {
                if (types.containsKey(q.label())) continue;
                long[] range = CscanPlan.range(r, keyMin, keyMax, q.percent());
                types.put(q.label(), new CscanQuery(-1, 0, q.kind(), q.percent(), range[0], range[1]));
            }
        }
        Map<String, Double> out = new LinkedHashMap<>();
        try (Ascan a = Ascan.open(dir, engineSettings("normal", pool, plan.readBandwidth()))) {
            Engine engine = engine(a);
            try {
                ActiveBufferManager abm = engine.abm();
                warmUp(a, keyMin, keyMax);
                for (CscanQuery q : types.values()) {
                    double best = Double.MAX_VALUE;
                    for (int run = 0; run < ALONE_RUNS; run++) { // the best of a few: a busy machine only adds time
                        abm.emptyPool(60_000);
                        best = Math.min(best, execute(a, q, System.nanoTime()).millis());
                    }
                    out.put(q.label(), best);
                    note(String.format(java.util.Locale.ROOT, "alone %-6s %8.1f ms", q.label(), best));
                }
            } finally {
                engine.release();
            }
        }
        return out;
    }

    /** Compiles each query kind once (code generation is not what the experiment measures). */
    private void warmUp(Ascan a, long keyMin, long keyMax) throws Exception {
        long width = Math.max(1, (keyMax - keyMin + 1) / 100);
        for (String k : List.of(CscanQuery.FAST, CscanQuery.SLOW)) execute(a, new CscanQuery(-1, 0, k, 1, keyMin, keyMin + width), System.nanoTime());
    }

    private Run runStreams(String experiment, String policy, int round, List<List<CscanQuery>> streams, long pool) throws Exception {
        try (Ascan a = Ascan.open(dir, engineSettings(policy, pool, plan.readBandwidth()))) {
            Engine engine = engine(a);
            try {
                ActiveBufferManager abm = engine.abm();
                if (experiment.equals(TPCH)) {
                    warmUp(a, 1, 60_000); // any small key range compiles both kinds
                } else {
                    for (List<CscanQuery> s : streams) execute(a, new CscanQuery(-1, 0, s.getFirst().kind(), 1, 0, 10), System.nanoTime());
                }
                abm.emptyPool(60_000);
                ActiveBufferManager.Statistics before = abm.statistics();
                List<double[]> events = Collections.synchronizedList(new ArrayList<>());
                long t0 = System.nanoTime();
                abm.onLoad(ev -> events.add(new double[] {(ev.nanos() - t0) / 1e6, ev.slice(), ev.chunks(), ev.bytes()}));
                long cpu0 = cpuNanos();
                List<Exec> execs = Collections.synchronizedList(new ArrayList<>());
                ExecutorService streamThreads = Executors.newFixedThreadPool(streams.size());
                try {
                    List<Future<?>> done = new ArrayList<>();
                    for (List<CscanQuery> s : streams) {
                        done.add(streamThreads.submit(() -> {
                            long due = t0 + s.getFirst().stream() * plan.staggerMillis() * 1_000_000L;
                            long wait = due - System.nanoTime();
                            if (wait > 0) Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                            for (CscanQuery q : s) execs.add(execute(a, q, t0));
                            return null;
                        }));
                    }
                    for (Future<?> f : done) f.get();
                } finally {
                    streamThreads.shutdownNow();
                }
                double total = (System.nanoTime() - t0) / 1e6;
                double cpu = (cpuNanos() - cpu0) / 1e6 / total / Runtime.getRuntime().availableProcessors();
                abm.awaitLoads(60_000);
                abm.onLoad(null);
                ActiveBufferManager.Statistics after = abm.statistics();
                ActiveBufferManager.Statistics delta = new ActiveBufferManager.Statistics(after.policy(), after.capacity(),
                        after.loads() - before.loads(), after.chunkReads() - before.chunkReads(),
                        after.bytesRead() - before.bytesRead(), after.highWater(), after.diskWaitNanos() - before.diskWaitNanos());
                List<Exec> sorted = new ArrayList<>(execs);
                sorted.sort(java.util.Comparator.comparingInt((Exec e) -> e.query().stream()).thenComparingInt(e -> e.query().position()));
                Run run = new Run(experiment, policy, round, sorted, total, cpu, delta, new ArrayList<>(events));
                note(String.format(java.util.Locale.ROOT, "%s %-9s round %d: avg stream %.1f s, total %.1f s, CPU %.0f%%, "
                        + "%d chunk reads (%d MiB)", experiment, policy, round + 1, run.avgStreamMillis() / 1e3, total / 1e3,
                        cpu * 100, delta.chunkReads(), delta.bytesRead() >> 20));
                return run;
            } finally {
                engine.release();
            }
        }
    }

    private Exec execute(Ascan a, CscanQuery q, long t0) throws Exception {
        PreparedQuery p = a.prepare(q.sql()); // the handle's plan cache: one plan and pipeline classes per kind
        long s = System.nanoTime();
        try (QueryReader r = a.query(p, a.config().query(), q.parameters())) {
            long rows = 0;
            StringBuilder answer = new StringBuilder();
            while (r.loadNextBatch()) {
                rows += r.getVectorSchemaRoot().getRowCount();
                answer.append(r.getVectorSchemaRoot().contentToTSVString());
            }
            double millis = (System.nanoTime() - s) / 1e6;
            long loads = 0, bytes = 0, shared = 0, slices = 0, waits = 0, waitNanos = 0;
            for (ScanReport rep : r.scanReports()) {
                ScanReport.AbmFigures f = rep.abm();
                if (f == null) continue;
                loads += f.loads();
                bytes += f.loadedBytes();
                shared += f.shared();
                slices += f.slices();
                waits += f.waits();
                waitNanos += f.waitNanos();
            }
            return new Exec(q, (s - t0) / 1e6, millis, rows, answer.toString(), loads, bytes, shared, slices, waits, waitNanos / 1e6);
        }
    }

    /** Each query of every run once more alone, on an engine without disk emulation; answers must agree. */
    private List<String> check(List<Run> runs) throws Exception {
        List<String> out = new ArrayList<>();
        Map<String, String> answers = new HashMap<>();
        try (Ascan a = Ascan.open(dir, engineSettings("normal", 64L << 20, 0))) {
            for (Run run : runs) {
                for (Exec e : run.execs()) {
                    String sql = e.query().sql() + java.util.Arrays.toString(e.query().parameters());
                    String expected = answers.get(sql);
                    if (expected == null) {
                        expected = execute(a, e.query(), System.nanoTime()).answer();
                        answers.put(sql, expected);
                    }
                    if (!sameAnswer(expected, e.answer())) {
                        out.add(run.experiment() + " " + run.policy() + " stream " + e.query().stream() + " query "
                                + e.query().position() + " (" + e.query().label() + "): " + e.answer().strip()
                                + " alone: " + expected.strip());
                    }
                }
            }
        }
        note("checked " + answers.size() + " distinct queries against their answers alone: "
                + (out.isEmpty() ? "all agree" : out.size() + " differ"));
        return out;
    }

    /** Equal text, or numbers equal to 1e-9 relative (an average's last digit may depend on the order slices came in). */
    static boolean sameAnswer(String a, String b) {
        if (a.equals(b)) return true;
        String[] x = a.split("[\t\n]"), y = b.split("[\t\n]");
        if (x.length != y.length) return false;
        for (int i = 0; i < x.length; i++) {
            if (x[i].equals(y[i])) continue;
            try {
                double p = Double.parseDouble(x[i]), q = Double.parseDouble(y[i]);
                if (Math.abs(p - q) > 1e-9 * Math.max(Math.abs(p), Math.abs(q))) return false;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return true;
    }

    /** The bytes on disk of {@code columns} of {@code t} (what a full scan of them loads). */
    static long columnBytes(Table t, List<String> columns) {
        long n = 0;
        for (SliceMeta s : t.manifest().slices()) {
            for (String c : columns) n += s.segment(t.schema().indexOf(c)).memoryBytes(); // as the ABM holds them
        }
        return n;
    }

    /** The engine {@code a} runs on (same directory, same engine-wide settings), held until released. */
    private static Engine engine(Ascan a) {
        Engine e = Engine.acquire(a.catalog().dir(), a.config());
        if (e.abm() == null) {
            e.release();
            throw new IllegalStateException("abm.bytes is 0: the experiment needs an Active Buffer Manager");
        }
        return e;
    }

    private static long cpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : 0;
    }

    private void note(String line) {
        long s = (System.nanoTime() - start) / 1_000_000_000L;
        err.printf("[%d:%02d] %s%n", s / 60, s % 60, line);
        err.flush();
    }
}
