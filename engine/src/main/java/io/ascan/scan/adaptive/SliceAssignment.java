package io.ascan.scan.adaptive;

import io.ascan.format.SliceMeta;
import io.ascan.scan.ScanMode;
import io.ascan.scan.abm.SliceLease;

/**
 * A slice the scheduler assigned to a mode: its ordinal in assignment order and the tracker epoch
 * of the mode's activation it belongs to (completions of an earlier activation are not measured).
 * A slice the Active Buffer Manager handed out carries its lease (its chunks stay pinned until the
 * slice is materialized); null when the scan reads on its own.
 */
public record SliceAssignment(long ordinal, SliceMeta slice, ScanMode mode, long epoch, SliceLease lease) {
    public SliceAssignment(long ordinal, SliceMeta slice, ScanMode mode, long epoch) {
        this(ordinal, slice, mode, epoch, null);
    }

    /** The slice's chunks may be evicted again: it has been materialized (or never will be). */
    void release() {
        if (lease != null) lease.close();
    }
}
