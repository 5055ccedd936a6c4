package io.ascan.exec;

import io.ascan.cache.SegmentCache;
import io.ascan.scan.abm.ActiveBufferManager;
import io.ascan.codegen.rt.SqlException;
import io.ascan.io.AlignedBufferPool;
import io.ascan.scan.ScanReport;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;

/**
 * One running query: its accounted allocator (a child of the engine's, limited to the query's
 * memory limit), options, the state to release at the end, and cancellation. Cancelling (by the
 * user, a timeout or the first failure) sets a flag every worker checks per rowset and
 * interrupts every worker blocked on a queue.
 */
public final class QueryContext {
    private static final AtomicLong IDS = new AtomicLong();

    private final long id = IDS.incrementAndGet();
    private final BufferAllocator allocator;
    private final AlignedBufferPool pool;
    private final SegmentCache segmentCache;
    private final ActiveBufferManager abm;
    private final io.ascan.cache.ComputeCache computeCache;
    private final QueryOptions options;
    private final Set<Thread> threads = new HashSet<>();
    private final Deque<AutoCloseable> resources = new ArrayDeque<>();
    private final List<Supplier<String>> statistics = new ArrayList<>();
    private final List<Supplier<ScanReport>> scans = new ArrayList<>();
    private final List<Supplier<io.ascan.scan.ScanProgress>> progress = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<String> ran = new ArrayList<>();
    private final QueryPhases phases;
    private volatile Throwable failure;

    public QueryContext(BufferAllocator parent, AlignedBufferPool pool, SegmentCache segmentCache, QueryOptions options) {
        this(parent, pool, segmentCache, options, new QueryPhases());
    }

    public QueryContext(BufferAllocator parent, AlignedBufferPool pool, SegmentCache segmentCache, QueryOptions options,
                 QueryPhases phases) {
        this(parent, pool, segmentCache, null, options, phases);
    }

    /** @param abm the engine's Active Buffer Manager (its pool is {@code segmentCache}), or null without one */
    public QueryContext(BufferAllocator parent, AlignedBufferPool pool, SegmentCache segmentCache, ActiveBufferManager abm,
                        QueryOptions options, QueryPhases phases) {
        this(parent, pool, segmentCache, abm, io.ascan.cache.ComputeCache.disabled(), options, phases);
    }

    /** @param computeCache the engine's compute-side cache of a remote storage node's segments (disabled: none) */
    public QueryContext(BufferAllocator parent, AlignedBufferPool pool, SegmentCache segmentCache, ActiveBufferManager abm,
                        io.ascan.cache.ComputeCache computeCache, QueryOptions options, QueryPhases phases) {
        if (abm != null && abm.chunks() != segmentCache) throw new IllegalArgumentException("the ABM's pool is the segment cache");
        this.allocator = parent.newChildAllocator("query-" + id, 0, options.memoryLimit());
        this.pool = pool;
        this.segmentCache = segmentCache;
        this.abm = abm;
        this.computeCache = computeCache;
        this.options = options;
        this.phases = phases;
    }

    public long id() {
        return id;
    }

    public BufferAllocator allocator() {
        return allocator;
    }

    public AlignedBufferPool pool() {
        return pool;
    }

    /** The engine's Active Buffer Manager, which schedules the loads of concurrent scans; null when the engine has none. */
    public ActiveBufferManager abm() {
        return abm;
    }

    /** The engine's compute-side cache of a remote storage node's segments (disabled when it has none). */
    public io.ascan.cache.ComputeCache computeCache() {
        return computeCache;
    }

    /** The engine's storage-side segment cache (disabled when the engine has none): scans read through it. */
    public SegmentCache segmentCache() {
        return segmentCache;
    }

    public QueryOptions options() {
        return options;
    }

    /** Where this execution's wall time went so far (planning phases first, when the caller passed them). */
    public QueryPhases phases() {
        return phases;
    }

    public boolean cancelled() {
        return failure != null;
    }

    /** Throws the reason the query stopped, if it did. */
    public void checkCancelled() throws QueryException {
        Throwable f = failure;
        if (f != null) throw asQueryException(f);
    }

    /** Stops the query with {@code reason} (the first reason wins). */
    public void fail(Throwable reason) {
        synchronized (this) {
            if (failure != null) return;
            failure = reason;
        }
        interruptAll();
    }

