package io.ascan.planner;

import io.ascan.exec.QueryException;
import io.ascan.exec.QueryResult;
import io.ascan.scan.ScanReport;
import io.ascan.plan.OutputColumn;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/** A query's result that keeps the table versions it reads pinned until it is closed. */
final class PinnedResult implements QueryResult {
    private final QueryResult result;
    private final TablePins pins;

    PinnedResult(QueryResult result, TablePins pins) {
        this.result = result;
        this.pins = pins;
    }

    @Override
    public List<OutputColumn> columns() {
        return result.columns();
    }

    @Override
    public boolean next() throws QueryException {
        return result.next();
    }

    @Override
    public VectorSchemaRoot batch() {
        return result.batch();
    }

    @Override
    public void cancel() {
        result.cancel();
    }

    @Override
    public String statistics() {
        return result.statistics();
    }

    @Override
    public List<ScanReport> scanReports() {
        return result.scanReports();
    }

    @Override
    public io.ascan.scan.ScanProgress progress() {
        return result.progress();
    }

    @Override
    public List<String> pipelines() {
        return result.pipelines();
    }

    @Override
    public String generatedCode() {
        return result.generatedCode();
    }

    @Override
    public void close() {
        try {
            result.close();
        } finally {
            pins.close();
        }
    }
}
