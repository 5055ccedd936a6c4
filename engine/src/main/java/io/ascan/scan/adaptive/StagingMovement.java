package io.ascan.scan.adaptive;

import io.ascan.exec.QueryOptions;
import io.ascan.scan.ScanEnvironment;
import io.ascan.scan.ScanMode;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.ScanInput;
import io.ascan.scan.materializer.StagingMaterializer;
import io.ascan.topology.LineTracker;

/**
 * STAGING: segments are read into storage-node memory and the pipeline reads, in place, only the
 * values it touches; over an emulated interconnect those lines cross the link after the loop.
 */
final class StagingMovement implements DataMovement {
    static final StagingMovement INSTANCE = new StagingMovement();

    private StagingMovement() {}

    @Override
    public ScanMode mode() {
        return ScanMode.STAGING;
    }

    @Override
    public Materializer materializer(ScanInput input, AdaptiveScan scan, QueryOptions options) {
        return new StagingMaterializer(input);
    }

    @Override
    public boolean readsInPlace() {
        return true;
    }

    @Override
    public long consumed(ScanEnvironment env, LineTracker lines, ScanFigures figures) {
        if (!env.interconnect().emulated()) return 0;
        // The lines the loop read cross the emulated link now: the consumer waits, as it would
        // have stalled on remote reads, and back-pressure carries that to the scan.
        long touched = lines.touchedBytes();
        env.interconnect().charge(touched);
        figures.moved(ScanMode.STAGING, touched);
        return touched;
    }
}
