package io.ascan.scan.adaptive;

import io.ascan.cache.CacheCounts;
import io.ascan.cache.ColumnFileVersion;
import io.ascan.cache.SegmentKey;
import io.ascan.catalog.TableReader;
import io.ascan.scan.abm.AbmCounts;
import io.ascan.scan.abm.CScan;
import io.ascan.codegen.pipeline.SourceCodegen;
import io.ascan.codegen.pipeline.StateOwner;
import io.ascan.codegen.pipeline.StateSupplier;
import io.ascan.exec.pipeline.Pipeline;
import io.ascan.exec.pipeline.PipelineSource;
import io.ascan.exec.QueryContext;
import io.ascan.exec.QueryOptions;
import io.ascan.scan.Rowset;
import io.ascan.exec.Workers;
import io.ascan.plan.ScanNode;
import io.ascan.scan.ScanEnvironment;
import io.ascan.scan.ScanMode;
import io.ascan.scan.ScanReport;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.PushdownMaterializer;
import io.ascan.scan.materializer.RuntimeFilter;
import io.ascan.scan.materializer.ScanInput;
import io.ascan.scan.policy.ModePrior;
import io.ascan.topology.LineTracker;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * The AdaptiveScan of the A-Scan paper (IV) as a pipeline source: per slice it picks how the
 * slice's bytes reach the pipeline. Its parts: a {@link Scheduler} (one thread assigning each
 * slice a mode through the {@link io.ascan.scan.policy.ModePolicy} that {@link ScanPolicies}
 * picks for the {@code mode} setting), per-mode {@link InputQueue}s, the
 * {@link MaterializerWorker}s of each mode the policy may choose (pinned to the storage node),
 * one bounded {@link OutputQueue}, and {@code compute.threads} workers (pinned to the compute
 * node) that hand each rowset to the compiled pipeline, whose {@link DispatchShim} picks the
 * variant by the rowset's mode tag; a {@link ThroughputTracker} measures each mode for the policy
 * and {@link ScanFigures} become the {@link ScanReport}. What differs per mode (materializer,
 * workers, the shim's loop, the compute side's cost) is its {@link DataMovement}. Runtime
 * filters R published by join builds are applied by pushdown.
 */
public final class AdaptiveScan implements PipelineSource, StateOwner {
    /** Slices the scheduler may queue for a mode beyond those its workers hold, while the scan may sample. */
    static final int INPUT_QUEUE_SLOTS = 1;
    /**
     * The same for a scan that will not sample (one mode, or too few slices): nothing to react to
     * quickly, so the scheduler runs ahead and is not woken for every slice a worker takes (on a
     * small scan those wake-ups cost more than the slices' work).
     */
    static final int UNSAMPLED_INPUT_QUEUE_SLOTS = 8;
    /**
     * The same for a scan of morsels that may sample: a morsel is a tenth of a slice, so a few
     * queued still react as fast as one slice did, and the workers do not wait for the scheduler's
     * thread to be woken for every morsel (on a busy machine, longer than a morsel's work).
     */
    static final int MORSEL_INPUT_QUEUE_SLOTS = 4;

    /** k of a self-served scan that may sample, per compute worker (see {@link #run}). */
    static final int SELF_SERVED_WARMUP_PER_WORKER = 2;

    /** What a storage node across a network offers: staging (reading its memory in place) has no meaning there. */
    static final List<ScanMode> REMOTE_MODES = List.of(ScanMode.DIRECT, ScanMode.PUSHDOWN);

    private final ScanNode node;
    private final ScanEnvironment env;
    private final int[] readColumns;
    private final int[] tableToBatch;
    private final List<RuntimeFilter> runtimeFilters = new CopyOnWriteArrayList<>();
    private final ScanFigures figures = new ScanFigures();
    private final CacheCounts cacheCounts = new CacheCounts();
    private final AbmCounts abmCounts = new AbmCounts();
    private final io.ascan.scan.remote.HybridCounts hybridCounts = new io.ascan.scan.remote.HybridCounts();
    private volatile LineTracker[] lineTrackers = new LineTracker[0];
    private volatile PushdownMaterializer pushdown; // the last run's, for the report's R lines
    /** What the scheduler assigns in the last run: morsels, or slices when they are not split. */
    private volatile long units;
    /** One line tracker per compute worker, for the STAGING variant when the interconnect is emulated. */
    private final StateSupplier lines = w -> lineTrackers[w.index()];

