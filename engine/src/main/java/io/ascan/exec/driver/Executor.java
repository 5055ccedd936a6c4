package io.ascan.exec.driver;

import io.ascan.exec.DeepStack;
import io.ascan.exec.pipeline.Pipeline;
import io.ascan.exec.QueryContext;
import io.ascan.exec.QueryException;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryPhases;
import io.ascan.exec.QueryResult;
import io.ascan.exec.SqlStates;
import io.ascan.cache.SegmentCache;
import io.ascan.scan.abm.ActiveBufferManager;
import io.ascan.exec.operator.ResultSink;
import io.ascan.scan.adaptive.AdaptiveScan;
import io.ascan.io.AlignedBufferPool;
import io.ascan.plan.PhysicalNode;
import io.ascan.scan.ScanEnvironment;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Runs physical plans: cuts them into pipelines, compiles each into one class, and runs the
 * pipelines in dependency order on a coordinator thread, each on {@code compute.threads}
 * workers, streaming the result as Arrow batches. One executor serves many queries; each query
 * gets a child allocator limited to its memory limit.
 */
public final class Executor {
    private final BufferAllocator allocator;
    private final AlignedBufferPool pool;
    private final ScanEnvironment scans;
    private final SegmentCache cache;
    private final ActiveBufferManager abm;
    private final io.ascan.cache.ComputeCache computeCache;

    /** An executor with a local scan environment and no segment cache (tests, tools). */
    public Executor(BufferAllocator allocator, AlignedBufferPool pool) {
        this(allocator, pool, ScanEnvironment.local(), SegmentCache.disabled());
    }

    /** An executor with a local scan environment reading through {@code cache}. */
    public Executor(BufferAllocator allocator, AlignedBufferPool pool, SegmentCache cache) {
        this(allocator, pool, ScanEnvironment.local(), cache);
    }

    /** An executor for {@code scans}' topology and interconnect, without a segment cache. */
    public Executor(BufferAllocator allocator, AlignedBufferPool pool, ScanEnvironment scans) {
        this(allocator, pool, scans, SegmentCache.disabled());
    }

    /**
     * @param allocator the engine's allocator (queries get children)
     * @param pool      segment read buffers (compute-node memory)
     * @param scans     what this engine's scans share: topology, interconnect, sampling coordinator
     * @param cache     the engine's storage-side segment cache, under {@code allocator}'s root; scans read through it
     */
    public Executor(BufferAllocator allocator, AlignedBufferPool pool, ScanEnvironment scans, SegmentCache cache) {
        this(allocator, pool, scans, cache, null, io.ascan.cache.ComputeCache.disabled());
    }

    /**
     * @param abm          the engine's Active Buffer Manager (its pool is {@code cache}), or null
     * @param computeCache the compute-side cache of a remote storage node's segments, under {@code allocator}'s root
     */
    public Executor(BufferAllocator allocator, AlignedBufferPool pool, ScanEnvironment scans, SegmentCache cache,
                    ActiveBufferManager abm, io.ascan.cache.ComputeCache computeCache) {
        this.allocator = allocator;
        this.pool = pool;
        this.scans = scans;
        this.cache = cache;
        this.abm = abm;
        this.computeCache = computeCache;
    }

    /** An executor whose scans register with {@code abm} and read through its pool. */
    public Executor(BufferAllocator allocator, AlignedBufferPool pool, ScanEnvironment scans, ActiveBufferManager abm) {
        this(allocator, pool, scans, abm.chunks(), abm, io.ascan.cache.ComputeCache.disabled());
    }

    public ScanEnvironment scanEnvironment() {
        return scans;
    }

    public QueryResult execute(PhysicalNode plan, QueryOptions options) throws QueryException {
        return execute(plan, options, new QueryPhases());
    }

    /** Runs {@code plan} once: cuts it into pipelines, generates their code and runs them. */
    public QueryResult execute(PhysicalNode plan, QueryOptions options, QueryPhases phases) throws QueryException {
        Cut cut;
        try {
            cut = DeepStack.run(() -> timedCut(plan, phases));
        } catch (RuntimeException | Error e) {
            throw compileFailure(e);
        }
        return run(plan, cut, null, options, phases);
    }

