package io.ascan.codegen;

import io.ascan.codegen.rt.Batch;
import io.ascan.format.ColumnData;
import java.util.List;
import org.apache.arrow.vector.BaseVariableWidthVector;
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