    public AdaptiveScan(ScanNode node, ScanEnvironment env) {
        this.node = node;
        this.env = env;
        int[] projected = node.columns();
        int[] pColumns = node.predicate() == null ? new int[0] : node.predicate().columns();
        List<Integer> read = new ArrayList<>();
        for (int c : projected) read.add(c);
        for (int c : pColumns) if (!read.contains(c)) read.add(c);
        if (read.isEmpty()) read.add(0); // a slice is read through its columns: COUNT(*) still needs one for row counts
        this.readColumns = read.stream().mapToInt(Integer::intValue).toArray();
        int width = node.table().schema().size();
        this.tableToBatch = new int[width];
        Arrays.fill(tableToBatch, -1);
        for (int i = readColumns.length - 1; i >= 0; i--) tableToBatch[readColumns[i]] = i;
    }

    public ScanNode node() {
        return node;
    }

    /**
     * The link to the storage node the cost model assumes, bytes/s (0: unknown): the emulated one
     * ({@code interconnect.bandwidth}), else what the connection was told ({@code storage.linkBandwidth}).
     */
    private long remoteLink() {
        return env.interconnect().emulated() ? env.interconnect().bandwidth() : remote().linkBandwidth();
    }

    /**
     * The most pull-up can move from the storage node, bytes/s (0: unknown): the link, or less where the
     * connection measured its pull-ups slower ({@link io.ascan.scan.remote.RemoteStorage#pullupBandwidth}).
     */
    private long remotePullup() {
        long link = remoteLink(), seen = remote().pullupBandwidth();
        return link == 0 ? seen : seen == 0 ? link : Math.min(link, seen);
    }

    /** The storage node across a network the table is read through, or null: its files are local. */
    private io.ascan.scan.remote.RemoteStorage remote() {
        java.nio.file.Path catalogDir = node.table().tableDir().getParent();
        return catalogDir == null ? null : io.ascan.scan.remote.RemoteStorages.of(catalogDir);
    }

    /** Table column indexes of the rowset columns: the projection, then the columns only P reads. */
    public int[] readColumns() {
        return readColumns.clone();
    }

    /**
     * An R is expected to keep at most this share of the scan's rows when its build has at most
     * this share of the probe column's distinct values (the manifest's count).
     */
    static final double SELECTIVE_R = 0.05;

    /**
     * The mode a scan too short to sample runs in: pushdown when an R that is tested as a key
     * bitmap is expected to drop nearly every row (then moving only the survivors beats moving every
     * row to the compute side: TPC-H q17, q11), else the policy's default. With a Bloom filter
     * instead, pushdown's one thread spends more hashing than the compute side saves (q05). Without
     * measurements this is an estimate: the build's row count against the probe key's distinct count.
     */
    private ScanMode unsampledStart() {
        for (RuntimeFilter f : runtimeFilters) {
            if (f.keys() < 0 || f.bitmap() == null) continue; // a Bloom test costs pushdown's one thread more than it saves
            long distinct = node.table().manifest().distinctCount(node.columns()[f.columns()[0]]);
            if (distinct > 0 && f.keys() <= SELECTIVE_R * distinct) return ScanMode.PUSHDOWN;
        }
        return null;
    }

    public void addRuntimeFilter(RuntimeFilter f) {
        runtimeFilters.add(f);
    }

    /** R: conservative filters the pushdown materializer applies near storage; DIRECT and STAGING ignore them (paper III-C). */
    public List<RuntimeFilter> runtimeFilters() {
        return List.copyOf(runtimeFilters);
    }

    @Override
    public SourceCodegen codegen() {
        List<DataType> types = new ArrayList<>();
        for (int c : readColumns) types.add(node.table().schema().column(c).type());
        return new DispatchShim(types, node.columns().length, node.predicate(), tableToBatch,
                env.interconnect().emulated() ? lines : null);
    }

