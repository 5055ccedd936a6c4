package io.ascan.exec;

import io.ascan.scan.ScanEnvironment;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a pipeline's workers and waits for all; the first failure cancels the query. Workers run
 * on one process-wide pool of platform threads: a query starts several pipelines of a dozen
 * workers each, and starting that many threads per pipeline cost small queries more than their
 * work. While it runs a worker, a pool thread carries the query's name ({@code ascan-q<id>-...})
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

    /** Waits for every thread even when interrupted: state they use is released only after they stopped. */
    static void joinAll(List<Thread> threads) {
        boolean interrupted = false;
        for (Thread t : threads) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    public static void run(QueryContext query, String name, int count, Body body) throws Exception {
        Throwable[] failure = new Throwable[1];
        CountDownLatch done = new CountDownLatch(count);
        for (int i = 0; i < count; i++) {
            int w = i;
            POOL.execute(() -> {
                Thread t = Thread.currentThread();
                String idle = t.getName();
                t.setName("ascan-q" + query.id() + "-" + name + "-" + w);
                List<Thread> self = List.of(t);
                query.register(self);
                try {
                    body.run(w);
                } catch (Throwable e) {
                    synchronized (failure) {
                        if (failure[0] == null) failure[0] = e;
                    }
                    query.fail(e);
                } finally {
                    query.unregister(self);
                    Thread.interrupted(); // an interrupt meant for this query must not reach the next task
                    ScanEnvironment.restorePlacement();
                    t.setName(idle);
                    done.countDown();
                }
            });
        }
        awaitUninterruptibly(done);
        // The query's first failure is the cause; a worker's own may just be the interrupt that followed it.
        query.checkCancelled();
        synchronized (failure) {
            if (failure[0] instanceof Exception e) throw e;
            if (failure[0] instanceof Error e) throw e;
        }
    }

    private static void awaitUninterruptibly(CountDownLatch done) {
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
