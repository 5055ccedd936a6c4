package io.ascan.scan.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.scan.Rowset;
import io.ascan.scan.ScanMode;
import io.ascan.topology.Interconnect;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Slice times under {@code policy.clock=link}: a slice's own bytes at the link's bandwidth, so a
 * mode's throughput is the bandwidth over its bytes per slice whatever else moved meanwhile, and a
 * mode that reads in place is measured when its rowset is consumed.
 */
class LinkTimerTest {
    static final Interconnect LINK = Interconnect.of(1_000_000); // 1 MB/s

    @Test
    void aModesThroughputIsTheBandwidthOverItsBytesPerSlice() {
        ThroughputTracker t = new ThroughputTracker(Map.of(ScanMode.DIRECT, 3, ScanMode.PUSHDOWN, 1), 0, 4, 0.2);
        LinkTimer timer = new LinkTimer(LINK, Map.of(ScanMode.DIRECT, 3, ScanMode.PUSHDOWN, 1), t);
        long direct = t.activate(ScanMode.DIRECT), pushdown = t.activate(ScanMode.PUSHDOWN);
        for (int i = 0; i < 4; i++) {
            timer.materialized(ScanMode.DIRECT, direct, i % 3, rowset(ScanMode.DIRECT), 4000);
            timer.materialized(ScanMode.PUSHDOWN, pushdown, 0, rowset(ScanMode.PUSHDOWN), 1000);
        }
        // three direct workers share the one link: 4000 bytes a slice at 1 MB/s is 250 slices/s, not 750
        assertEquals(250, t.stats(ScanMode.DIRECT).recent(), 1e-6);
        assertEquals(1000, t.stats(ScanMode.PUSHDOWN).recent(), 1e-6);
    }

    @Test
    void aModeThatReadsInPlaceIsMeasuredWhenConsumed() {
        ThroughputTracker t = new ThroughputTracker(Map.of(ScanMode.STAGING, 3), 0, 2, 0.2);
        LinkTimer timer = new LinkTimer(LINK, Map.of(ScanMode.STAGING, 3), t);
        long epoch = t.activate(ScanMode.STAGING);
        Rowset a = rowset(ScanMode.STAGING), b = rowset(ScanMode.STAGING);
        timer.materialized(ScanMode.STAGING, epoch, 0, a, 0);
        timer.materialized(ScanMode.STAGING, epoch, 1, b, 0);
        assertEquals(0, t.stats(ScanMode.STAGING).measured(), "nothing crossed the link yet");
        timer.consumed(b, 500);
        timer.consumed(a, 500);
        timer.consumed(a, 500); // a rowset is measured once
        assertEquals(2, t.stats(ScanMode.STAGING).measured());
        assertEquals(2000, t.stats(ScanMode.STAGING).recent(), 1e-6, "the lines the loop read, 500 bytes a slice");
    }

    private static Rowset rowset(ScanMode mode) {
        return new Rowset(mode, 0, List.of(), null);
    }
}