    @Override
    public void run(Pipeline pipeline, QueryContext query) throws Exception {
        QueryOptions o = query.options();
        // With P or R to apply near storage, pushdown is the likely winner: sampling it first lets
        // the round cut clearly slower modes short.
        ScanMode sampleFirst = node.predicate() != null || !runtimeFilters.isEmpty() ? ScanMode.PUSHDOWN : null;
        boolean remote = remote() != null;
        // exec.mode: the paper's baselines fix the remote scan's mode; hybrid leaves it to the mode setting
        if (remote) hybridCounts.start(o.execMode());
        List<ScanMode> offered = remote ? REMOTE_MODES : List.of(ScanMode.values());
        // Morsels (docs/architecture.md): a local scan with workers splits its slices; a remote node serves whole slices.
        boolean inline = inline(o.inlineRows());
        boolean auto = !remote && !inline && o.morselRows() == QueryOptions.AUTO_MORSELS;
        int morselRows = remote || inline || auto ? 0 : o.morselRows();
        long units = Morsel.count(node.slices(), morselRows);
        ColumnFileVersion[] versions = !inline && selfServed(o, remote, morselRows) && !node.slices().isEmpty()
                ? TableReader.versions(node.table(), readColumns) : null;
        // Whether the scan may serve itself: what its modes run at then is its workers' own, remembered apart.
        boolean hot = versions != null && resident(query, versions);
        ModePrior prior = prior(o, remote, offered, units);
        ScanPolicies.Choice choice = choice(o, remote, offered, sampleFirst, morselRows, prior, hot);
        Map<ScanMode, Integer> workers = new EnumMap<>(ScanMode.class);
        int inFlight = 0;
        for (ScanMode m : choice.modes()) {
            int n = DataMovement.of(m).workers(o);
            workers.put(m, n);
            inFlight = Math.max(inFlight, n + INPUT_QUEUE_SLOTS);
        }
        if (auto) {
            // the whole-slice prior is what autoMorselRows weighs the morsels' cost against
            morselRows = autoMorselRows(choice, prior, inFlight + o.outputQueue());
            if (morselRows > 0) {
                units = Morsel.count(node.slices(), morselRows);
                choice = choice(o, remote, offered, sampleFirst, morselRows, prior(o, remote, offered, units), hot);
            }
        }
        figures.start(choice.policy().name());
        if (auto && morselRows > 0) {
            figures.note(0, figures.now(), String.format(java.util.Locale.ROOT, "morsels of %d rows (scan.morselRows=auto): %d slices"
                    + " are too few to sample, %d morsels are not", morselRows, node.slices().size(), units));
        }
        cacheCounts.enabled(query.segmentCache().enabled());
        OutputQueue output = new OutputQueue(o.outputQueue());
        Map<ScanMode, InputQueue> inputs = new EnumMap<>(ScanMode.class);
        // Deeper queues raise the warm-up k, which only makes sampling less likely: the check holds with them.
        this.units = units;
        boolean settled = settled(choice, inFlight + output.capacity(), units);
        int slots = settled ? UNSAMPLED_INPUT_QUEUE_SLOTS
                : morselRows > 0 && units > node.slices().size() ? MORSEL_INPUT_QUEUE_SLOTS : INPUT_QUEUE_SLOTS;
        inFlight += slots - INPUT_QUEUE_SLOTS;
        for (ScanMode m : choice.modes()) inputs.put(m, new InputQueue(m, slots));
        boolean selfServed = hot && (settled || !choice.policy().watchesQueues());
        // k (paper IV-C): a newly activated mode's first completions are not measured until the
        // slices in flight and the output queue reflect it alone. A self-served scan that may
        // sample has a slice in flight per compute worker and no queues: each of its modes runs
        // on every worker, and k is two slices per worker, so that every worker's first slice of
        // a mode (its session opening, the mode's first kernel) goes unmeasured.
        Map<ScanMode, Integer> measuring = workers;
        int warmup = inFlight + output.capacity();
        if (selfServed && !settled) {
            measuring = new EnumMap<>(ScanMode.class);
            for (ScanMode m : choice.modes()) measuring.put(m, o.computeThreads());
            warmup = SELF_SERVED_WARMUP_PER_WORKER * o.computeThreads();
        }
        ThroughputTracker tracker = new ThroughputTracker(measuring, warmup, o.policy().window(), o.policy().alpha());
        // policy.clock=link: the emulated link's time, which a busy machine does not stretch
        LongSupplier clock = o.policy().linkClock() && env.interconnect().emulated() ? env.interconnect()::linkNanos : System::nanoTime;
        LinkTimer linkTimer = o.policy().linkClock() && env.interconnect().emulated() ? new LinkTimer(env.interconnect(), workers, tracker)
                : null;
        Map<ScanMode, LoadedSlices> loaded = new EnumMap<>(ScanMode.class);
        if (morselRows > 0) for (ScanMode m : choice.modes()) loaded.put(m, new LoadedSlices());
        int interleave = workers.values().stream().mapToInt(Integer::intValue).max().orElse(1);
        Scheduler scheduler = new Scheduler(node.slices(), choice.modes(), choice.policy(), inputs, tracker, figures, clock,
                morselRows, loaded, interleave);
        // With no storage side apart, a self-served scan's pushdown evaluates P and R on as many workers as the pipeline has.
        QueryOptions materializing = selfServed ? o.withStorageThreads(Math.max(o.storageThreads(), o.computeThreads())) : o;
        Map<ScanMode, Materializer> perMode = new EnumMap<>(ScanMode.class);
        List<MaterializerWorker> materializers = new ArrayList<>();
        for (ScanMode m : choice.modes()) {
            Materializer mat = materializer(m, query, materializing);
            perMode.put(m, mat);
            for (int i = 0; i < workers.get(m); i++) {
                materializers.add(new MaterializerWorker(mat, i, inputs.get(m), output, tracker, figures, clock, loaded.get(m),
                        linkTimer));
            }
        }
        if (inline) {
            long start = System.nanoTime();
            try {
                runInline(pipeline, scheduler, tracker, query, perMode);
                query.phases().since("inline scan " + node.table().name() + " (pipeline " + pipeline.id() + ")", start);
            } finally {
                choice.policy().close();
                figures.finish();
            }
            return;
        }
        if (selfServed) {
            long start = System.nanoTime();
            try {
                runSelfServed(pipeline, scheduler, tracker, query, o.computeThreads(), versions, perMode);
                query.phases().since("self-served scan " + node.table().name() + " (pipeline " + pipeline.id() + ")", start);
            } finally {
                choice.policy().close();
                figures.finish();
            }
            return;
        }
        int compute = o.computeThreads();
        LineTracker[] trackers = new LineTracker[compute];
        for (int i = 0; i < compute; i++) trackers[i] = new LineTracker();
        lineTrackers = trackers;
        AtomicInteger producing = new AtomicInteger(materializers.size());
        String name = "scan-p" + pipeline.id();
        // A CScan (Cooperative Scans): the ABM hands this scan its slices in the order it serves
        // them. Unregistered however the scan ends: completion, LIMIT, error or cancel. A table of a
        // remote storage node is not the local ABM's: its chunks live on the node.
        CScan cscan = query.abm() == null || node.slices().isEmpty() || remote() != null ? null : query.abm().register(node.table(), readColumns,
                node.slices(), versions != null ? versions : TableReader.versions(node.table(), readColumns), abmCounts);
        if (cscan != null) scheduler.cooperate(cscan, query::checkCancelled);
        try {
            Workers.run(query, name, 1 + materializers.size() + compute, w -> w == 0 ? "scheduler of " + describe()
                    : w <= materializers.size() ? "materializer of " + describe() : pipeline.describe(), w -> {
                if (w == 0) {
                    rename(name + "-scheduler");
                    scheduler.run();
                } else if (w <= materializers.size()) {
                    MaterializerWorker mw = materializers.get(w - 1);
                    rename(name + "-materializer-" + (w - 1));
                    env.pinToStorage();
                    try {
                        mw.run(query);
                    } finally {
                        if (producing.decrementAndGet() == 0) output.finish();
                    }
                } else {
                    int c = w - 1 - materializers.size();
                    rename(name + "-compute-" + c);
                    env.pinToCompute();
                    compute(pipeline, scheduler, pipeline.open(query, c), trackers[c], query, output, linkTimer);
                }
            });
        } finally {
            if (cscan != null) cscan.close();
            output.drain();
            for (LoadedSlices l : loaded.values()) l.close(); // what a failed or cancelled scan left loaded
            choice.policy().close();
            figures.finish();
        }
    }

