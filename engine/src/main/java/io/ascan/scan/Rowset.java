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
    private final int rowCount;
    private final List<ColumnData> columns;
    private final Batch batch;
    private final Runnable onClose;
    /** Whether closing releases the columns (false for a view over a range of another rowset's columns). */
    private final boolean ownsColumns;
    private boolean closed;

    public Rowset(ScanMode mode, int rowCount, List<ColumnData> columns, Runnable onClose) {
        this.mode = mode;
        this.rowCount = rowCount;
        this.columns = List.copyOf(columns);
        this.onClose = onClose;
        this.batch = addresses(this.columns);
        this.ownsColumns = true;
    }

    private Rowset(ScanMode mode, int rowCount, List<ColumnData> columns, Batch batch, Runnable onClose) {
        this.mode = mode;
        this.rowCount = rowCount;
        this.columns = columns;
        this.onClose = onClose;
        this.batch = batch;
        this.ownsColumns = false;
    }

    /**
     * Rows {@code [offset, offset + rows)} of {@code columns} as a rowset of its own, without
     * copying: its batch points into the columns at the range ({@link io.ascan.codegen.Batches#range}).
     * It does not own the columns: closing it runs {@code onClose} only (their owner releases them).
     */
    public static Rowset range(ScanMode mode, List<ColumnData> columns, int offset, int rows, Runnable onClose) {
        List<ColumnData> cols = List.copyOf(columns);
        return new Rowset(mode, rows, cols, io.ascan.codegen.Batches.range(cols, offset), onClose);
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
