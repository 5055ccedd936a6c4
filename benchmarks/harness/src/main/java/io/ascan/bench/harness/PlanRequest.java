package io.ascan.bench.harness;

import io.ascan.engine.EngineProperties;
import io.ascan.exec.QueryOptions;
import io.ascan.scan.ScanStrategy;
import io.ascan.scan.policy.PolicyConfig;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The command-line request of {@code ascan bench ascan}, every field null when not given, and
 * its resolution into an {@link ExperimentPlan}: what was given, else the experiment's preset,
 * else the engine's default. Every inconsistency is an {@link IllegalArgumentException} that
 * names the flag.
 */
public final class PlanRequest {
    public static final String DEFAULT_SF = "1";
    public static final String DEFAULT_ROWS = "10000000";
    public static final int DEFAULT_RUNS = 3;

    public String experiment;
    public String workload;
    public String sf;
    public String rows;
    public List<String> queries;
    public List<String> strategies;
    public List<Integer> storageThreads;
    public List<Integer> computeThreads;
    public List<Long> interconnect;
    public List<Integer> nSample;
    public List<Double> delta;
    public List<String> hog;
    public Integer sliceRows;
    public Integer runs;
    public Boolean timeline;
    public java.util.Map<String, String> settings;

    /** Settings the harness sets itself, from its own flags; --set may not change them behind its back. */
    static final List<String> OWN_SETTINGS = List.of("mode", "storage.threads", "compute.threads", "interconnect.bandwidth",
            "policy.nSample", "policy.delta", "scan.sliceRows");

    /** @param multiNode whether the machine has a real storage-compute boundary (then no link is emulated by default) */
    public ExperimentPlan resolve(boolean multiNode) {
        Experiment e = experiment == null ? null : Experiment.parse(experiment);
        Workload w = resolveWorkload(e);
        DataSize size = resolveSize(w);
        List<String> qs = resolveQueries(w, e);
        List<String> ss = resolveStrategies(e);
        List<Integer> st = pick(storageThreads, e == null ? null : e.storageThreads, QueryOptions.DEFAULTS.storageThreads());
        List<Integer> ct = pick(computeThreads, e == null ? null : e.computeThreads, QueryOptions.DEFAULTS.computeThreads());
        List<Long> links = pick(interconnect, null, e != null && !multiNode ? Experiment.EMULATED_LINK : 0L);
        List<Integer> ns = pick(nSample, e == null ? null : e.nSample, PolicyConfig.DEFAULTS.nSample());
        List<Double> ds = pick(delta, e == null ? null : e.delta, PolicyConfig.DEFAULTS.delta());
        List<Boolean> hogs = hog == null ? (e == null ? List.of(false) : e.hog) : hog.stream().map(PlanRequest::onOff).toList();
        if ((nSample != null || delta != null) && !ss.contains("adaptive")) {
            throw new IllegalArgumentException("--nsample and --delta tune the adaptive strategy, which --strategies leaves out");
        }
        distinct("--storage-threads", st);
        distinct("--compute-threads", ct);
        distinct("--interconnect", links);
        distinct("--nsample", ns);
        distinct("--delta", ds);
        distinct("--hog", hogs);
        List<Variant> variants = new ArrayList<>();
        for (int s : st) {
            for (int c : ct) {
                for (long link : links) {
                    for (boolean h : hogs) {
                        Configuration config = new Configuration(s, c, link, h);
                        for (String strategy : ss) {
                            if (!strategy.equals("adaptive")) {
                                variants.add(new Variant(strategy, config, null));
                                continue;
                            }
                            for (int n : ns) for (double d : ds) variants.add(new Variant(strategy, config, new PolicyParams(n, d)));
                        }
                    }
                }
            }
        }
        int slice = sliceRows != null ? sliceRows : e != null ? e.sliceRows : 0;
        boolean keepTimeline = timeline != null ? timeline : e != null ? e.timeline : w == Workload.PHASE;
        java.util.Map<String, String> extra = settings == null ? java.util.Map.of() : settings;
        for (String name : extra.keySet()) {
            if (OWN_SETTINGS.contains(name)) {
                throw new IllegalArgumentException("--set " + name + ": the harness sets " + name + " from its own flags ("
                        + "--strategies, --storage-threads, --compute-threads, --interconnect, --nsample, --delta, --slice-rows)");
            }
        }
        EngineProperties.parse(extra); // unknown names and bad values fail here, before any data is generated
        return new ExperimentPlan(e == null ? null : e.label(), w, size, qs, variants, runs == null ? DEFAULT_RUNS : runs,
                slice, keepTimeline, extra);
    }

    private Workload resolveWorkload(Experiment e) {
        if (workload == null) {
            if (e == null) throw new IllegalArgumentException("give --workload (ssb, taxi or phase) or --experiment (fig4 ... fig9)");
            return e.workload;
        }
        Workload w = Workload.parse(workload);
        if (e != null && w != e.workload) {
            throw new IllegalArgumentException("--experiment " + e.label() + " runs the " + e.workload.label()
                    + " workload, not " + w.label() + ": leave out --workload");
        }
        return w;
    }

    private DataSize resolveSize(Workload w) {
        if (w.sizedByRows()) {
            if (sf != null) throw new IllegalArgumentException("--sf sizes ssb; the " + w.label() + " workload is sized with --rows");
            return DataSize.rows(rows == null ? DEFAULT_ROWS : rows);
        }
        if (rows != null) throw new IllegalArgumentException("--rows sizes taxi and phase; ssb is sized with --sf");
        return DataSize.scaleFactor(sf == null ? DEFAULT_SF : sf);
    }

    private List<String> resolveQueries(Workload w, Experiment e) {
        List<String> known = w.queries();
        if (queries == null) return e != null && !e.queries.isEmpty() ? e.queries : known;
        for (String q : queries) {
            if (!known.contains(q.toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("--queries: " + w.label() + " has no query '" + q + "' (it has "
                        + String.join(", ", known) + ")");
            }
        }
        return distinct("--queries", queries.stream().map(q -> q.toLowerCase(Locale.ROOT)).toList());
    }

    private List<String> resolveStrategies(Experiment e) {
        if (strategies == null) return e != null ? e.strategies : Experiment.Strategies.ALL;
        List<String> out = new ArrayList<>();
        for (String s : strategies) {
            try {
                out.add(ScanStrategy.parse(s).toString());
            } catch (IllegalArgumentException bad) {
                throw new IllegalArgumentException("--strategies: unknown strategy '" + s + "' (known: "
                        + String.join(", ", ScanStrategy.names()) + ")");
            }
        }
        return distinct("--strategies", out);
    }

    private static <T> List<T> pick(List<T> given, List<T> preset, T fallback) {
        if (given != null) {
            return given;
        }
        return preset != null && !preset.isEmpty() ? preset : List.of(fallback);
    }

    private static <T> List<T> distinct(String flag, List<T> values) {
        Set<T> seen = new HashSet<>();
        for (T v : values) if (!seen.add(v)) throw new IllegalArgumentException(flag + ": '" + v + "' is listed twice");
        return values;
    }

    private static boolean onOff(String v) {
        return switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("--hog takes on and/or off, got '" + v + "'");
        };
    }
}
