package io.ascan.scan.materializer;

import io.ascan.codegen.Batches;
import io.ascan.scan.Rowset;
import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.scan.ScanMode;
import java.io.IOException;

/**
 * DIRECT (A-Scan paper IV-B): the projected segments are read straight into compute-node memory
 * and wrapped as the rowset; the DIRECT variant of the pipeline evaluates P. Whole segments cross
 * the interconnect.
 */
public final class DirectMaterializer implements Materializer {
    private final ScanInput input;

    public DirectMaterializer(ScanInput input) {
        this.input = input;
    }

    @Override
    public ScanMode mode() {
        return ScanMode.DIRECT;
    }

    @Override
    public Session open() {
        SliceLoader loader = new SliceLoader(input, input.computePool());
        return new RangeSession() {
            @Override
            public SliceData load(SliceMeta slice) throws IOException {
                return loader.load(slice);
            }

            /** A view of the range; the link is charged the range's share of the segments. */
            @Override
            public Materialized range(SliceData data, int offset, int rows, Runnable release) {
                long moved = loader.segmentBytes(data.slice()) * rows / Math.max(1, data.rowCount());
                input.move(moved);
                return new Materialized(Rowset.range(ScanMode.DIRECT, data.columns(), Batches.range(data.columns(), offset), rows, release), moved);
            }

            @Override
            public Materialized materialize(SliceMeta slice) throws IOException {
                SliceData data = loader.load(slice);
                long moved = loader.segmentBytes(slice);
                input.move(moved);
                return new Materialized(new Rowset(ScanMode.DIRECT, data.rowCount(), data.columns(), null), moved);
            }

            @Override
            public void close() throws IOException {
                loader.close();
            }
        };
    }
}
