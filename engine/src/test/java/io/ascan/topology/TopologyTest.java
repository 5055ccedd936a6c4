package io.ascan.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class TopologyTest {
    @Test
    void oneNodeIsSplitIntoDisjointCpuSets() {
        Topology t = Topology.split(new int[] {0, 1}, 0);
        assertArrayEquals(new int[] {0}, t.computeCpus());
        assertArrayEquals(new int[] {1}, t.storageCpus());
        Topology eight = Topology.split(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, 0);
        assertArrayEquals(new int[] {6, 7}, eight.storageCpus());
        assertEquals(6, eight.computeCpus().length);
        Topology detected = Topology.detect(-1, -1);
        int total = detected.multiNode() ? 0 : detected.storageCpus().length + detected.computeCpus().length;
        int allowed = io.ascan.numa.Numa.currentAffinity().cardinality();
        assertTrue(detected.multiNode() || total == Math.max(2, allowed) || allowed == 1, detected.toString());
    }

    @Test
    void lineTrackerCountsDistinctLinesOnly() {
        LineTracker lines = new LineTracker();
        lines.reset();
        int a = lines.register(4096, 8 * 1000);
        int b = lines.register(1 << 20, 4 * 1000);
        for (int i = 0; i < 1000; i += 2) lines.touch(a, 4096 + 8L * i);  // every other long: all lines of a
        lines.touch(b, (1 << 20) + 4, 4);                                    // one int: one line of b
        lines.touch(b, (1 << 20) + 8, 4);                                    // same line again
        assertEquals((8000 / 64 + 1) * 64 - 64 + 64, lines.touchedBytes());  // 125 lines of a + 1 of b
        lines.reset();
        lines.register(4096, 64);
        assertEquals(0, lines.touchedBytes());
        lines.touch(0, 4096 + 60, 8); // straddles two lines
        assertEquals(128, lines.touchedBytes());
    }

    @Test
    void unsetInterconnectNeverWaitsButCounts() {
        Interconnect none = Interconnect.NONE;
        assertTrue(!none.emulated());
        Interconnect counting = Interconnect.of(0);
        counting.charge(1L << 40);
        assertEquals(1L << 40, counting.bytesMoved());
        assertEquals(0, counting.waitedNanos());
    }

    @Test
    void theLinkClockCountsTheTimeOfTheBytesCharged() {
        assertEquals(0, Interconnect.NONE.linkNanos());
        Interconnect link = new Interconnect(1_000_000_000, 1L << 30); // 1 GB/s, a burst that never waits
        assertEquals(0, link.linkNanos());
        link.charge(5_000);
        link.charge(20_000);
        assertEquals(25_000, link.linkNanos(), "25,000 bytes take 25 us at 1 GB/s, however long the calls took");
    }

    @Test
    void emulatedLinkChargesAccumulateWaitsAcrossThreads() throws Exception {
        // 100 MB/s with a 64 KiB burst: 4 threads x 25 charges of 100 KB = 10 MB must wait about
        // 0.1 s in total across threads (the waiting is asserted, not the wall-clock time).
        Interconnect link = new Interconnect(100_000_000, 64 << 10);
        CountDownLatch done = new CountDownLatch(4);
        for (int t = 0; t < 4; t++) {
            Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 25; i++) link.charge(100_000);
                done.countDown();
            });
        }
        done.await();
        assertEquals(10_000_000, link.bytesMoved());
        assertTrue(link.waitedNanos() > 0, "charges beyond the burst wait");
    }
}
