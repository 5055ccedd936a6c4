package io.ascan.scan.policy;

import io.ascan.scan.ScanMode;

/**
 * Chooses the mode of each scan slice. Policy (which mode, when to sample) is kept apart from
 * mechanism (queues, throughput tracking, workers): the scheduler calls {@link #selectMode} once
 * per slice and enqueues the slice on that mode's input queue. Implementations may keep state;
 * one instance serves one scan.
 */
public interface ModePolicy {
    ScanMode selectMode(ScanContext context);

    /** Called once when the scan ends, on every path (releases shared resources such as a sampling turn). */
    default void close() {}

    /** Slices this policy assigned while sampling, so far (the sampling fraction of a scan report). */
    default long sampledSlices() {
        return 0;
    }

    /**
     * Whether a scan of {@code units} slices over {@code modes} modes, whose newly activated mode's
     * first {@code warmup} completions are not measured, may ever change its mode: if not, the
     * scan's mode is fixed from its start (and its input queues can be deeper).
     */
    default boolean mayChange(int modes, long units, int warmup) {
        return modes > 1;
    }

    /**
     * Whether the policy chooses by the fill of the modes' input queues, which only the threaded
     * scan has: a scan under such a policy never serves itself.
     */
    default boolean watchesQueues() {
        return false;
    }

    /** Short name for plans and statistics. */
    String name();
}
