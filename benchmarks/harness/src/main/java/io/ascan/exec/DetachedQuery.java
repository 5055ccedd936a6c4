package io.ascan.exec;

import io.ascan.exec.driver.Executor;
import io.ascan.cache.SegmentCache;
import io.ascan.io.AlignedBufferPool;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A {@link QueryContext} outside the {@link Executor}, for the JMH micro suites that drive one
 * compiled pipeline over in-memory rowsets (state suppliers and sinks take their allocator and
 * their clean-up from a query). It sits in the engine's package, in the benchmarks module, because
 * the engine creates contexts only in its executor and should not grow a public constructor for
 * benchmarks; keep it the only class of the benchmarks module in this package.
 */
public final class DetachedQuery implements AutoCloseable {
    private final QueryContext context;

    /** A query whose allocator is a child of {@code parent}, limited by {@code options}' memory limit. */
    public DetachedQuery(BufferAllocator parent, AlignedBufferPool pool, QueryOptions options) {
        this.context = new QueryContext(parent, pool, SegmentCache.disabled(), options);
    }

    public QueryContext context() {
        return context;
    }

    /**
     * Releases what the query deferred (sinks, their tables), then closes its allocator, which
     * throws if a byte is still outstanding.
     */
    @Override
    public void close() {
        Throwable failure = context.releaseResources();
        try {
            context.allocator().close();
        } catch (RuntimeException e) {
            if (failure != null) e.addSuppressed(failure);
            throw e;
        }
        if (failure != null) throw new IllegalStateException("releasing the query's state failed: " + failure, failure);
    }
}
