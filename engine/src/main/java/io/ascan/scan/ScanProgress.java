package io.ascan.scan;

/**
 * How far a query's AdaptiveScans are: slices materialized of the slices to read (after zone-map
 * pruning), rows handed to their pipelines and bytes moved. Read from the counters the scans keep
 * anyway ({@link ScanFigures}), without locks, so a progress display may poll it at any time.
 */
public record ScanProgress(long slicesDone, long slices, long rows, long bytes) {
    public static final ScanProgress NONE = new ScanProgress(0, 0, 0, 0);

    public ScanProgress plus(ScanProgress o) {
        return new ScanProgress(slicesDone + o.slicesDone, slices + o.slices, rows + o.rows, bytes + o.bytes);
    }
}
