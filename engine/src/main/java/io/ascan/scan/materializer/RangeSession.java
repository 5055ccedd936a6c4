package io.ascan.scan.materializer;

import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import java.io.IOException;

/**
 * A session of a local mode that serves a slice as several row ranges (the AdaptiveScan's morsels):
 * the slice is loaded once, with the same large reads as a whole slice, and each range becomes a
 * rowset of its own. What crosses the interconnect is charged per range, so a range costs its
 * share of the slice's link time.
 */
public interface RangeSession extends Materializer.Session {
    /** The slice's segments in this mode's memory; nothing is charged to the interconnect yet. The caller closes it. */
    SliceData load(SliceMeta slice) throws IOException;

    /**
     * Rows {@code [offset, offset + rows)} of {@code data} ({@code offset} a multiple of 8).
     * {@code release} runs once the range no longer needs {@code data}: when its rowset is closed,
     * or before this returns if the rowset does not point into {@code data} (or nothing passed).
     */
    Materializer.Materialized range(SliceData data, int offset, int rows, Runnable release) throws IOException, InterruptedException;
}
