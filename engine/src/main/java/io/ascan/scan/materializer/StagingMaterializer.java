package io.ascan.scan.materializer;

import io.ascan.codegen.Batches;
import io.ascan.scan.Rowset;
import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.scan.ScanMode;
import java.io.IOException;

/**
 * STAGING (A-Scan paper IV-B): the segments are read into storage-node memory and the rowset points
 * there. Nothing crosses the interconnect here: the STAGING variant of the pipeline reads values in
 * place, only those its code touches, and (when the interconnect is emulated) the distinct 64-byte
 * lines it touched are charged after it consumed the rowset.
 */
public final class StagingMaterializer implements Materializer {
    private final ScanInput input;

    public StagingMaterializer(ScanInput input) {
        this.input = input;
    }

    @Override
    public ScanMode mode() {
        return ScanMode.STAGING;
    }

    @Override
    public Session open() {
        SliceLoader loader = new SliceLoader(input, input.storagePool());
        return new RangeSession() {
            @Override
            public SliceData load(SliceMeta slice) throws IOException {
                return loader.load(slice);
            }

            @Override
            public Materialized range(SliceData data, int offset, int rows, Runnable release) {
                return new Materialized(Rowset.range(ScanMode.STAGING, data.columns(), Batches.range(data.columns(), offset), rows, release), 0);
            }

            @Override
            public Materialized materialize(SliceMeta slice) throws IOException {
                SliceData data = loader.load(slice);
                return new Materialized(new Rowset(ScanMode.STAGING, data.rowCount(), data.columns(), null), 0);
            }

            @Override
            public void close() throws IOException {
                loader.close();
            }
        };
    }
}
