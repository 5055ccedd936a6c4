package io.ascan.bench.harness;

import io.ascan.cache.BeladyPolicy;
import io.ascan.cache.CachePolicy;
import io.ascan.cache.SegmentId;
import io.ascan.embedded.Ascan;
import io.ascan.embedded.QueryReader;
import io.ascan.engine.Engine;
import io.ascan.scan.ScanReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs {@code ascan bench hybrid}: FlexPushdownDB's section 8.2 and 8.4 experiments over one
 * storage node behind a limited link (the compute side's token bucket). A configuration (exec.mode,
 * cache policy and capacity, skew θ, bitmaps) gets an engine of its own, so a cold cache: it runs
 * a warm-up workload drawn from the same distribution, then the timed one, query by query; every
 * answer is compared with the local engine's. Belady's oracle replays the segment accesses the LRU
 * run of the same θ recorded. The bitmap figure warms the cache with a query's projected (or its
 * predicate) columns and times the query with forced selection bitmaps against pushdown-only.
 */
public final class HybridBenchRunner {
    /** The figures: 13a (mode vs cache size), 13b (mode vs θ), 17 (policy vs θ), 25 (bitmaps). */
    public static final List<String> FIGURES = List.of("13a", "13b", "17", "25");
    public static final List<String> MODES = List.of("pullup", "caching-only", "pushdown-only", "hybrid");
    public static final List<String> POLICIES = List.of("lru", "lfu", "wlfu", "belady");
    /** Fig. 25's lo_quantity bounds (uniform on 1..50): about 10%, 50% and 90% of the tuples selected. */
    static final int[] BITMAP_QUANTITY = {6, 26, 46};
    static final String BITMAP_PROJECTION = "SUM(lo_extendedprice), SUM(lo_revenue), SUM(lo_supplycost), SUM(lo_ordtotalprice)";
    static final String BITMAP_PREDICATE = "lo_quantity < %d AND lo_discount <= 10";

    public record Plan(RemoteLink link, int queries, int warmup, long seed, List<Double> thetas, double theta13a,
                       List<Long> cacheSizes, long cache, List<String> figures, int bitmapRuns, String bitmaps, int storageThreads,
                       int computeThreads, Map<String, String> settings) {
        public Plan {
            thetas = List.copyOf(thetas);
            cacheSizes = List.copyOf(cacheSizes);
            figures = List.copyOf(figures);
            settings = Map.copyOf(settings);
            if (queries < 1 || warmup < 0) throw new IllegalArgumentException("--queries must be at least 1 and --warmup at least 0");
            if (thetas.isEmpty() || cacheSizes.isEmpty() || figures.isEmpty()) throw new IllegalArgumentException("nothing to run");
            for (String f : figures) {
                if (!FIGURES.contains(f)) throw new IllegalArgumentException("--figures takes " + String.join(", ", FIGURES) + ", got '" + f + "'");
            }
            for (double t : thetas) if (t < 0) throw new IllegalArgumentException("θ must not be negative, got " + t);
            if (bitmapRuns < 1) throw new IllegalArgumentException("--bitmap-runs must be at least 1");
            io.ascan.scan.BitmapUse.parse(bitmaps);
        }
    }

    /** One configuration of the workload figures; {@code policy} and {@code cacheBytes} only where exec.mode caches. */
    public record Config(String mode, String policy, long cacheBytes, double theta) {
        boolean caches() {
            return mode.equals("caching-only") || mode.equals("hybrid");
        }

        String label() {
            return caches() ? String.format(Locale.ROOT, "%s/%s/%s θ=%.2f", mode, policy, size(cacheBytes), theta)
                    : String.format(Locale.ROOT, "%s θ=%.2f", mode, theta);
        }
    }

    /** One timed query of a configuration. {@code answer}: same (as the local engine's) or differs. */
    public record QueryResult(Config config, int index, String template, double millis, long rows, long networkBytes,
                              long cached, long pushdown, long pullup, long bitmap, String answer, double load) {}

