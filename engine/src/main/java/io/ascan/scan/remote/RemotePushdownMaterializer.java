package io.ascan.scan.remote;

import io.ascan.expr.Expr;
import io.ascan.format.ColumnData;
import io.ascan.format.SliceMeta;
import io.ascan.scan.Rowset;
import io.ascan.scan.ScanMode;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.RuntimeFilter;
import io.ascan.scan.materializer.ScanInput;
import java.io.IOException;
import java.util.List;

/**
 * PUSHDOWN over a network: the storage node applies P and R to the slice with its own threads
 * (the local {@link io.ascan.scan.materializer.PushdownMaterializer}, run there) and ships the compacted tuples.
 * A node with a pushback arbiter may push a request back: it ships the slice's raw segments, and the
 * slice is processed as DIRECT (the pipeline evaluates P; R is not applied), with the same answer.
 */
public final class RemotePushdownMaterializer implements Materializer {
    private final RemoteStorage.PushdownScan scan;
    private final ScanInput input;

    public RemotePushdownMaterializer(ScanInput input, Expr predicate, List<RuntimeFilter> runtimeFilters, RemoteStorage node) {
        this.input = input;
        this.scan = node.pushdown(new RemoteStorage.Pushdown(input.table(), input.readColumns(), input.projected(), predicate,
                runtimeFilters));
    }

    @Override
    public ScanMode mode() {
        return ScanMode.PUSHDOWN;
    }

    @Override
    public Session open() {
        scan.opened();
        return new Session() {
            @Override
            public Materialized materialize(SliceMeta slice) throws IOException {
                RemoteStorage.Received<List<ColumnData>> r = scan.slice(slice, input.computePool(), input.allocator());
                input.move(r.networkBytes());
                if (r.pushedBack()) { // the node declined: the whole slice, raw, as pull-up brings it; the pipeline applies P
                    return new Materialized(new Rowset(ScanMode.DIRECT, r.rows(), r.value(), null), r.networkBytes(), false, true);
                }
                if (r.rows() == 0) {
                    for (ColumnData c : r.value()) c.close();
                    return new Materialized(null, r.networkBytes());
                }
                return new Materialized(new Rowset(ScanMode.PUSHDOWN, r.rows(), r.value(), null), r.networkBytes());
            }

            @Override
            public void close() {
                scan.closed();
            }
        };
    }
}
