package io.ascan.codegen;

import io.ascan.codegen.rt.Batch;
import io.ascan.format.ColumnData;
import java.util.List;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

/** Binds Arrow column segments to the addresses generated expression code reads. */
public final class Batches {
    private Batches() {}

    public static Batch of(List<ColumnData> columns) {
        Batch b = new Batch(columns.size());
        for (int c = 0; c < columns.size(); c++) {
            ColumnData d = columns.get(c);
            bind(b, c, d.vector(), d.nullCount());
            if (d.isDictionaryEncoded()) {
                b.dictionaryOffsets[c] = d.dictionary().getOffsetBuffer().memoryAddress();
                b.dictionaryData[c] = d.dictionary().getDataBuffer().memoryAddress();
                b.dictionarySize[c] = d.dictionary().getValueCount();
            }
        }
        return b;
    }

    /**
     * Rows {@code [offset, ...)} of {@code columns}, without copying: each address points at the
     * range's first row. {@code offset} is a multiple of 8, where validity bitmaps and BOOLEAN
     * values start on a byte; VARCHAR offsets stay absolute, so the values buffer is unchanged.
     */
    public static Batch range(List<ColumnData> columns, int offset) {
        if (offset % 8 != 0) throw new IllegalArgumentException("a row range starts at a multiple of 8 rows, not " + offset);
        Batch b = of(columns);
        if (offset == 0) return b;
        for (int c = 0; c < columns.size(); c++) {
            FieldVector v = columns.get(c).vector();
            if (b.validity[c] != 0) b.validity[c] += offset / 8;
            if (v instanceof BaseVariableWidthVector) b.offsets[c] += (long) offset * BaseVariableWidthVector.OFFSET_WIDTH;
            else if (v instanceof BitVector) b.data[c] += offset / 8;
            else b.data[c] += (long) offset * ((BaseFixedWidthVector) v).getTypeWidth();
        }
        return b;
    }

    /** Column {@code c} of {@code b} reads vector {@code v} (values, or int32 codes of a dictionary column). */
    public static void bind(Batch b, int c, FieldVector v) {
        bind(b, c, v, v.getNullCount());
    }

    /** {@link #bind(Batch, int, FieldVector)} for a vector whose NULLs are already counted. */
    public static void bind(Batch b, int c, FieldVector v, int nullCount) {
        b.validity[c] = nullCount == 0 || v.getValidityBuffer().capacity() == 0 ? 0 : v.getValidityBuffer().memoryAddress();
        b.data[c] = v.getDataBuffer().memoryAddress();
        if (v instanceof BaseVariableWidthVector w) b.offsets[c] = w.getOffsetBuffer().memoryAddress();
    }
}