    /** One timed run of Fig. 25: a bitmap direction, the selectivity bound, the route (pushdown or bitmap). */
    public record BitmapResult(String direction, int quantityBound, String route, int run, double millis, long networkBytes,
                               long bitmapSlices, long pushdownSlices, String answer, double load) {}

    public record Outcome(List<QueryResult> queries, List<BitmapResult> bitmaps, List<String> warnings) {}

    private final Plan plan;
    private final Path dir;
    private final RemoteNodes nodes;
    private final ProgressLog log;
    private final List<String> warnings = new ArrayList<>();
    private final Map<Config, List<QueryResult>> done = new LinkedHashMap<>();
    private final Map<Double, List<SegmentId>> traces = new HashMap<>();
    private final Map<Double, List<HybridWorkload.Query>> timed = new HashMap<>(), warm = new HashMap<>();
    private final Map<Double, List<Answer>> answers = new HashMap<>();
    private long maxOrderKey;

    public HybridBenchRunner(Plan plan, Path dir, RemoteNodes nodes, PrintWriter err) {
        this.plan = plan;
        this.dir = dir;
        this.nodes = nodes;
        this.log = new ProgressLog(err, 0);
    }

    /** The configurations of each figure, in running order (LRU before Belady: its run records the trace). */
    public List<Config> configs(String figure) {
        List<Config> out = new ArrayList<>();
        switch (figure) {
            case "13a" -> {
                out.add(new Config("pullup", "-", 0, plan.theta13a()));
                out.add(new Config("pushdown-only", "-", 0, plan.theta13a()));
                for (long size : plan.cacheSizes()) {
                    out.add(new Config("caching-only", "lfu", size, plan.theta13a()));
                    out.add(new Config("hybrid", "lfu", size, plan.theta13a()));
                }
            }
            case "13b" -> {
                for (double t : plan.thetas()) {
                    out.add(new Config("pullup", "-", 0, t));
                    out.add(new Config("pushdown-only", "-", 0, t));
                    out.add(new Config("caching-only", "lfu", plan.cache(), t));
                    out.add(new Config("hybrid", "lfu", plan.cache(), t));
                }
            }
            case "17" -> {
                for (double t : plan.thetas()) for (String p : POLICIES) out.add(new Config("hybrid", p, plan.cache(), t));
            }
            default -> {}
        }
        return out;
    }

    public Outcome run() throws Exception {
        try (Ascan local = Ascan.open(dir, plan.settings()); QueryReader r = local.query("SELECT MAX(lo_orderkey) FROM lineorder")) {
            r.loadNextBatch();
            maxOrderKey = ((Number) r.getVectorSchemaRoot().getVector(0).getObject(0)).longValue();
        }
        List<BitmapResult> bitmaps = new ArrayList<>();
        try (RemoteNodes.Node node = nodes.start(plan.link())) {
            for (String f : plan.figures()) {
                if (f.equals("25")) {
                    bitmaps.addAll(bitmapFigure(node));
                    continue;
                }
                for (Config c : configs(f)) if (!done.containsKey(c)) done.put(c, runConfig(node, c));
            }
        }
        List<QueryResult> all = new ArrayList<>();
        for (List<QueryResult> l : done.values()) all.addAll(l);
        return new Outcome(all, bitmaps, warnings);
    }

    private Map<String, String> settings(String mode, String policy, long cacheBytes, String bitmaps) {
        Map<String, String> s = new HashMap<>(plan.settings());
        s.put("exec.mode", mode);
        s.put("mode", "pushdown"); // hybrid: what is not cached is pushed down (the paper's hybrid)
        s.put("cache.compute.bytes", Long.toString(cacheBytes));
        if (!policy.equals("-")) s.put("cache.compute.policy", policy);
        s.put("exec.bitmaps", bitmaps);
        s.put("storage.threads", Integer.toString(plan.storageThreads()));
        s.put("compute.threads", Integer.toString(plan.computeThreads()));
        if (plan.link().limited() && !nodes.shapes()) s.put("interconnect.bandwidth", Long.toString(plan.link().bytesPerSecond()));
        return s;
    }

