package io.ascan.embedded;

import io.ascan.exec.QueryException;
import io.ascan.exec.QueryResult;
import io.ascan.plan.OutputColumn;
import io.ascan.planner.MaterializedResult;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A running query as an Arrow {@link ArrowReader}, so results plug into Arrow tooling (IPC
 * writers, the C data interface) unchanged. Each {@link #loadNextBatch()} loads the engine's
 * next batch into this reader's root without copying: the buffers are shared, by reference
 * count, with the engine's allocator, which is why the reader is created on that allocator
 * (taken from the first batch). {@link #close()} releases the root, then the query.
 * {@link #cancel()} may be called from any thread.
 */
public final class QueryReader extends ArrowReader {
    private final QueryResult result;
    private final Schema schema;
    private boolean pending;
    private long bytes;

    private QueryReader(BufferAllocator allocator, QueryResult result, Schema schema, boolean pending) {
        super(allocator);
        this.result = result;
        this.schema = schema;
        this.pending = pending;
    }

    /**
     * Wraps {@code result}, taking ownership. The schema is the first batch's (its vectors' actual
     * types); for an empty result it is derived from the columns, with memory from {@code fallback}.
     */
    static QueryReader over(QueryResult result, BufferAllocator fallback) throws QueryException {
        try {
            if (result.next()) {
                VectorSchemaRoot first = result.batch();
                List<FieldVector> vectors = first.getFieldVectors();
                BufferAllocator a = vectors.isEmpty() ? fallback : vectors.getFirst().getAllocator();
                return new QueryReader(a, result, first.getSchema(), true);
            }
            return new QueryReader(fallback, result,
                    new Schema(result.columns().stream().map(MaterializedResult::field).toList()), false);
        } catch (QueryException | RuntimeException e) {
            result.close();
            throw e;
        }
    }

    public List<OutputColumn> columns() {
        return result.columns();
    }

    /** Stops the query; a blocked {@link #loadNextBatch()} then fails. Safe from any thread. */
    public void cancel() {
        result.cancel();
    }

    /** Execution statistics so far (per scan: slices and time per mode, mode switches). */
    public String statistics() {
        return result.statistics();
    }

    /** One report per AdaptiveScan (slices, time and bytes per mode, switches, timeline); complete at the end of the result. */
    public java.util.List<io.ascan.scan.ScanReport> scanReports() {
        return result.scanReports();
    }

    /** With the query option {@code dumpCode}: each pipeline and its generated Java source; else empty. */
    public String generatedCode() {
        return result.generatedCode();
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        prepareLoadNextBatch();
        try {
            if (pending) {
                pending = false;
            } else if (!result.next()) {
                return false;
            }
        } catch (QueryException e) {
            throw new IOException(e.getMessage(), e);
        }
        VectorSchemaRoot batch = result.batch();
        var recordBatch = new VectorUnloader(batch).getRecordBatch();
        bytes += recordBatch.computeBodyLength();
        loadRecordBatch(recordBatch); // closes recordBatch; the root keeps its own references
        return true;
    }

    @Override
    public long bytesRead() {
        return bytes;
    }

    @Override
    protected void closeReadSource() {
        result.close();
    }

    @Override
    protected Schema readSchema() {
        return schema;
    }
}