    /** Stops the query as cancelled by the user (SQLSTATE 57014). */
    public void cancel(String message) {
        fail(new QueryException(message, SqlStates.CANCELLED, null));
    }

    /** Stops the query because its timeout passed (SQLSTATE HYT00, whichever thread notices first). */
    public void timeOut(String message) {
        fail(new QueryException(message, SqlStates.TIMEOUT, null));
    }

    private void interruptAll() {
        synchronized (threads) {
            for (Thread t : threads) t.interrupt();
        }
    }

    public void register(List<Thread> ts) {
        synchronized (threads) {
            threads.addAll(ts);
        }
        if (failure != null) interruptAll();
    }

    /** Registers {@code t} unless it is already; true if this call registered it. */
    public boolean registerIfAbsent(Thread t) {
        boolean added;
        synchronized (threads) {
            added = threads.add(t);
        }
        if (failure != null) interruptAll();
        return added;
    }

    public void unregister(List<Thread> ts) {
        synchronized (threads) {
            ts.forEach(threads::remove);
        }
    }

    /** Releases {@code r} when the query ends (in reverse order of registration). */
    public synchronized <T extends AutoCloseable> T defer(T r) {
        resources.push(r);
        return r;
    }

    public synchronized void addStatistics(Supplier<String> s) {
        statistics.add(s);
    }

    /** Registers a scan whose report {@link #scanReports()} returns. */
    public synchronized void addScan(Supplier<ScanReport> report) {
        scans.add(report);
    }

    /** Registers a scan whose progress {@link #progress()} adds up; called before the query starts. */
    public void addProgress(Supplier<io.ascan.scan.ScanProgress> p) {
        progress.add(p);
    }

    /** The scans' progress so far, summed; lock-free, for polling while the query runs. */
    public io.ascan.scan.ScanProgress progress() {
        io.ascan.scan.ScanProgress sum = io.ascan.scan.ScanProgress.NONE;
        for (Supplier<io.ascan.scan.ScanProgress> p : progress) sum = sum.plus(p.get());
        return sum;
    }

    /** Records a pipeline that ran to its end, described with the rows each stage passed on and its time. */
    public synchronized void ran(String pipeline) {
        ran.add(pipeline);
    }

    /** The pipelines that ran so far, in order, one line each (EXPLAIN ANALYZE). */
    public synchronized List<String> ranPipelines() {
        return List.copyOf(ran);
    }

    public synchronized List<ScanReport> scanReports() {
        List<ScanReport> out = new ArrayList<>(scans.size());
        for (Supplier<ScanReport> s : scans) out.add(s.get());
        return out;
    }

    public synchronized String statistics() {
        StringBuilder sb = new StringBuilder(phases.format());
        for (Supplier<String> s : statistics) sb.append(s.get()).append('\n');
        return sb.toString();
    }

    /** Closes every deferred resource; returns the first failure to close. */
    public synchronized Throwable releaseResources() {
        Throwable first = null;
        while (!resources.isEmpty()) {
            try {
                resources.pop().close();
            } catch (Throwable t) {
                if (first == null) first = t;
            }
        }
        return first;
    }

    /** The user-facing form of a failure: SQL errors, storage errors and the memory limit get plain messages. */
    public QueryException asQueryException(Throwable f) {
        if (f instanceof QueryException q) return q;
        if (f instanceof SqlException s) return new QueryException(s.getMessage(), s);
        Throwable oom = f;
        while (oom != null && !(oom instanceof OutOfMemoryException)) oom = oom.getCause();
        if (oom != null) {
            String detail = oom.getMessage() != null && oom.getMessage().startsWith("query memory limit") ? ": " + oom.getMessage() : "";
            return new QueryException("query memory limit of " + options.memoryLimit() + " bytes exceeded" + detail
                    + " (the setting " + QueryOptions.MEMORY_SETTING + "=" + options.memoryLimit() + "; raise it)",
                    SqlStates.OUT_OF_MEMORY, f);
        }
        if (f instanceof InterruptedException) return new QueryException("query was interrupted", f);
        String state = SqlStates.of(f);
        return switch (state) {
            case SqlStates.INTERNAL -> new QueryException("internal error: " + f, f);
            case SqlStates.TOO_COMPLEX -> new QueryException("expression too deep to evaluate", f);
            case SqlStates.OUT_OF_MEMORY -> new QueryException("out of memory: " + f, f);
            default -> new QueryException(SqlStates.chainMessage(f), f);
        };
    }
}