    private void workloads(double theta) throws Exception {
        if (timed.containsKey(theta)) return;
        long seed = plan.seed() + Math.round(theta * 1000);
        timed.put(theta, HybridWorkload.generate(plan.queries(), theta, maxOrderKey, seed));
        warm.put(theta, HybridWorkload.generate(plan.warmup(), theta, maxOrderKey, seed + 7919));
        List<Answer> a = new ArrayList<>();
        try (Ascan local = Ascan.open(dir, plan.settings())) {
            for (HybridWorkload.Query q : timed.get(theta)) a.add(answer(local, q.sql()).answer);
        }
        answers.put(theta, a);
        log.note(String.format(Locale.ROOT, "θ=%.2f: %d warm-up and %d timed queries, local answers taken", theta, plan.warmup(),
                plan.queries()));
    }

    private List<QueryResult> runConfig(RemoteNodes.Node node, Config c) throws Exception {
        workloads(c.theta());
        double load = loadAverage();
        String policy = c.policy().equals("belady") ? "lru" : c.policy(); // belady gets its trace below
        List<QueryResult> out = new ArrayList<>();
        try (Ascan engine = Ascan.open(node.url(), settings(c.mode(), policy, c.caches() ? c.cacheBytes() : 0, plan.bitmaps()))) {
            RecordingPolicy recorder = null;
            if (c.caches() && (c.policy().equals("lru") || c.policy().equals("belady"))) {
                CachePolicy p = c.policy().equals("lru") ? (recorder = new RecordingPolicy(CachePolicy.of("lru")))
                        : new BeladyPolicy(traces.getOrDefault(c.theta(), List.of()));
                if (c.policy().equals("belady") && !traces.containsKey(c.theta())) {
                    warn(c.label() + ": no recorded trace (run LRU first): Belady has no future to look at");
                }
                Engine e = Engine.acquire(engine.catalog().dir(), engine.config());
                try {
                    e.computeCache().policy(p);
                } finally {
                    e.release();
                }
            }
            for (HybridWorkload.Query q : warm.get(c.theta())) answer(engine, q.sql());
            List<HybridWorkload.Query> qs = timed.get(c.theta());
            double total = 0;
            int differing = 0;
            for (int i = 0; i < qs.size(); i++) {
                Timed t = answer(engine, qs.get(i).sql());
                String diff = answers.get(c.theta()).get(i).difference(t.answer);
                if (diff != null) {
                    differing++;
                    warn(c.label() + " query " + i + " (" + qs.get(i).template() + "): the answer differs from the local one: " + diff);
                }
                out.add(new QueryResult(c, i, qs.get(i).template(), t.millis, t.answer.rows(), t.bytes, t.routes[0], t.routes[1],
                        t.routes[2], t.routes[3], diff == null ? "same" : "differs", load));
                total += t.millis;
            }
            if (recorder != null) traces.put(c.theta(), recorder.trace());
            log.note(String.format(Locale.ROOT, "%s: %d queries in %.0f ms%s (load %.1f)", c.label(), qs.size(), total,
                    differing == 0 ? "" : ", " + differing + " answers differ", load));
        }
        return out;
    }

