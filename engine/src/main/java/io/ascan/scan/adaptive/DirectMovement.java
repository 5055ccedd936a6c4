package io.ascan.scan.adaptive;

import io.ascan.exec.QueryOptions;
import io.ascan.scan.ScanMode;
import io.ascan.scan.materializer.DirectMaterializer;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.ScanInput;

/** DIRECT: the projected segments are read into compute-node memory; the pipeline evaluates P. */
final class DirectMovement implements DataMovement {
    static final DirectMovement INSTANCE = new DirectMovement();

    private DirectMovement() {}

    @Override
    public ScanMode mode() {
        return ScanMode.DIRECT;
    }

    @Override
    public Materializer materializer(ScanInput input, AdaptiveScan scan, QueryOptions options) {
        return new DirectMaterializer(input);
    }

    @Override
    public Materializer remoteMaterializer(ScanInput input, AdaptiveScan scan, io.ascan.scan.remote.RemoteStorage node) {
        return new io.ascan.scan.remote.RemoteDirectMaterializer(input, node);
    }
}
