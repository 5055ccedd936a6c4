package io.ascan.scan.adaptive;

import io.ascan.exec.QueryOptions;
import io.ascan.scan.ScanEnvironment;
import io.ascan.scan.ScanMode;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.ScanInput;
import io.ascan.topology.LineTracker;

/**
 * How a slice's bytes reach the pipeline in one {@link ScanMode} (A-Scan paper II-A), as the
 * {@link AdaptiveScan} runs it: the mode's materializer and how many workers run it, its variant
 * of the {@link DispatchShim}'s loop, and what a rowset of it costs the compute side after the
 * loop. One implementation per mode; {@link #of} maps a mode tag to it.
 */
public sealed interface DataMovement permits DirectMovement, StagingMovement, PushdownMovement {
    /** Materializer workers per mode: each has one slice in flight (all of its segment reads at once). */
    int WORKERS_PER_MODE = 3;

    static DataMovement of(ScanMode mode) {
        return switch (mode) {
            case DIRECT -> DirectMovement.INSTANCE;
            case STAGING -> StagingMovement.INSTANCE;
            case PUSHDOWN -> PushdownMovement.INSTANCE;
        };
    }

    ScanMode mode();

    /** This mode's materializer for one run of {@code scan} over {@code input}. */
    Materializer materializer(ScanInput input, AdaptiveScan scan, QueryOptions options);

    /** This mode's materializer over a storage node across a network ({@link AdaptiveScan#REMOTE_MODES} only). */
    default Materializer remoteMaterializer(ScanInput input, AdaptiveScan scan, io.ascan.scan.remote.RemoteStorage node) {
        throw new IllegalStateException(mode() + " is not offered by a remote storage node");
    }

    /** The materializer workers the scan runs for this mode, so that it keeps this many slices loading. */
    default int workers(QueryOptions options) {
        return WORKERS_PER_MODE;
    }

    /** Whether the compute side evaluates the scan's predicate P (else storage applied it). */
    default boolean predicateOnCompute() {
        return true;
    }

    /**
     * Whether the compute side reads the values where they are, on the storage node: then it
     * reads only the values a tuple needs, and with an emulated interconnect counts the lines.
     */
    default boolean readsInPlace() {
        return false;
    }

    /**
     * Called after a compute worker's loop consumed a rowset of this mode; {@code lines} are the
     * worker's. Returns the bytes that crossed the interconnect now.
     */
    default long consumed(ScanEnvironment env, LineTracker lines, ScanFigures figures) {
        return 0;
    }
}
