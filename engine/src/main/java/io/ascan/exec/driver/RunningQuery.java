package io.ascan.exec.driver;

import io.ascan.exec.pipeline.Pipeline;
import io.ascan.exec.QueryContext;
import io.ascan.exec.QueryException;
import io.ascan.exec.QueryResult;
import io.ascan.exec.Workers;
import io.ascan.plan.OutputColumn;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A query in flight: the coordinator (a pooled thread) runs its pipelines in order (finishing a sink after
 * the last pipeline feeding it) and then releases their state; result batches wait in a small
 * bounded queue for {@link #next()}, which is the back-pressure on the workers. Closing cancels,
 * waits for the coordinator, and releases every remaining buffer and the query's allocator.
 */
final class RunningQuery implements QueryResult {
    private static final int RESULT_QUEUE = 4;
    private static final ScheduledExecutorService TIMERS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ascan-query-timeouts");
        t.setDaemon(true);
        return t;
    });

    private final QueryContext query;
    private final List<OutputColumn> columns;
    /** Marks the end of the results, so that the consumer wakes the moment the last pipeline finished. */
    private static final Object END = new Object();

    /** Result batches, then {@link #END}; {@link #slots} bounds the batches in it. */
    private final BlockingQueue<Object> batches = new LinkedBlockingQueue<>();
    private final Semaphore slots = new Semaphore(RESULT_QUEUE);
    private final StringBuilder code = new StringBuilder();
    private volatile boolean finished;
    private volatile long endedAt;
    /** Opens when the coordinator's pool thread is done with this query; null until started. */
    private CountDownLatch coordinator;
    private ScheduledFuture<?> timeout;
    private VectorSchemaRoot current;
    private boolean closed;
    private boolean ended;

    RunningQuery(QueryContext query, List<OutputColumn> columns) {
        this.query = query;
        this.columns = List.copyOf(columns);
    }

    /** Called by result writers on worker threads: blocks while the consumer is behind. */
    void offer(VectorSchemaRoot batch) {
        try {
            slots.acquire();
            batches.add(batch);
        } catch (InterruptedException e) {
            batch.close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("query stopped while delivering a result batch", e);
        }
    }

    void start(List<Pipeline> pipelines) {
        if (query.options().dumpCode()) {
            for (Pipeline p : pipelines) code.append("// ").append(p.describe()).append('\n').append(p.compiled().source()).append('\n');
        }
        long t = query.options().timeoutMillis();
        if (t > 0) timeout = TIMERS.schedule(() -> query.timeOut("query timed out after " + t + " ms"), t, TimeUnit.MILLISECONDS);
        long started = System.nanoTime();
        coordinator = Workers.start(query, "coordinator", () -> {
            query.phases().since("start coordinator", started);
            run(pipelines);
        });
    }

    private void run(List<Pipeline> pipelines) {
        query.register(List.of(Thread.currentThread()));
        try {
            for (int i = 0; i < pipelines.size(); i++) {
                query.checkCancelled();
                Pipeline p = pipelines.get(i);
                long t0 = System.nanoTime();
                long t1;
                try {
                    p.source().run(p, query);
                    t1 = System.nanoTime();
                    if (!feedsLater(pipelines, i)) p.sink().finish(p, query);
                } catch (io.ascan.memory.NativeAccessException e) {
                    throw e.in(p.describe());
                }
                long nanos = System.nanoTime() - t0;
                query.phases().add("pipeline " + p.id(), nanos, "sink finish", System.nanoTime() - t1);
                query.ran(p.describe(p.emitted(), nanos));
            }
        } catch (Throwable e) {
            query.fail(e);
        } finally {
            long released = System.nanoTime();
            for (Pipeline p : pipelines) p.close();
            Throwable f = query.releaseResources();
            if (f != null) query.fail(f);
            query.unregister(List.of(Thread.currentThread()));
            query.phases().since("release", released);
            finished = true;
            endedAt = System.nanoTime();
            batches.add(END);
        }
    }

    private static boolean feedsLater(List<Pipeline> pipelines, int i) {
        for (int j = i + 1; j < pipelines.size(); j++) if (pipelines.get(j).sink() == pipelines.get(i).sink()) return true;
        return false;
    }

    @Override
    public List<OutputColumn> columns() {
        return columns;
    }

    @Override
    public boolean next() throws QueryException {
        if (closed) throw new QueryException("the result is closed");
        if (current != null) {
            current.close();
            current = null;
        }
        if (ended) {
            query.checkCancelled();
            return false;
        }
        try {
            while (true) {
                if (query.cancelled()) query.checkCancelled();
                // Timed only so that a cancellation is noticed while the workers are still busy.
                Object b = batches.poll(20, TimeUnit.MILLISECONDS);
                if (b == END) {
                    ended = true;
                    query.phases().since("deliver last batch", endedAt);
                    query.checkCancelled();
                    return false;
                }
                if (b != null) {
                    slots.release();
                    current = (VectorSchemaRoot) b;
                    return true;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryException("interrupted while waiting for a result batch", e);
        }
    }

    @Override
    public VectorSchemaRoot batch() {
        if (current == null) throw new IllegalStateException("no current batch: call next() first");
        return current;
    }

    @Override
    public void cancel() {
        query.cancel("query was cancelled");
    }

    @Override
    public String statistics() {
        return query.statistics();
    }

    @Override
    public List<io.ascan.scan.ScanReport> scanReports() {
        return query.scanReports();
    }

    @Override
    public io.ascan.scan.ScanProgress progress() {
        return query.progress();
    }

    @Override
    public List<String> pipelines() {
        return query.ranPipelines();
    }

    @Override
    public String generatedCode() {
        return code.toString();
    }

    /** Releases a query that never started (the plan did not compile). */
    void abandon() {
        closed = true;
        query.releaseResources();
        query.allocator().close();
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        if (!finished) query.cancel("query was cancelled");
        if (timeout != null) timeout.cancel(false);
        if (coordinator != null) Workers.awaitUninterruptibly(coordinator);
        if (current != null) current.close();
        current = null;
        for (Object b; (b = batches.poll()) != null; ) {
            if (b != END) ((VectorSchemaRoot) b).close();
        }
        query.allocator().close();
    }
}
