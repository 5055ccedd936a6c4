package io.ascan.planner;

import io.ascan.exec.QueryException;
import io.ascan.exec.QueryResult;
import io.ascan.format.ArrowTypes;
import io.ascan.plan.OutputColumn;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A result computed up front from Java rows (EXPLAIN text, JDBC metadata, tests), delivered as
 * Arrow batches laid out exactly as the executor's (DECIMAL as Decimal128) so that every
 * front end reads it through the same code as a real query. Values use the Java mapping of
 * {@link QueryService}: Boolean, Integer, Long, Double, BigDecimal, LocalDate, LocalDateTime,
 * String, or null.
 */
public final class MaterializedResult implements QueryResult {
    private final List<OutputColumn> columns;
    private final BufferAllocator allocator;
    private final List<VectorSchemaRoot> batches = new ArrayList<>();
    private final String statistics;
    private int current = -1;
    private volatile boolean cancelled;
    private boolean closed;

    private MaterializedResult(List<OutputColumn> columns, BufferAllocator allocator, String statistics) {
        this.columns = List.copyOf(columns);
        this.allocator = allocator;
        this.statistics = statistics;
    }

    /** Rows in batches of at most {@code batchRows}, memory from a child of {@code parent}. */
    public static MaterializedResult of(BufferAllocator parent, List<OutputColumn> columns, List<Object[]> rows,
                                        int batchRows, String statistics) {
        BufferAllocator a = parent.newChildAllocator("materialized-result", 0, Long.MAX_VALUE);
        MaterializedResult r = new MaterializedResult(columns, a, statistics);
        try {
            for (int from = 0; from < rows.size(); from += batchRows) {
                r.batches.add(batch(a, columns, rows.subList(from, Math.min(rows.size(), from + batchRows))));
            }
        } catch (RuntimeException e) {
            r.close();
            throw e;
        }
        return r;
    }

    public static MaterializedResult of(BufferAllocator parent, List<OutputColumn> columns, List<Object[]> rows) {
        return of(parent, columns, rows, 4096, "");
    }

    /** The Arrow field of a result column: the same as the engine's results have. */
    public static Field field(OutputColumn c) {
        return ArrowTypes.resultField(c.name(), c.type());
    }

    private static VectorSchemaRoot batch(BufferAllocator a, List<OutputColumn> columns, List<Object[]> rows) {
        List<FieldVector> vectors = new ArrayList<>();
        try {
            for (int c = 0; c < columns.size(); c++) {
                FieldVector v = field(columns.get(c)).createVector(a);
                vectors.add(v);
                v.allocateNew();
                for (int r = 0; r < rows.size(); r++) set(v, columns.get(c).type(), r, rows.get(r)[c]);
                v.setValueCount(rows.size());
            }
        } catch (RuntimeException e) {
            vectors.forEach(FieldVector::close);
            throw e;
        }
        VectorSchemaRoot root = new VectorSchemaRoot(vectors);
        root.setRowCount(rows.size());
        return root;
    }

    private static void set(FieldVector v, DataType t, int r, Object value) {
        if (value == null) {
            v.setNull(r);
            return;
        }
        switch (t.kind()) {
            case BOOLEAN -> ((BitVector) v).setSafe(r, (Boolean) value ? 1 : 0);
            case INTEGER -> ((IntVector) v).setSafe(r, ((Number) value).intValue());
            case BIGINT -> ((BigIntVector) v).setSafe(r, ((Number) value).longValue());
            case DOUBLE -> ((Float8Vector) v).setSafe(r, ((Number) value).doubleValue());
            case DECIMAL -> ((DecimalVector) v).setSafe(r, ((BigDecimal) value).setScale(t.scale(), RoundingMode.UNNECESSARY));
            case DATE -> ((DateDayVector) v).setSafe(r, Math.toIntExact(((LocalDate) value).toEpochDay()));
            case TIMESTAMP -> {
                LocalDateTime ts = (LocalDateTime) value;
                ((TimeStampMicroVector) v).setSafe(r, ts.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + ts.getNano() / 1000);
            }
            case VARCHAR -> ((VarCharVector) v).setSafe(r, value.toString().getBytes(StandardCharsets.UTF_8));
        }
    }

    @Override
    public List<OutputColumn> columns() {
        return columns;
    }

    @Override
    public synchronized boolean next() throws QueryException {
        if (cancelled) throw new QueryException("query cancelled");
        if (closed) throw new QueryException("result closed");
        if (current + 1 >= batches.size()) return false;
        current++;
        return true;
    }

    @Override
    public synchronized VectorSchemaRoot batch() {
        if (current < 0 || current >= batches.size() || closed) throw new IllegalStateException("no current batch");
        return batches.get(current);
    }

    @Override
    public void cancel() {
        cancelled = true;
    }

    @Override
    public String statistics() {
        return statistics;
    }

    /** Computed up front: no scans ran for this result. */
    @Override
    public java.util.List<io.ascan.scan.ScanReport> scanReports() {
        return java.util.List.of();
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        batches.forEach(VectorSchemaRoot::close);
        batches.clear();
        allocator.close();
    }
}
