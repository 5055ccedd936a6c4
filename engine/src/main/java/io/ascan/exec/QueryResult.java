package io.ascan.exec;

import io.ascan.plan.OutputColumn;
import io.ascan.scan.ScanProgress;
import io.ascan.scan.ScanReport;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The result of a running query as a stream of Arrow batches. {@link #next()} blocks until a
 * batch is ready or the query ended (a failure is rethrown there); the root returned by
 * {@link #batch()} is valid until the next call. Closing the result (or {@link #cancel()})
 * stops the workers and releases every buffer; both are safe from any thread and idempotent.
 */
public interface QueryResult extends AutoCloseable {
    List<OutputColumn> columns();

    /** Advances to the next batch; false at the end of the result. */
    boolean next() throws QueryException;

    /** The current batch: one vector per output column, in order. */
    VectorSchemaRoot batch();

    /** Stops the query; a blocked {@link #next()} throws a {@link QueryException} saying it was cancelled. */
    void cancel();

    /** Execution statistics so far (per scan: slices and time per mode, switches; see EXPLAIN ANALYZE). */
    String statistics();

    /** One report per AdaptiveScan of the query (modes, switches, bytes moved); complete once the result is consumed. */
    List<ScanReport> scanReports();

    /** How far the query's scans are (slices, rows, bytes); cheap, safe from any thread while the query runs. */
    default ScanProgress progress() {
        return ScanProgress.NONE;
    }

    /**
     * Each pipeline that ran to its end, one line each in the order they ran: its stages with the
     * rows each passed on, and its time (EXPLAIN ANALYZE); complete once the result is consumed.
     */
    default List<String> pipelines() {
        return List.of();
    }

    /** With {@code QueryOptions.dumpCode}: each pipeline and the Java source generated for it; else empty. */
    default String generatedCode() {
        return "";
    }

    @Override
    void close();
}
