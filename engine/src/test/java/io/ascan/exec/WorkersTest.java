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
