package io.ascan.scan.remote;

import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.scan.Rowset;
import io.ascan.scan.ScanMode;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.ScanInput;
import java.io.IOException;

/**
 * DIRECT over a network (pull-up, FlexPushdownDB): the slice's raw segments cross the network
 * into compute-node memory; the DIRECT variant of the pipeline evaluates P, or where the scan has
 * runtime filters R, {@link RuntimeFilteredPullup} applies P and R before the pipeline.
 */
public final class RemoteDirectMaterializer implements Materializer {
    private final ScanInput input;
    private final RemoteStorage node;

    public RemoteDirectMaterializer(ScanInput input, RemoteStorage node) {
        this.input = input;
        this.node = node;
    }

    @Override
    public ScanMode mode() {
        return ScanMode.DIRECT;
    }

    @Override
    public Session open() {
        return new Session() {
            @Override
            public Materialized materialize(SliceMeta slice) throws IOException {
                RemoteStorage.Received<SliceData> r = node.pull(input.table(), input.readColumns(), slice, input.computePool(),
                        input.allocator());
                SliceData data = r.value();
                input.move(r.networkBytes());
                return new Materialized(new Rowset(ScanMode.DIRECT, data.rowCount(), data.columns(), null), r.networkBytes());
            }

            @Override
            public void close() {}
        };
    }
}
