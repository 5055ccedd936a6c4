package io.ascan.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.format.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening a catalog (which recovers: removes staging no writer holds) while writers of the same
 * JVM write: no writer loses its staging. A writer's staging directory existed for an instant
 * without its lock file, and a recovery then took it for a dead writer's and removed it (the
 * writer failed on its {@code .lock}: InsertAtomicityTest, once, where each connection opened the
 * catalog while another inserted).
 */
class RecoveryRacingWritersTest {
    @TempDir Path dir;

    @Test
    void recoveryNeverRemovesALiveWritersStaging() throws Exception {
        int tables = 300;
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicLong opens = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            int writer = w;
            threads.add(new Thread(() -> {
                try {
                    // new tables and new versions of one table: both ways a write stages and publishes
                    for (int i = 0; i < tables; i++) {
                        VersionedTables.write(dir, "t" + writer + "_" + i, 1, WriteOptions.DEFAULTS);
                        VersionedTables.write(dir, "r" + writer, 1, WriteOptions.DEFAULTS.withReplace(true));
                    }
                } catch (Throwable t) {
                    failures.add("writer " + writer + ": " + t);
                }
            }, "writer-" + w));
        }
        for (int r = 0; r < 2; r++) {
            threads.add(new Thread(() -> {
                try {
                    while (!done.get()) {
                        Catalog.open(dir);
                        opens.incrementAndGet();
                    }
                } catch (Throwable t) {
                    failures.add("recovery: " + t);
                }
            }, "recovery-" + r));
        }
        threads.forEach(Thread::start);
        threads.get(0).join();
        threads.get(1).join();
        done.set(true);
        for (Thread t : threads) t.join();
        assertEquals(List.of(), List.copyOf(failures));
        assertTrue(opens.get() > 0);
        Catalog c = Catalog.open(dir);
        for (int w = 0; w < 2; w++) {
            for (int i = 0; i < tables; i++) assertTrue(c.exists("t" + w + "_" + i), "table t" + w + "_" + i);
        }
    }
}
