package io.ascan.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.cache.SegmentCache;
import io.ascan.testing.LeakCheck;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The pooled threads queries run on (coordinators here) come back clean for the next query: no
 * interrupt left by a cancellation, not named for the old query (the cancel test counts a query's
 * threads by name).
 */
class WorkersTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    QueryContext query() {
        return new QueryContext(memory.allocator(), memory.pool(), SegmentCache.disabled(), QueryOptions.DEFAULTS);
    }

    @Test
    void aPooledThreadCarriesNoInterruptOrNameIntoItsNextTask() throws Exception {
        QueryContext first = query();
        AtomicReference<Thread> used = new AtomicReference<>();
        AtomicReference<String> name = new AtomicReference<>();
        Workers.awaitUninterruptibly(Workers.start(first, "coordinator", () -> {
            used.set(Thread.currentThread());
            name.set(Thread.currentThread().getName());
            Thread.currentThread().interrupt(); // as a cancellation would leave it
        }));
        first.allocator().close();
        assertEquals("ascan-q" + first.id() + "-coordinator", name.get());
        // The pool hands a task to its most recently idle thread: the one above, within a few tries.
        AtomicBoolean interrupted = new AtomicBoolean(true);
        AtomicReference<String> nextName = new AtomicReference<>();
        boolean reused = false;
        for (int i = 0; i < 100 && !reused; i++) {
            awaitIdle(used.get()); // back in the pool: else a loaded machine starts a new thread for every try
            QueryContext next = query();
            AtomicBoolean same = new AtomicBoolean();
            Workers.awaitUninterruptibly(Workers.start(next, "coordinator", () -> {
                if (Thread.currentThread() != used.get()) return;
                same.set(true);
                interrupted.set(Thread.currentThread().isInterrupted());
                nextName.set(Thread.currentThread().getName());
            }));
            next.allocator().close();
            reused = same.get();
            if (reused) assertEquals("ascan-q" + next.id() + "-coordinator", nextName.get());
        }
        assertTrue(reused, "the pool never reused its idle thread");
        assertFalse(interrupted.get(), "an interrupt of the previous task reached the next");
        assertFalse(used.get().getName().startsWith("ascan-q"), used.get().getName());
    }

    /** Waits (at most 10 s) until {@code t} waits for work, as a pooled thread between tasks does. */
    private static void awaitIdle(Thread t) throws InterruptedException {
        for (int i = 0; i < 10_000; i++) {
            Thread.State state = t.getState();
            if (state == Thread.State.TIMED_WAITING || state == Thread.State.WAITING || state == Thread.State.TERMINATED) return;
            Thread.sleep(1);
        }
    }

    /**
     * Worker 0 runs on the calling thread (a coordinator here), named as a worker while it runs;
     * the others on pool threads. Afterwards the coordinator has its own name back and is still
     * registered with the query: a cancellation still interrupts it.
     */
    @Test
    void workerZeroRunsOnTheCallerWhichKeepsItsNameAndRegistration() throws Exception {
        QueryContext query = query();
        try {
            Thread[] ran = new Thread[3];
            String[] names = new String[3];
            AtomicReference<Thread> coordinator = new AtomicReference<>();
            AtomicReference<String> after = new AtomicReference<>();
            AtomicBoolean interruptedByCancel = new AtomicBoolean();
            AtomicReference<Throwable> failed = new AtomicReference<>();
            Workers.awaitUninterruptibly(Workers.start(query, "coordinator", () -> {
                Thread me = Thread.currentThread();
                coordinator.set(me);
                query.register(java.util.List.of(me));
                try {
                    Workers.run(query, "p3", 3, w -> {
                        ran[w] = Thread.currentThread();
                        names[w] = Thread.currentThread().getName();
                    });
                    after.set(me.getName());
                    query.cancel("stop");
                    interruptedByCancel.set(Thread.interrupted());
                } catch (Throwable e) {
                    failed.set(e);
                } finally {
                    query.unregister(java.util.List.of(me));
                }
            }));
            assertEquals(null, failed.get());
            assertTrue(ran[0] == coordinator.get(), "worker 0 ran on " + ran[0] + ", not on the calling thread");
            assertTrue(ran[1] != coordinator.get() && ran[2] != coordinator.get() && ran[1] != ran[2], "workers 1 and 2 share a thread");
            for (int w = 0; w < 3; w++) assertEquals("ascan-q" + query.id() + "-p3-" + w, names[w]);
            assertEquals("ascan-q" + query.id() + "-coordinator", after.get());
            assertTrue(interruptedByCancel.get(), "the coordinator lost its registration to worker 0");
        } finally {
            query.allocator().close();
        }
    }

    /** A caller that was not registered is not left registered; worker 0's failure fails the query once the others end. */
    @Test
    void workerZerosFailureIsThrownAfterTheOthersEnd() {
        QueryContext query = query();
        try {
            AtomicBoolean othersEnded = new AtomicBoolean();
            QueryException e = org.junit.jupiter.api.Assertions.assertThrows(QueryException.class, () -> Workers.run(query, "p", 2, w -> {
                if (w == 0) throw new IllegalStateException("worker 0 broke");
                while (!query.cancelled()) Thread.onSpinWait(); // ends once worker 0's failure stopped the query
                othersEnded.set(true);
            }));
            assertTrue(e.getMessage().contains("worker 0 broke"), e.getMessage());
            assertTrue(othersEnded.get(), "run returned before worker 1 ended");
            query.cancel("later");
            assertFalse(Thread.interrupted(), "the unregistered caller was left registered with the query");
            assertFalse(Thread.currentThread().getName().startsWith("ascan-q"), Thread.currentThread().getName());
        } finally {
            query.allocator().close();
        }
    }

    /** Checked mode (the test suite's): a worker's access outside native memory fails the query naming where it ran. */
    @Test
    void aBadNativeAccessFailsTheQueryNamingWhereItRan() {
        QueryContext query = query();
        try {
            QueryException e = org.junit.jupiter.api.Assertions.assertThrows(QueryException.class,
                    () -> Workers.run(query, "test", 1, w -> "pipeline 7: Scan(t) -> Result", w -> io.ascan.codegen.rt.Mem.getLong(8)));
            assertTrue(e.getCause() instanceof io.ascan.memory.NativeAccessException, String.valueOf(e.getCause()));
            assertTrue(e.getMessage().contains("0x8 are outside every live native region"), e.getMessage());
            assertTrue(e.getMessage().contains("; in pipeline 7: Scan(t) -> Result"), e.getMessage());
        } finally {
            query.allocator().close();
        }
    }
}