    /** P's constants, left out of its shape: compiled once, not per scan. */
    private static final Pattern STRING = Pattern.compile("'[^']*'"),
            NUMBER = Pattern.compile("(?<![$\\w])-?\\d+(\\.\\d+)?");

    /**
     * The scan's table and predicate shape, with the settings its modes' throughputs depend on: the
     * key under which the prior-guided policy remembers what it measured. P's constants are left
     * out (q1.1 and q1.2 share a shape); whether R is present is not, nor the order of magnitude of
     * the selectivity P and R are expected to have. A remote table's directory is
     * the connection's private copy of the node's catalog, so a shape is never shared between nodes.
     *
     * @param link the link's bandwidth the cost model assumed (bytes/s, 0: none or unknown)
     */
    private String shape(QueryOptions o, int morselRows, long link) {
        StringBuilder sb = new StringBuilder(node.table().tableDir().toString()).append('|').append(Arrays.toString(node.columns()));
        if (node.predicate() != null) {
            String p = node.predicate().format(c -> "$" + c);
            sb.append("|P ").append(NUMBER.matcher(STRING.matcher(p).replaceAll("?")).replaceAll("?"));
        }
        sb.append("|R ").append(runtimeFilters.size()).append("|s ").append(ModeCosts.selectivityClass(
                        ModeCosts.selectivity(node.table(), node.slices(), node.columns(), node.predicate(), runtimeFilters)))
                .append("|link ").append(link)
                .append("|threads ").append(o.storageThreads()).append('/').append(o.computeThreads()).append("|morsel ").append(morselRows);
        return sb.toString();
    }