    /**
     * Prepares {@code plan} for any number of executions: cuts it into pipelines once, here, for
     * {@link PreparedPlan#explain()} and for its first execution, which generates their code
     * and keeps it for the later ones. Failures are the plan's (a RuntimeException).
     */
    public PreparedPlan prepare(PhysicalNode plan, QueryPhases phases) {
        return new PreparedPlan(plan, DeepStack.run(() -> timedCut(plan, phases)));
    }

    /**
     * Runs a prepared plan: the first execution runs the pipelines cut at prepare and keeps the
     * code generated for them; later ones cut the plan again (new operators, new state) and bind
     * that code instead of generating it.
     */
    public QueryResult execute(PreparedPlan plan, QueryOptions options, QueryPhases phases) throws QueryException {
        Cut cut = plan.takeCut();
        if (cut == null) {
            try {
                cut = DeepStack.run(() -> timedCut(plan.root(), phases));
            } catch (RuntimeException | Error e) {
                throw compileFailure(e);
            }
        }
        return run(plan.root(), cut, plan, options, phases);
    }

    private QueryResult run(PhysicalNode plan, Cut cut, PreparedPlan prepared, QueryOptions options, QueryPhases phases)
            throws QueryException {
        QueryContext query = new QueryContext(allocator, pool, cache, abm, computeCache, options, phases);
        RunningQuery result = new RunningQuery(query, plan.output());
        cut.result().deliverTo(result::offer);
        try {
            DeepStack.run(() -> {
                generate(cut.pipelines(), prepared, phases);
                return null;
            });
        } catch (RuntimeException | Error e) {
            result.abandon();
            throw compileFailure(e);
        }
        for (AdaptiveScan s : cut.scans()) {
            query.addStatistics(s::statistics);
            query.addScan(s::report);
            query.addProgress(s::progress);
        }
        result.start(cut.pipelines());
        return result;
    }

    /** A plan cut into pipelines: its scans, its pipelines in the order they run, and where its result goes. */
    record Cut(List<AdaptiveScan> scans, List<Pipeline> pipelines, ResultSink.Target result) {}

    private Cut timedCut(PhysicalNode plan, QueryPhases phases) {
        long t0 = System.nanoTime();
        PipelineBuilder builder = new PipelineBuilder(scans);
        ResultSink.Target target = new ResultSink.Target();
        List<Pipeline> pipelines = builder.build(plan, new ResultSink(plan.output(), target));
        phases.since("build pipelines", t0);
        return new Cut(List.copyOf(builder.scans().values()), pipelines, target);
    }

    /** Binds the code a prepared plan keeps to {@code pipelines}, else generates it (and keeps it for the plan). */
    private static void generate(List<Pipeline> pipelines, PreparedPlan prepared, QueryPhases phases) {
        PlanCode kept = prepared == null ? null : prepared.code();
        long t1 = System.nanoTime();
        if (kept != null && kept.bind(pipelines)) {
            phases.add("bind code", System.nanoTime() - t1, pipelines.size() + " pipelines, classes of an earlier execution");
            return;
        }
        for (Pipeline p : pipelines) p.compile();
        recordCompilation(pipelines, phases);
        if (prepared != null) prepared.keep(PlanCode.of(pipelines));
    }

    private static QueryException compileFailure(Throwable e) {
        if (e instanceof StackOverflowError) {
            return new QueryException("expression too deep: the query nests expressions deeper than code generation "
                    + "can handle (see docs/errors.md)", SqlStates.TOO_COMPLEX, e);
        }
        if (e instanceof OutOfMemoryError) return new QueryException("out of memory while generating code: " + e, SqlStates.OUT_OF_MEMORY, e);
        return new QueryException("cannot execute the plan: " + e.getMessage(), SqlStates.of(e), e);
    }

    private static void recordCompilation(List<Pipeline> pipelines, QueryPhases phases) {
        long generate = 0, load = 0;
        int compiled = 0;
        for (Pipeline p : pipelines) {
            var t = p.compiled().times();
            generate += t.generateNanos();
            load += t.loadNanos();
            if (t.janino()) compiled++;
        }
        phases.add("generate code", generate, pipelines.size() + " pipelines");
        phases.add("load classes", load, compiled + " compiled by Janino, " + (pipelines.size() - compiled) + " reused");
    }
}
