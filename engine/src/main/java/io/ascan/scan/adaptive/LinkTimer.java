package io.ascan.scan.adaptive;

import io.ascan.scan.Rowset;
import io.ascan.scan.ScanMode;
import io.ascan.topology.Interconnect;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Slice times by the emulated link ({@code policy.clock=link}): a slice's time is what its own
 * bytes take at the link's bandwidth, times its mode's workers (they share the one link, so the
 * mode's throughput, the tracker's workers / time, is the bandwidth over its bytes per slice). An
 * interval of the link's clock instead counts every byte any slice moved meanwhile, and which
 * slices those are (how full the output queue is, how far the consumers got) is for the machine's
 * scheduler to decide: on a loaded machine, staging's samples then swung 3x within one phase. A
 * mode that reads in place moves its bytes when its rowset is consumed, so its slice is recorded
 * then. Thread-safe.
 */
final class LinkTimer {
    private final Interconnect link;
    private final Map<ScanMode, Integer> workers;
    private final ThroughputTracker tracker;
    /** Rowsets of a mode that reads in place, each with its slice's epoch, until consumed. */
    private final Map<Rowset, Long> unconsumed = Collections.synchronizedMap(new IdentityHashMap<>());

    LinkTimer(Interconnect link, Map<ScanMode, Integer> workers, ThroughputTracker tracker) {
        if (!link.emulated()) throw new IllegalArgumentException("the link clock needs an emulated interconnect");
        this.link = link;
        this.workers = Map.copyOf(workers);
        this.tracker = tracker;
    }

    /** The time a slice of {@code mode} that moves {@code bytes} is recorded with. */
    long nanos(ScanMode mode, long bytes) {
        return (long) (workers.getOrDefault(mode, 1) * (bytes * 1e9 / link.bandwidth()));
    }

    /**
     * A materializer worker made {@code rowset} (null: no rows) of a slice of {@code mode} that
     * moved {@code bytes}: recorded now, or once consumed if the mode reads in place. Call before
     * the rowset is enqueued.
     */
    void materialized(ScanMode mode, long epoch, int worker, Rowset rowset, long bytes) {
        if (rowset != null && DataMovement.of(mode).readsInPlace()) unconsumed.put(rowset, epoch);
        else tracker.record(mode, epoch, worker, nanos(mode, bytes));
    }

    /** A compute worker consumed {@code rowset}, which moved {@code bytes} across the link then. */
    void consumed(Rowset rowset, long bytes) {
        Long epoch = unconsumed.remove(rowset);
        if (epoch != null) tracker.record(rowset.mode(), epoch, 0, nanos(rowset.mode(), bytes));
    }
}