    /** The cost model's prior of each mode, per unit when the scan assigns {@code units} units. */
    private ModePrior prior(QueryOptions o, boolean remote, List<ScanMode> offered, long units) {
        return remote ? ModeCosts.remote(node.table(), node.slices(), node.columns(), readColumns, node.predicate(),
                runtimeFilters, remoteLink(), remotePullup(), o.storageThreads(), o.computeThreads(), offered)
                : ModeCosts.of(node.table(), node.slices(), node.columns(), readColumns,
                node.predicate(), runtimeFilters, env.interconnect(), o.storageThreads(), o.computeThreads(), offered, units);
    }

    /** The scan's policy and modes, with its cost model's {@code prior} and its shape for {@code morselRows}. */
    private ScanPolicies.Choice choice(QueryOptions o, boolean remote, List<ScanMode> offered, ScanMode sampleFirst, int morselRows,
                                       ModePrior prior, boolean hot) {
        return ScanPolicies.forMode(remote ? o.execMode().strategy(o.mode()) : o.mode(), o.policy(),
                env.coordinator(), sampleFirst, unsampledStart(), offered, prior,
                remote ? shape(o, morselRows, remoteLink()) + "|exec " + o.execMode()
                        : shape(o, morselRows, env.interconnect().emulated() ? env.interconnect().bandwidth() : 0)
                        + (hot ? "|self-served" : ""));
    }

    /** The smallest morsel {@code scan.morselRows=auto} splits into: below it a morsel's hand-offs outweigh its rows' work. */
    static final int MIN_AUTO_MORSEL_ROWS = 4096;
    /**
     * What a morsel costs an adaptive scan beyond its rows' work, in ns: its three thread hand-offs and its own
     * materializer session. SSB SF 1 at 500 MB/s, queries that ran pushdown throughout: q1.1 39 ms in 36 whole slices,
     * 78 ms in about 360 morsels (docs/benchmarks.md, round 19).
     */
    static final long MORSEL_NANOS = 100_000;
    /** The largest share of a scan's expected time that {@code scan.morselRows=auto} spends on its morsels' cost. */
    static final double MAX_MORSEL_SHARE = 1.0 / 3;

    /**
     * {@code scan.morselRows=auto}: the rows of the morsels this scan splits its slices into, or 0
     * for whole slices. Morsels only over an emulated link, where the modes differ by the bytes each
     * moves over it (without one they measured within the run-to-run noise of each other, and
     * morsels everywhere cost 1.33x), and only where whole slices are too few for the policy to
     * sample ({@code warmup} slices in flight and queued ahead of each mode's window): a scan that
     * cannot sample runs its prior's pick throughout and cannot notice a phase change (the taxi
     * phase-change query: 16 slices). Then the largest power-of-two morsel with which a round fits,
     * so that the scan pays for as few hand-offs as sampling needs, and only if their cost
     * ({@link #MORSEL_NANOS} each) is at most {@link #MAX_MORSEL_SHARE} of what the cost model expects
     * the scan to take in its best mode ({@code model}, per whole slice): SSB SF 1's scans take 12-60
     * ms in pushdown at 500 MB/s, and 360 morsels doubled them, while the phase-change query's take
     * 100-2,000 ms.
     */
    private int autoMorselRows(ScanPolicies.Choice choice, ModePrior model, int warmup) {
        List<io.ascan.format.SliceMeta> slices = node.slices();
        if (!env.interconnect().emulated() || choice.modes().size() < 2 || !settled(choice, warmup, slices.size())) return 0;
        ScanMode best = model.best(choice.modes());
        if (best == null || !(model.of(best) > 0)) return 0;
        double expectedNanos = slices.size() / model.of(best) * 1e9;
        int largest = 0;
        for (io.ascan.format.SliceMeta sm : slices) largest = Math.max(largest, sm.rowCount());
        int queued = warmup + MORSEL_INPUT_QUEUE_SLOTS - INPUT_QUEUE_SLOTS;
        for (int rows = Integer.highestOneBit(Math.max(1, largest / 2)); rows >= MIN_AUTO_MORSEL_ROWS; rows /= 2) {
            long n = Morsel.count(slices, rows);
            if (n > slices.size() && !settled(choice, queued, n)) return n * MORSEL_NANOS <= MAX_MORSEL_SHARE * expectedNanos ? rows : 0;
        }
        return 0;
    }

