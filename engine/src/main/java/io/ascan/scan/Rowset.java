package io.ascan.scan;

import io.ascan.codegen.rt.Batch;
import io.ascan.format.ColumnData;
import java.util.List;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * The unit of delivery into a pipeline (A-Scan paper III-C): column-major Arrow vectors, a tuple
 * count and the mode tag the dispatch shim routes on. Whatever the mode, the columns are the
 * pipeline's projection in order; a pushdown rowset holds only tuples that satisfy P. Closing a
 * rowset releases its vectors and whatever slot or budget it held (its output-queue slot).
 */
public final class Rowset implements AutoCloseable {
    private final ScanMode mode;
    private final ScanMode source;
    private final int rowCount;
    private final List<ColumnData> columns;
    private final Batch batch;
    private final Runnable onClose;
    /** Whether closing releases the columns (false for a view over a range of another rowset's columns). */
    private final boolean ownsColumns;
    private boolean closed;

    public Rowset(ScanMode mode, int rowCount, List<ColumnData> columns, Runnable onClose) {
        this(mode, mode, rowCount, columns, onClose);
    }

    /**
     * @param source the mode whose materializer made it, where that is not {@code mode}: a slice pulled up
     *               and filtered by P and R at the scan is routed as a pushdown's, and counted as pull-up's
     */
    public Rowset(ScanMode mode, ScanMode source, int rowCount, List<ColumnData> columns, Runnable onClose) {
        this.mode = mode;
        this.source = source;
        this.rowCount = rowCount;
        this.columns = List.copyOf(columns);
        this.onClose = onClose;
        this.batch = addresses(this.columns);
        this.ownsColumns = true;
    }

    private Rowset(ScanMode mode, int rowCount, List<ColumnData> columns, Batch batch, Runnable onClose) {
        this.mode = mode;
        this.source = mode;
        this.rowCount = rowCount;
        this.columns = columns;
        this.onClose = onClose;
        this.batch = batch;
        this.ownsColumns = false;
    }

    /**
     * A rowset of {@code rows} rows read through {@code batch}, which points into {@code columns}
     * at a row range (made by {@code codegen.Batches.range}), without copying. It does not own the
     * columns: closing it runs {@code onClose} only (their owner releases them).
     */
    public static Rowset range(ScanMode mode, List<ColumnData> columns, Batch batch, int rows, Runnable onClose) {
        return new Rowset(mode, rows, List.copyOf(columns), batch, onClose);
    }

    /** Buffer addresses as generated code reads them (0 validity = no NULLs in the column). */
    private static Batch addresses(List<ColumnData> columns) {
        Batch b = new Batch(columns.size());
        for (int c = 0; c < columns.size(); c++) {
            ColumnData col = columns.get(c);
            FieldVector v = col.vector();
            b.validity[c] = col.nullCount() == 0 ? 0 : v.getValidityBuffer().memoryAddress();
            b.data[c] = v.getDataBuffer().memoryAddress();
            if (v instanceof BaseVariableWidthVector vw) b.offsets[c] = vw.getOffsetBuffer().memoryAddress();
            if (col.isDictionaryEncoded()) {
                b.dictionaryOffsets[c] = col.dictionary().getOffsetBuffer().memoryAddress();
                b.dictionaryData[c] = col.dictionary().getDataBuffer().memoryAddress();
                b.dictionarySize[c] = col.dictionary().getValueCount();
            }
        }
        return b;
    }

    public ScanMode mode() {
        return mode;
    }

    /** The mode whose materializer made it: the scan report counts its rows there. */
    public ScanMode source() {
        return source;
    }

    public int rowCount() {
        return rowCount;
    }

    public List<ColumnData> columns() {
        return columns;
    }

    public ColumnData column(int c) {
        return columns.get(c);
    }

    public Batch batch() {
        return batch;
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        try {
            if (ownsColumns) for (ColumnData c : columns) c.close();
        } finally {
            if (onClose != null) onClose.run();
        }
    }
}
