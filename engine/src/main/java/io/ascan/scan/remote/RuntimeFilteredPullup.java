package io.ascan.scan.remote;

import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.scan.Rowset;
import io.ascan.scan.ScanMode;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.PushdownMaterializer;
import io.ascan.scan.materializer.RangeSession;
import java.io.IOException;

/**
 * Pull-up with R (issue 16: "raw segments over the network, P and R on the compute side"): a slice
 * that reaches the compute side whole and raw (pulled up, pushed back by the node, or cached) is
 * filtered by P and the scan's runtime filters R with the pushdown's kernels before it reaches the
 * pipeline, and compacted. Without R at the scan, a pulled-up slice of SSB's lineorder fed the
 * joins all of its 150,000 rows against pushdown's few, and that cost landed in the pipeline,
 * after the slice's measured time; now it is in the slice's time, where the policy sees it. The
 * rowset is a pushdown's (every tuple satisfies P); the bytes moved are the network's.
 */
public final class RuntimeFilteredPullup implements Materializer {
    private final Materializer remote;
    private final PushdownMaterializer filter;

    /** @param filter P and R over slices in compute-node memory ({@link PushdownMaterializer#onCompute}) */
    public RuntimeFilteredPullup(Materializer remote, PushdownMaterializer filter) {
        this.remote = remote;
        this.filter = filter;
    }

    @Override
    public ScanMode mode() {
        return remote.mode();
    }

    @Override
    public Session open() throws IOException {
        Session link = remote.open();
        RangeSession kernels;
        try {
            kernels = (RangeSession) filter.open();
        } catch (RuntimeException | Error e) {
            link.close();
            throw e;
        }
        return new Session() {
            @Override
            public Materialized materialize(SliceMeta slice) throws IOException, InterruptedException {
                Materialized m = link.materialize(slice);
                Rowset raw = m.rowset();
                if (raw == null || raw.mode() != ScanMode.DIRECT || raw.rowCount() != slice.rowCount()) return m;
                Materialized f = kernels.range(new SliceData(slice, raw.columns()), 0, raw.rowCount(), raw::close);
                return new Materialized(f.rowset(), m.bytesMoved(), m.cached(), m.pushedBack());
            }

            @Override
            public void close() throws IOException {
                try {
                    kernels.close();
                } finally {
                    link.close();
                }
            }
        };
    }
}