    /**
     * Whether the scan's mode is fixed from its start: a static policy, or an adaptive one over too
     * few slices to sample with warm-up {@code warmup} (the back-pressure policy watches its queues).
     */
    private static boolean settled(ScanPolicies.Choice choice, int warmup, long units) {
        return !choice.policy().mayChange(choice.modes().size(), units, warmup);
    }

    /**
     * Whether this scan runs on the caller's thread: one with at most {@code scan.inlineRows} rows
     * (after zone-map pruning) does too little work for parallel workers to pay for their
     * hand-offs (six threads woken and joined per scan), which cost a small pipeline more than
     * its rows. Placement and the emulated interconnect need the scan's roles on their own
     * threads, so they keep them.
     */
    public boolean inline(long inlineRows) {
        if (inlineRows == 0 || env.pinThreads() || env.interconnect().emulated()) return false;
        long rows = 0;
        for (var s : node.slices()) rows += s.rowCount();
        return rows <= inlineRows;
    }

    /**
     * The scan on the calling thread: the scheduler assigns each slice its mode as the policy
     * chooses (small scans are below the sampling budget, so that is DIRECT under the adaptive
     * policy), the mode's materializer session turns it into a rowset, and compute worker 0's
     * instance of the pipeline consumes it. Figures are recorded as by the threaded scan.
     */
    private void runInline(Pipeline pipeline, Scheduler scheduler, ThroughputTracker tracker, QueryContext query,
                           Map<ScanMode, Materializer> materializers) throws Exception {
        Map<ScanMode, Materializer.Session> sessions = new EnumMap<>(ScanMode.class);
        Pipeline.Worker worker = pipeline.open(query, 0);
        try {
            List<io.ascan.format.SliceMeta> slices = node.slices();
            for (int i = 0; i < slices.size() && !pipeline.done(); i++) {
                query.checkCancelled();
                io.ascan.scan.adaptive.SliceAssignment a = scheduler.assign(i);
                Materializer.Session session = sessions.get(a.mode());
                if (session == null) {
                    session = materializers.get(a.mode()).open();
                    sessions.put(a.mode(), session);
                }
                materializeAndConsume(a, session, worker, tracker, 0);
            }
            scheduler.finished();
        } finally {
            closeAll(sessions.values());
        }
    }

    /**
     * Whether this scan may run on its compute workers alone ({@code scan.selfServe}, and {@link
     * #resident}): the materializer threads and queues between a slice and its pipeline add two
     * thread hand-offs per slice, which cost a hot scan more than its loop, and the policy's
     * choice per slice needs no thread of its own. Placement, the emulated interconnect and a
     * remote node need the scan's roles on their own threads; morsels need the scheduler's
     * interleaving.
     */
    private boolean selfServed(QueryOptions o, boolean remote, int morselRows) {
        return o.selfServe() && !remote && morselRows == 0 && !env.pinThreads() && !env.interconnect().emulated();
    }

    /**
     * Whether every segment this scan reads is in the segment cache (the Active Buffer Manager's
     * pool): a hot scan. A scan that must wait for loads keeps its threads: self-served, TPC-H SF 1
     * cold ran 5-10% slower (docs/benchmarks.md), its two workers asking for fewer slices ahead.
     */
    private boolean resident(QueryContext query, ColumnFileVersion[] versions) {
        if (!query.segmentCache().enabled()) return false; // no cache: every scan reads the disk
        List<SegmentKey> keys = new ArrayList<>(node.slices().size() * readColumns.length);
        for (io.ascan.format.SliceMeta s : node.slices()) {
            for (int i = 0; i < readColumns.length; i++) keys.add(SegmentKey.of(versions[i], s, s.segment(readColumns[i])));
        }
        return query.segmentCache().containsAll(keys);
    }

