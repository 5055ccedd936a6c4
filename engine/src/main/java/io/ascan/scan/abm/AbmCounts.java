package io.ascan.scan.abm;

import io.ascan.scan.ScanReport;
import java.util.concurrent.atomic.LongAdder;

/** How the ABM served one scan (its CScan adds, the scan report reads). */
public final class AbmCounts {
    final LongAdder served = new LongAdder();
    final LongAdder shared = new LongAdder();
    final LongAdder unpooled = new LongAdder();
    final LongAdder loads = new LongAdder();
    final LongAdder loadedBytes = new LongAdder();
    final LongAdder waits = new LongAdder();
    final LongAdder waitNanos = new LongAdder();
    private volatile String policy;

    void registered(String policy) {
        this.policy = policy;
    }

    /** The figures for the scan report; null when the scan did not register with an ABM. */
    public ScanReport.AbmFigures figures() {
        String p = policy;
        return p == null ? null : new ScanReport.AbmFigures(p, served.sum(), shared.sum(), unpooled.sum(), loads.sum(),
                loadedBytes.sum(), waits.sum(), waitNanos.sum());
    }
}
