package io.ascan.scan.abm;

import io.ascan.cache.SegmentKey;
import io.ascan.format.SliceMeta;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A slice the ABM handed a scan: its chunks are pinned in the pool (not evictable) until the
 * lease is closed, so the scan's materializer reads them from memory. An unpooled lease (its
 * columns do not fit the pool at all) pins nothing: the materializer reads the slice from disk.
 * Closing is idempotent; the scan's unregistration closes what its workers did not.
 */
public final class SliceLease implements AutoCloseable {
    private final CScan owner;
    private final SliceMeta slice;
    private final List<SegmentKey> pinned;
    private final AtomicBoolean closed = new AtomicBoolean();

    SliceLease(CScan owner, SliceMeta slice, List<SegmentKey> pinned) {
        this.owner = owner;
        this.slice = slice;
        this.pinned = List.copyOf(pinned);
    }

    public SliceMeta slice() {
        return slice;
    }

    List<SegmentKey> pinned() {
        return pinned;
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) owner.released(this);
    }
}
