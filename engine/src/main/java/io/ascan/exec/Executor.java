package io.ascan.exec;

import io.ascan.cache.SegmentCache;
import io.ascan.exec.operator.Materializer;
import io.ascan.exec.operator.ResultSink;
import io.ascan.exec.operator.ScanSource;
import io.ascan.io.AlignedBufferPool;
import io.ascan.plan.PhysicalNode;
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
    private final SegmentCache cache;
    private final Materializer materializer;

    /** @param allocator the engine's allocator (queries get children); @param pool segment read buffers */
    public Executor(BufferAllocator allocator, AlignedBufferPool pool) {
        this(allocator, pool, SegmentCache.disabled());
    }

    /** @param cache the engine's segment cache, under {@code allocator}'s root; scans read through it */
    public Executor(BufferAllocator allocator, AlignedBufferPool pool, SegmentCache cache) {
        this(allocator, pool, cache, Materializer.DIRECT);
    }

    private Executor(BufferAllocator allocator, AlignedBufferPool pool, SegmentCache cache, Materializer materializer) {
        this.allocator = allocator;
        this.pool = pool;
        this.cache = cache;
        this.materializer = materializer;
    }

    /** An executor whose scans turn slices into rowsets with {@code m} (the seam issue 4's modes plug into). */
    public Executor withMaterializer(Materializer m) {
        return new Executor(allocator, pool, cache, m);
    }

    public QueryResult execute(PhysicalNode plan, QueryOptions options) throws QueryException {
        QueryContext query = new QueryContext(allocator, pool, cache, options);
        RunningQuery result = new RunningQuery(query, plan.output());
        List<Pipeline> pipelines;
        PipelineBuilder builder = new PipelineBuilder(materializer);
        try {
            pipelines = builder.build(plan, new ResultSink(plan.output(), result::offer));
            for (Pipeline p : pipelines) p.compile();
        } catch (RuntimeException e) {
            result.abandon();
            throw new QueryException("cannot execute the plan: " + e.getMessage(), e);
        }
        for (ScanSource s : builder.scans().values()) {
            query.addStatistics(s::statistics);
            query.addScan(s::report);
        }
        result.start(pipelines);
        return result;
    }

    /** The pipelines of a plan, one line each, in the order they run (for EXPLAIN). */
    public static String explain(PhysicalNode plan) {
        StringBuilder sb = new StringBuilder();
        for (Pipeline p : new PipelineBuilder(Materializer.DIRECT).build(plan, new ResultSink(plan.output(), b -> b.close()))) {
            sb.append(p.describe()).append('\n');
        }
        return sb.toString();
    }
}
