package io.ascan.scan.abm;

import java.util.Collection;

/**
 * What a policy reads of the buffer: the registered scans and which chunks are resident or being
 * loaded. The {@link ActiveBufferManager} answers under its lock; policy tests script it.
 */
public interface BufferView {
    /**
     * A scan with fewer slices than this ready or on their way is starved (the paper's 2 is for
     * chunks of many megabytes; our slices are small, and a scan whose workers wait for a load
     * leaves the link idle, which disturbs the AdaptiveScan's measurements).
     */
    int PREFETCH = 4;
    Collection<ScanState> scans();

    boolean resident(ChunkId c);

    boolean loading(ChunkId c);

    /** Slice loads issued so far: the clock a scan's waiting time is measured in. */
    long loads();

    /** Resident or on its way. */
    default boolean coming(ChunkId c) {
        return resident(c) || loading(c);
    }

    /** Every column {@code q} reads of {@code slice} is resident: the slice is ready for q (DSM). */
    default boolean ready(ScanState q, int slice) {
        for (Object f : q.files) if (!resident(new ChunkId(f, slice))) return false;
        return true;
    }

    default boolean comingFor(ScanState q, int slice) {
        for (Object f : q.files) if (!coming(new ChunkId(f, slice))) return false;
        return true;
    }

    /** Slices q could take now or once loads in flight land. */
    default int prospects(ScanState q, int limit) {
        int n = 0;
        for (int s : q.remaining.keySet()) {
            if (comingFor(q, s) && ++n >= limit) break;
        }
        return n;
    }

    /** Paper, Figure 3: fewer than {@link #PREFETCH} available chunks (the paper: two). */
    default boolean starved(ScanState q) {
        return !q.remaining.isEmpty() && prospects(q, PREFETCH) < PREFETCH;
    }

    /** On the border of starvation: kept from eviction like the starved (keepRelevance). */
    default boolean almostStarved(ScanState q) {
        return !q.remaining.isEmpty() && prospects(q, PREFETCH + 1) < PREFETCH + 1;
    }

    /** Scans that still need chunk {@code c}. */
    default int interested(ChunkId c) {
        int n = 0;
        for (ScanState q : scans()) if (q.needs(c)) n++;
        return n;
    }
}
