package io.ascan.scan.policy;

import io.ascan.scan.ScanMode;
import java.util.List;

/**
 * The routing context a {@link ModePolicy} decides on (A-Scan paper IV-C): per-mode throughput
 * estimates and the scan's progress. The scheduler refreshes it before every slice.
 */
public interface ScanContext {
    /** Modes this scan may use, in sampling order. */
    List<ScanMode> modes();

    long totalSlices();

    /** Slices assigned so far (the next slice's ordinal). */
    long assignedSlices();

    /** Mode of the most recent assignment, or null before the first. */
    ScanMode activeMode();

    ModeStats stats(ScanMode mode);

    /** Completions excluded after a mode is activated: in-flight capacity plus output queue capacity. */
    int warmupSlices();

    /** Monotonic time in nanoseconds (the policy's clock for timing a mode's sample). */
    long nanoTime();

    /** Whether the mode's input queue has no free slot (for back-pressure routing). */
    boolean inputQueueFull(ScanMode mode);

    /** Records a policy event (sampling started, switch and why) for EXPLAIN ANALYZE and statistics. */
    void note(String event);
}