    /**
     * The scan on its compute workers (morsel-driven, as in HyPer): each worker takes the next
     * slice, in the order the Active Buffer Manager serves them when the scan cooperates (so
     * concurrent scans still share loads), else in scan order; the policy chooses the slice's mode
     * as it would on the scheduler thread, the worker's own session of that mode's shared
     * materializer materializes it and the worker's pipeline consumes the rowset. Figures are
     * recorded as by the threaded scan, a slice's time from its materialization to the end of its
     * consumption: the throughput the policy compares modes by.
     */
    private void runSelfServed(Pipeline pipeline, Scheduler scheduler, ThroughputTracker tracker, QueryContext query,
                               int compute, ColumnFileVersion[] versions, Map<ScanMode, Materializer> materializers)
            throws Exception {
        List<io.ascan.format.SliceMeta> slices = node.slices();
        CScan cscan = query.abm() == null ? null : query.abm().register(node.table(), readColumns, slices, versions, abmCounts);
        AtomicInteger next = new AtomicInteger();
        String name = "scan-p" + pipeline.id();
        try {
            Workers.run(query, name, compute, w -> pipeline.describe(), w -> {
                rename(name + "-compute-" + w);
                Pipeline.Worker worker = pipeline.open(query, w);
                Map<ScanMode, Materializer.Session> sessions = new EnumMap<>(ScanMode.class);
                try {
                    while (!pipeline.done()) {
                        query.checkCancelled();
                        int i = next.getAndIncrement();
                        SliceAssignment a;
                        if (cscan != null) {
                            io.ascan.scan.abm.SliceLease lease = cscan.next(query::checkCancelled);
                            if (lease == null) break;
                            a = scheduler.assignSelfServed(i, lease.slice(), lease);
                        } else {
                            if (i >= slices.size()) break;
                            a = scheduler.assignSelfServed(i, slices.get(i), null);
                        }
                        Materializer.Session session = sessions.get(a.mode());
                        if (session == null) {
                            session = materializers.get(a.mode()).open();
                            sessions.put(a.mode(), session);
                        }
                        materializeAndConsume(a, session, worker, tracker, w);
                    }
                    if (cscan != null && pipeline.done()) cscan.stop(); // a LIMIT is satisfied: wake the workers waiting for loads
                } finally {
                    closeAll(sessions.values());
                }
            });
            if (!pipeline.done()) scheduler.finished();
        } finally {
            if (cscan != null) cscan.close();
        }
    }

    /**
     * Materializes one slice on the calling thread, compute worker {@code w}, with its session of
     * the slice's mode and consumes it there (inline and self-served scans); the slice's time runs
     * from materializing to the end of consuming.
     */
    private void materializeAndConsume(SliceAssignment a, Materializer.Session session, Pipeline.Worker worker,
                                       ThroughputTracker tracker, int w) throws Exception {
        long start = System.nanoTime();
        Materializer.Materialized m;
        try {
            m = session.materialize(a.slice());
        } finally {
            a.release(); // the rowset's vectors hold their own references to the chunks
        }
        if (m.rowset() != null) {
            try (Rowset r = m.rowset()) {
                worker.code().consume(r.batch(), r.rowCount(), r.mode().ordinal());
                figures.consumed(r.source(), r.rowCount());
            } finally {
                worker.scratch().reset();
            }
        }
        long nanos = System.nanoTime() - start;
        if (m.measuresMode()) tracker.record(a.mode(), a.epoch(), w, nanos);
        figures.sliceDone(a.mode(), nanos, m.bytesMoved());
    }

    /** Closes every session, the first failure thrown after all are closed. */
    private static void closeAll(java.util.Collection<Materializer.Session> sessions) throws Exception {
        Throwable first = null;
        for (Materializer.Session session : sessions) {
            try {
                session.close();
            } catch (Throwable t) {
                if (first == null) first = t;
            }
        }
        if (first instanceof Exception e) throw e;
        if (first instanceof Error e) throw e;
    }

    /** Keeps the {@code ascan-q<id>-} prefix every thread of a query carries. */
    private static void rename(String suffix) {
        Thread t = Thread.currentThread();
        String n = t.getName();
        int cut = n.indexOf("-scan-p");
        t.setName((cut < 0 ? n : n.substring(0, cut)) + "-" + suffix);
    }

