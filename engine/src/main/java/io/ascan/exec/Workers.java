package io.ascan.exec;

import io.ascan.scan.ScanEnvironment;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a pipeline's workers and waits for all; the first failure cancels the query. Workers (and
 * each query's coordinator) run on one process-wide pool of platform threads: a query starts
 * several pipelines of a dozen workers each, and starting that many threads per pipeline cost
 * small queries more than their work. While it runs a worker, a pool thread carries the query's name ({@code ascan-q<id>-...})
 * and is registered with the query, so cancellation interrupts it; afterwards its name,
 * interrupt status and CPU placement are reset before it serves anything else.
 */
public final class Workers {
    @FunctionalInterface
    public interface Body {
        void run(int worker) throws Exception;
    }

    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final ExecutorService POOL = Executors.newCachedThreadPool(
            r -> Thread.ofPlatform().daemon().name("ascan-worker-" + THREADS.incrementAndGet()).unstarted(r));

    private Workers() {}

    /**
     * Runs {@code task} on a pool thread named {@code ascan-q<id>-<name>} (the query's coordinator:
     * no thread is started per query). The task registers the thread with the query itself, for
     * as long as cancellation may interrupt it; the returned latch opens once the thread is back
     * in the pool with its interrupt status, placement and name reset.
     */
    public static CountDownLatch start(QueryContext query, String name, Runnable task) {
        CountDownLatch done = new CountDownLatch(1);
        POOL.execute(() -> {
            Thread t = Thread.currentThread();
            String idle = t.getName();
            t.setName("ascan-q" + query.id() + "-" + name);
            try {
                task.run();
            } finally {
                clean(t, idle);
                done.countDown();
            }
        });
        return done;
    }

    /** Resets a pool thread after a query's task: an interrupt meant for the query must not reach the next task. */
    private static void clean(Thread t, String idle) {
        Thread.interrupted();
        ScanEnvironment.restorePlacement();
        t.setName(idle);
    }

    public static void run(QueryContext query, String name, int count, Body body) throws Exception {
        run(query, name, count, null, body);
    }

    /**
     * As {@link #run(QueryContext, String, int, Body)}; a worker's access outside native memory
     * (checked mode) is reported {@code where.apply(worker)}: the pipeline or operator it ran.
     *
     * <p>Worker 0 runs on the calling thread, which would otherwise only wait: it starts at once,
     * where a pool thread first has to be woken and scheduled (on a busy machine a scheduler
     * quantum, milliseconds, against a small query's few), and a pipeline of one worker needs no
     * hand-off at all.
     */
    public static void run(QueryContext query, String name, int count, java.util.function.IntFunction<String> where, Body body)
            throws Exception {
        if (count <= 0) return;
        Throwable[] failure = new Throwable[1];
        CountDownLatch done = new CountDownLatch(count - 1);
        for (int i = 1; i < count; i++) {
            int w = i;
            POOL.execute(() -> {
                Thread t = Thread.currentThread();
                String idle = t.getName();
                t.setName(workerName(query, name, w));
                List<Thread> self = List.of(t);
                query.register(self);
                try {
                    runWorker(query, w, where, body, failure);
                } finally {
                    query.unregister(self);
                    clean(t, idle);
                    done.countDown();
                }
            });
        }
        runOnCaller(query, name, where, body, failure);
        awaitUninterruptibly(done);
        // The query's first failure is the cause; a worker's own may just be the interrupt that followed it.
        query.checkCancelled();
        synchronized (failure) {
            if (failure[0] instanceof Exception e) throw e;
            if (failure[0] instanceof Error e) throw e;
        }
    }

    /**
     * Worker 0 on the calling thread, named and registered as a pool worker would be while it
     * runs; the caller keeps its registration (a coordinator's), and its CPU placement unless
     * the worker pinned it. A caller registered only for the worker loses, as a pool thread does,
     * the interrupt a failure of the query left (the failure itself is thrown); a registered one
     * keeps it, as it would have while waiting.
     */
    private static void runOnCaller(QueryContext query, String name, java.util.function.IntFunction<String> where, Body body,
                                    Throwable[] failure) {
        Thread t = Thread.currentThread();
        String own = t.getName();
        boolean pinned = ScanEnvironment.pinned();
        t.setName(workerName(query, name, 0));
        boolean registered = query.registerIfAbsent(t);
        try {
            runWorker(query, 0, where, body, failure);
        } finally {
            if (registered) {
                query.unregister(List.of(t));
                if (query.cancelled()) Thread.interrupted();
            }
            if (!pinned) ScanEnvironment.restorePlacement();
            t.setName(own);
        }
    }

    private static String workerName(QueryContext query, String name, int w) {
        return "ascan-q" + query.id() + "-" + name + "-" + w;
    }

    /** Runs worker {@code w}'s body; its failure is recorded (the first one) and fails the query. */
    private static void runWorker(QueryContext query, int w, java.util.function.IntFunction<String> where, Body body,
                                  Throwable[] failure) {
        try {
            body.run(w);
        } catch (Throwable e) {
            if (where != null && e instanceof io.ascan.memory.NativeAccessException n) n.in(where.apply(w));
            synchronized (failure) {
                if (failure[0] == null) failure[0] = e;
            }
            query.fail(e);
        }
    }

    public static void awaitUninterruptibly(CountDownLatch done) {
        boolean interrupted = false;
        while (true) {
            try {
                done.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
