package io.ascan.storage.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The connection's pull-up rate: bytes over the time any pull-up was in flight, the best window kept. */
class PullupThroughputTest {
    private static final long MS = 1_000_000;

    @Test
    void nothingMeasuredBeforeAWholeWindow() {
        PullupThroughput t = new PullupThroughput();
        t.started(0);
        t.ended(100 * MS, 1_000_000);
        assertEquals(0, t.best());
    }

    @Test
    void overlappingCallsCountTheirTimeOnceAndIdleTimeNot() {
        PullupThroughput t = new PullupThroughput();
        // two calls side by side for 100 ms, 10 MB each; idle 1 s; one call of 100 ms, 20 MB
        t.started(0);
        t.started(0);
        t.ended(100 * MS, 10_000_000);
        t.ended(100 * MS, 10_000_000);
        t.started(1100 * MS);
        t.ended(1200 * MS, 20_000_000);
        assertEquals(200_000_000, t.best()); // 40 MB in 200 ms busy, not in 1.2 s
    }

    @Test
    void callsTooSmallToMeasureBytesAreNoRate() {
        PullupThroughput t = new PullupThroughput();
        // 100 calls of 2 KiB, 2 ms each: 1 MB/s, set by the round trips
        for (int i = 0; i < 100; i++) {
            t.started(2 * i * MS);
            t.ended(2 * (i + 1) * MS, 2048);
        }
        assertEquals(0, t.best());
        // a window of 4 MB calls measures bytes
        for (int i = 0; i < 10; i++) {
            t.started((200 + 20 * i) * MS);
            t.ended((220 + 20 * i) * MS, 4_000_000);
        }
        assertEquals(200_000_000, t.best());
    }

    @Test
    void theBestWindowIsKept() {
        PullupThroughput t = new PullupThroughput();
        t.started(0);
        t.ended(200 * MS, 40_000_000); // 200 MB/s
        t.started(300 * MS);
        t.ended(500 * MS, 10_000_000); // 50 MB/s
        assertEquals(200_000_000, t.best());
    }
}
