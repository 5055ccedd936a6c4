package io.ascan.exec.window;

import io.ascan.codegen.rt.Mem;
import io.ascan.exec.store.RowLayout;

/** One column of {@link RowLayout} rows: its 8-byte value slot and its NULL bit, read and written in place. */
record Slot(int valueOffset, int nullWordOffset, long nullMask) {
    Slot(RowLayout layout, int column) {
        this(layout.valueOffset(column), layout.nullWordOffset(column), RowLayout.nullMask(column));
    }

    boolean isNull(long row) {
        return (Mem.getLong(row + nullWordOffset) & nullMask) != 0;
    }

    long get(long row) {
        return Mem.getLong(row + valueOffset);
    }

    void put(long row, long value) {
        Mem.putLong(row + valueOffset, value);
    }

    void putDouble(long row, double value) {
        Mem.putDouble(row + valueOffset, value);
    }

    void setNull(long row) {
        Mem.putLong(row + nullWordOffset, Mem.getLong(row + nullWordOffset) | nullMask);
    }

    /** Copies another column's value (or NULL) of row {@code from} into this column of row {@code to}. */
    void copy(Slot source, long from, long to) {
        if (source.isNull(from)) setNull(to);
        else put(to, source.get(from));
    }
}
