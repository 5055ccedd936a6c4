package io.ascan.exec;

import java.util.ArrayList;
import java.util.List;

/** Runs a pipeline's workers on threads of their own and waits for all; the first failure cancels the query. */
public final class Workers {
    @FunctionalInterface
    public interface Body {
        void run(int worker) throws Exception;
    }

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
        List<Thread> threads = new ArrayList<>(count);
        Throwable[] failure = new Throwable[1];
        for (int i = 0; i < count; i++) {
            int w = i;
            Thread t = Thread.ofPlatform().name("ascan-q" + query.id() + "-" + name + "-" + w).unstarted(() -> {
                try {
                    body.run(w);
                } catch (Throwable e) {
                    synchronized (failure) {
                        if (failure[0] == null) failure[0] = e;
                    }
                    query.fail(e);
                }
            });
            threads.add(t);
        }
        query.register(threads);
        try {
            for (Thread t : threads) t.start();
            joinAll(threads);
        } finally {
            query.unregister(threads);
        }
        // The query's first failure is the cause; a worker's own may just be the interrupt that followed it.
        query.checkCancelled();
        if (failure[0] instanceof Exception e) throw e;
        if (failure[0] instanceof Error e) throw e;
    }
}
