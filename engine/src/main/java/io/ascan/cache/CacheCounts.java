package io.ascan.cache;

import io.ascan.scan.ScanReport;
import java.util.concurrent.atomic.LongAdder;

/** How the segment cache served one scan's readers (many threads add, the scan report reads). */
public final class CacheCounts {
    private final LongAdder hit = new LongAdder();
    private final LongAdder read = new LongAdder();
    private final LongAdder bytesHit = new LongAdder();
    private volatile boolean enabled;

    /** One reader's segments: {@code segmentsHit} from the cache, {@code segmentsRead} from disk. */
    public void add(long segmentsHit, long segmentsRead, long bytes) {
        hit.add(segmentsHit);
        read.add(segmentsRead);
        bytesHit.add(bytes);
    }

    /** Marks the scan as reading through an enabled cache (figures are reported only then). */
    public void enabled(boolean on) {
        enabled = on;
    }

    /** The figures for the scan report; null when the scan did not read through a cache. */
    public ScanReport.CacheFigures figures() {
        return enabled ? new ScanReport.CacheFigures(hit.sum(), read.sum(), bytesHit.sum()) : null;
    }
}
