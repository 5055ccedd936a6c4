package io.ascan.scan.adaptive;

import io.ascan.format.SliceMeta;
import io.ascan.scan.ScanMode;
import io.ascan.scan.abm.SliceLease;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A morsel the scheduler assigned to a mode: its ordinal in assignment order and the tracker
 * epoch of the mode's activation it belongs to (completions of an earlier activation are not
 * measured). A slice the Active Buffer Manager handed out carries its claim, shared by the slice's
 * morsels: its chunks stay pinned until every morsel is materialized (or never will be); null when
 * the scan reads on its own.
 */
public record SliceAssignment(long ordinal, Morsel morsel, ScanMode mode, long epoch, Claim claim) {
    public SliceAssignment(long ordinal, SliceMeta slice, ScanMode mode, long epoch) {
        this(ordinal, Morsel.of(slice), mode, epoch, null);
    }

    public SliceAssignment(long ordinal, SliceMeta slice, ScanMode mode, long epoch, SliceLease lease) {
        this(ordinal, Morsel.of(slice), mode, epoch, lease == null ? null : new Claim(lease, 1));
    }

    public SliceMeta slice() {
        return morsel.slice();
    }

    /** A slice's lease, closed when the last of its {@code morsels} is released. */
    public static final class Claim {
        private final SliceLease lease;
        private final AtomicInteger left;

        Claim(SliceLease lease, int morsels) {
            this.lease = lease;
            this.left = new AtomicInteger(morsels);
        }

        void done() {
            if (left.decrementAndGet() == 0) lease.close();
        }

        /** The lease goes now, whatever morsels are left (the scheduler failed before assigning them). */
        void abandon() {
            lease.close();
        }
    }

    /** This morsel was materialized (or never will be): the slice's chunks may be evicted once all its morsels are. */
    void release() {
        if (claim != null) claim.done();
    }
}