    /** Fig. 25: per direction and selectivity, bitmaps forced after warming the cache, and pushdown-only. */
    private List<BitmapResult> bitmapFigure(RemoteNodes.Node node) throws Exception {
        List<BitmapResult> out = new ArrayList<>();
        for (int bound : BITMAP_QUANTITY) {
            String sql = "SELECT " + BITMAP_PROJECTION + " FROM lineorder WHERE " + String.format(Locale.ROOT, BITMAP_PREDICATE, bound);
            Answer expected;
            try (Ascan local = Ascan.open(dir, plan.settings())) {
                expected = answer(local, sql).answer;
            }
            for (String route : List.of("pushdown", "storage", "compute")) {
                double load = loadAverage();
                boolean pushdown = route.equals("pushdown");
                try (Ascan engine = Ascan.open(node.url(), settings(pushdown ? "pushdown-only" : "hybrid", "lfu",
                        pushdown ? 0 : 1L << 40, pushdown ? "off" : "force"))) {
                    if (!pushdown) {
                        String columns = route.equals("storage") ? BITMAP_PROJECTION : "SUM(lo_quantity), SUM(lo_discount)";
                        answer(engine, "SELECT " + columns + " FROM lineorder"); // no P: pulled up, admitted
                    }
                    for (int run = 0; run <= plan.bitmapRuns(); run++) {
                        Timed t = answer(engine, sql);
                        String diff = expected.difference(t.answer);
                        if (diff != null) warn("fig. 25 " + route + " lo_quantity < " + bound + ": the answer differs: " + diff);
                        if (run > 0) {
                            for (String d : pushdown ? List.of("storage", "compute") : List.of(route)) {
                                out.add(new BitmapResult(d, bound, pushdown ? "pushdown" : "bitmap", run, t.millis, t.bytes,
                                        t.routes[3], t.routes[1], diff == null ? "same" : "differs", load));
                            }
                        }
                    }
                    log.note(String.format(Locale.ROOT, "fig. 25 %s lo_quantity < %d: %.0f ms, %.1f MB over the link", route, bound,
                            out.getLast().millis(), out.getLast().networkBytes() / 1e6));
                }
            }
        }
        return out;
    }

    private record Timed(Answer answer, double millis, long bytes, long[] routes) {}

    /** Runs {@code sql}; its answer, time, bytes over the link and slices cached, pushdown, pull-up, bitmap. */
    private static Timed answer(Ascan engine, String sql) throws Exception {
        Answer a = new Answer();
        long start = System.nanoTime();
        long bytes = 0;
        long[] routes = new long[4];
        try (QueryReader r = engine.query(sql)) {
            while (r.loadNextBatch()) a.add(r.getVectorSchemaRoot());
            double millis = (System.nanoTime() - start) / 1e6;
            for (ScanReport s : r.scanReports()) {
                ScanReport.HybridFigures h = s.hybrid();
                if (h == null) continue;
                bytes += h.networkBytes();
                routes[0] += h.cachedSlices();
                routes[1] += h.pushdownSlices();
                routes[2] += h.pullupSlices();
                routes[3] += h.bitmapFromStorage() + h.bitmapFromCompute();
            }
            return new Timed(a, millis, bytes, routes);
        }
    }

    /** A byte count as users give it ({@code 128m}, {@code 1g}). */
    static String size(long bytes) {
        if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) return (bytes >> 30) + "g";
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) return (bytes >> 20) + "m";
        if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) return (bytes >> 10) + "k";
        return Long.toString(bytes);
    }

    private void warn(String w) {
        warnings.add(w);
        log.note("WARNING " + w);
    }

    /** The 1-minute load average (the machine is shared): printed beside each figure. */
    static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        }
    }

    /** A policy that records every access it is told of (the trace Belady's oracle replays), deciding as {@code delegate}. */
    static final class RecordingPolicy implements CachePolicy {
        private final CachePolicy delegate;
        private final List<SegmentId> trace = new ArrayList<>();

        RecordingPolicy(CachePolicy delegate) {
            this.delegate = delegate;
        }

        @Override
        public String name() {
            return delegate.name();
        }

        @Override
        public void accessed(SegmentId id, long bytes, double weight) {
            trace.add(id);
            delegate.accessed(id, bytes, weight);
        }

        @Override
        public double value(SegmentId id) {
            return delegate.value(id);
        }

        List<SegmentId> trace() {
            return List.copyOf(trace);
        }
    }
}
