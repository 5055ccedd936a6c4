package io.ascan.bench.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.numa.Numa;
import io.ascan.topology.Topology;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** The Fig. 9 interference: pinned to the storage CPUs, streaming only between resume and pause. */
class BandwidthHogTest {
    @Test
    void streamsOnlyWhileResumedOnTheStorageCpus() throws Exception {
        Topology t = Topology.detect(-1, -1);
        BitSet before = Numa.currentAffinity();
        try (BandwidthHog hog = BandwidthHog.start(t)) {
            assertArrayEquals(t.storageCpus(), hog.cpus());
            assertEquals(0, hog.bytesStreamed(), "it starts paused");
            hog.resume();
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (hog.bytesStreamed() == 0 && System.nanoTime() < deadline) Thread.sleep(1);
            hog.pause();
            long paused = hog.bytesStreamed();
            assertTrue(paused > 0, "it streamed while resumed");
            assertTrue(hog.bytesPerSecond() > 0);
            Thread.sleep(20);
            assertEquals(paused, hog.bytesStreamed(), "pause returns only when no copy is in flight, and none starts after");
            hog.resume();
            hog.pause();
        }
        assertEquals(before, Numa.currentAffinity(), "only the hog's own threads are pinned, not their creator");
    }

    @Test
    void aClosedHogCannotResume() {
        BandwidthHog hog = BandwidthHog.start(Topology.detect(-1, -1));
        hog.close();
        assertThrows(IllegalStateException.class, hog::resume);
    }
}