    private Materializer materializer(ScanMode m, QueryContext query, QueryOptions options) {
        ScanInput input = new ScanInput(node.table(), readColumns, node.columns().length, query.options().io(), query.pool(),
                env.storagePool(query.pool()), query.allocator(), env.interconnect(), query.segmentCache(), cacheCounts);
        io.ascan.scan.remote.RemoteStorage remote = remote();
        Materializer mat;
        if (remote == null) {
            mat = DataMovement.of(m).materializer(input, this, options);
        } else {
            // every remote slice is routed (and counted) by the hybrid materializer; the cache only where exec.mode caches
            io.ascan.cache.ComputeCache cache = query.options().execMode().caches() ? query.computeCache()
                    : io.ascan.cache.ComputeCache.disabled();
            mat = new io.ascan.scan.remote.HybridMaterializer(input, node.predicate(),
                    DataMovement.of(m).remoteMaterializer(input, this, remote), remote, cache, hybridCounts,
                    query.options().execMode() == io.ascan.scan.ExecMode.HYBRID ? query.options().bitmaps()
                            : io.ascan.scan.BitmapUse.OFF); // the baselines exchange no bitmaps
            // a raw slice (pull-up's, pushed back, cached) meets R here, not in the joins after the scan
            if (!runtimeFilters.isEmpty()) {
                mat = new io.ascan.scan.remote.RuntimeFilteredPullup(mat, PushdownMaterializer.onCompute(input, node.predicate(),
                        tableToBatch, runtimeFilters, query.options().computeThreads(), m));
            }
        }
        if (mat instanceof PushdownMaterializer p) pushdown = p;
        return mat;
    }

    /** Rowset position of each table column P reads (-1: none). */
    int[] tableToBatch() {
        return tableToBatch.clone();
    }

    private void compute(Pipeline pipeline, Scheduler scheduler, Pipeline.Worker worker, LineTracker lineTracker,
                         QueryContext query, OutputQueue output, LinkTimer linkTimer) throws Exception {
        var code = worker.code();
        while (true) {
            query.checkCancelled();
            Rowset r = output.take();
            if (r == null) return;
            if (pipeline.done()) { // a LIMIT is satisfied: no more slices; drop what is already on its way
                scheduler.stop();
                r.close();
                output.consumed();
                continue;
            }
            try {
                code.consume(r.batch(), r.rowCount(), r.mode().ordinal());
                figures.consumed(r.source(), r.rowCount());
            } finally {
                r.close();
                output.consumed();
                worker.scratch().reset();
            }
            long charged = DataMovement.of(r.mode()).consumed(env, lineTracker, figures);
            if (linkTimer != null) linkTimer.consumed(r, charged);
        }
    }

    /** What this scan did so far. */
    public ScanReport report() {
        return figures.report(node.table().name(), units(), describeRuntimeFilters(), cacheCounts.figures(),
                abmCounts.figures(), hybridCounts.figures());
    }

    /** Slices done of the slices to read, rows and bytes so far (for a progress display). */
    public io.ascan.scan.ScanProgress progress() {
        return figures.progress(units());
    }

    private long units() {
        long u = units;
        return u == 0 ? node.slices().size() : u;
    }

    /** R as pushdown applied it: in its order, then those it left out; as published if pushdown never ran. */
    private List<String> describeRuntimeFilters() {
        PushdownMaterializer p = pushdown;
        List<RuntimeFilter> applied = p == null ? List.of() : p.appliedFilters();
        if (applied.isEmpty() && (p == null || !p.measured())) return runtimeFilters.stream().map(RuntimeFilter::describe).toList();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < applied.size(); i++) {
            String when = i == 0 && p.runtimeFiltersFirst() ? " (before P)" : "";
            for (RuntimeFilter f : runtimeFilters) {
                if (f.filter() == applied.get(i).filter()) out.add(f.describe() + ", applied " + (i + 1) + when + ".");
            }
        }
        for (RuntimeFilter f : runtimeFilters) {
            if (applied.stream().noneMatch(a -> a.filter() == f.filter())) out.add(f.describe() + ", left out: keeps nearly every row");
        }
        return out;
    }

    public String statistics() {
        return report().format();
    }

    @Override
    public String describe() {
        StringBuilder sb = new StringBuilder("AdaptiveScan(").append(node.table().name()).append(", [");
        for (int i = 0; i < node.columns().length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(node.table().schema().column(node.columns()[i]).name());
        }
        sb.append("]");
        if (node.predicate() != null) sb.append(", P: ").append(node.predicate().format(c -> node.table().schema().column(c).name()));
        return sb.append(", ").append(node.slices().size()).append(" slices)").toString();
    }

    @Override
    public List<StateSupplier> stateSuppliers() {
        return List.of(lines);
    }
}
