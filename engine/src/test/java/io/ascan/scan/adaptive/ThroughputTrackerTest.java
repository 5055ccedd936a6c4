package io.ascan.scan.adaptive;

import io.ascan.scan.ScanMode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.scan.policy.DriftDetector;
import io.ascan.scan.policy.ModeStats;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The throughput signal: Little's law over slice times, warm-up and stale epochs excluded, robust window. */
class ThroughputTrackerTest {
    static ThroughputTracker tracker(int workers, int warmup) {
        Map<ScanMode, Integer> n = new EnumMap<>(ScanMode.class);
        for (ScanMode m : ScanMode.values()) n.put(m, workers);
        return new ThroughputTracker(n, warmup, 8, 0.2);
    }

    @Test
    void throughputIsWorkersOverSliceTimeWhateverTheVariance() {
        ThroughputTracker t = tracker(3, 0);
        long direct = t.activate(ScanMode.DIRECT), staging = t.activate(ScanMode.STAGING);
        for (int i = 0; i < 100; i++) {
            t.record(ScanMode.DIRECT, direct, i % 3, 1_000_000);                                  // always 1 ms
            t.record(ScanMode.STAGING, staging, i % 3, i % 2 == 0 ? 100_000 : 1_900_000);         // 0.1 or 1.9 ms
        }
        ModeStats d = t.stats(ScanMode.DIRECT), s = t.stats(ScanMode.STAGING);
        assertEquals(3000, d.estimate(), 1e-6, "3 workers, 1 ms each");
        // Averaging 1/T would make staging look 3x faster (mean of 10000 and 526 per worker).
        assertTrue(s.estimate() < 1.1 * d.estimate() && s.estimate() > 0.9 * d.estimate() / 2, "staging " + s + ", direct " + d);
    }

    @Test
    void warmUpAndStaleEpochsAreNotMeasured() {
        ThroughputTracker t = tracker(1, 5);
        long first = t.activate(ScanMode.PUSHDOWN);
        assertEquals(0, t.stats(ScanMode.PUSHDOWN).completed());
        t.record(ScanMode.PUSHDOWN, first, 0, 100_000_000);
        assertEquals(1, t.stats(ScanMode.PUSHDOWN).completed(), "the pipeline filled: a completion, in the warm-up");
        assertEquals(0, t.stats(ScanMode.PUSHDOWN).measured());
        for (int i = 1; i < 5; i++) t.record(ScanMode.PUSHDOWN, first, 0, 100_000_000); // warm-up: 10/s, ignored
        for (int i = 0; i < 20; i++) t.record(ScanMode.PUSHDOWN, first, 0, 1_000_000);
        assertEquals(20, t.stats(ScanMode.PUSHDOWN).measured());
        assertEquals(25, t.stats(ScanMode.PUSHDOWN).completed());
        assertEquals(1000, t.stats(ScanMode.PUSHDOWN).recent(), 1e-6);
        long second = t.activate(ScanMode.PUSHDOWN);
        t.record(ScanMode.PUSHDOWN, first, 0, 1); // a slice of the previous activation
        assertEquals(0, t.stats(ScanMode.PUSHDOWN).measured());
        assertEquals(0, t.stats(ScanMode.PUSHDOWN).completed());
        assertTrue(second > first);
    }

    @Test
    void aBurstOfStalledSlicesDoesNotMoveTheWindowButASustainedChangeDoes() {
        DriftDetector d = new DriftDetector(8, 0.2);
        for (int i = 0; i < 30; i++) d.add(i % 7 == 0 ? 1.2 : 1.0);
        for (int i = 0; i < 3; i++) d.add(20); // every worker waited on a pause at once
        assertTrue(d.recent() < 1.25, "median of the window: " + d.recent());
        double baseline = d.estimate();
        assertTrue(baseline > 0.95 && baseline < 1.25, "baseline " + baseline);
        for (int i = 0; i < 5; i++) d.add(2.0); // now slices take twice as long
        assertTrue(d.recent() >= 2.0, "most of the window moved: " + d.recent());
        assertTrue(d.estimate() < 1.25, "the baseline lags a window behind: " + d.estimate());
    }
}
