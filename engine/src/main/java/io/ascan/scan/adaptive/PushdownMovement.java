package io.ascan.scan.adaptive;

import io.ascan.exec.QueryOptions;
import io.ascan.scan.ScanMode;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.PushdownMaterializer;
import io.ascan.scan.materializer.ScanInput;

/**
 * PUSHDOWN: segments are read into storage-node memory, where storage-side threads apply P and
 * the runtime filters R and ship compacted tuples; the pipeline's loop has no P.
 */
final class PushdownMovement implements DataMovement {
    static final PushdownMovement INSTANCE = new PushdownMovement();

    private PushdownMovement() {}

    @Override
    public ScanMode mode() {
        return ScanMode.PUSHDOWN;
    }

    @Override
    public Materializer materializer(ScanInput input, AdaptiveScan scan, QueryOptions options) {
        return new PushdownMaterializer(input, scan.node().predicate(), scan.tableToBatch(), scan.runtimeFilters(),
                options.storageThreads(), scan.node().slices().size());
    }

    /** At least one worker per storage thread: each worker's slice keeps its own filter threads busy. */
    @Override
    public int workers(QueryOptions options) {
        return Math.max(WORKERS_PER_MODE, options.storageThreads());
    }

    @Override
    public boolean predicateOnCompute() {
        return false;
    }

    @Override
    public Materializer remoteMaterializer(ScanInput input, AdaptiveScan scan, io.ascan.scan.remote.RemoteStorage node) {
        return new io.ascan.scan.remote.RemotePushdownMaterializer(input, scan.node().predicate(), scan.runtimeFilters(), node);
    }
}
