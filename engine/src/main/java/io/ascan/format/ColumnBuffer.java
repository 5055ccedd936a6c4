package io.ascan.format;

import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Growable on-heap values of one column: the staging area between row input and segment encoding.
 * Values are kept in the in-memory representation of {@link TypeKind} (int, long, double, UTF-8).
 */
final class ColumnBuffer {
    final DataType type;
    int size;
    boolean[] nulls;
    int nullCount;
    int[] ints;        // INTEGER, DATE, BOOLEAN (0/1)
    long[] longs;      // BIGINT, DECIMAL, TIMESTAMP
    double[] doubles;  // DOUBLE
    int[] offsets;     // VARCHAR: offsets[i]..offsets[i+1] in bytes
    byte[] bytes;      // VARCHAR data
    private boolean setInRow;

    ColumnBuffer(DataType type, int capacity) {
        this.type = type;
        int cap = Math.max(capacity, 16);
        nulls = new boolean[cap];
        switch (type.kind()) {
            case BOOLEAN, INTEGER, DATE -> ints = new int[cap];
            case BIGINT, DECIMAL, TIMESTAMP -> longs = new long[cap];
            case DOUBLE -> doubles = new double[cap];
            case VARCHAR -> {
                offsets = new int[cap + 1];
                bytes = new byte[cap * 8];
            }
        }
    }

    TypeKind kind() {
        return type.kind();
    }

    /** Bytes the UTF-8 data of rows [from, to) occupy. */
    long dataBytes(int from, int to) {
        return (long) offsets[to] - offsets[from];
    }

    private void ensureRow() {
        if (size == nulls.length) {
            int cap = nulls.length * 2;
            nulls = Arrays.copyOf(nulls, cap);
            if (ints != null) ints = Arrays.copyOf(ints, cap);
            if (longs != null) longs = Arrays.copyOf(longs, cap);
            if (doubles != null) doubles = Arrays.copyOf(doubles, cap);
            if (offsets != null) offsets = Arrays.copyOf(offsets, cap + 1);
        }
    }

    private void ensureBytes(int extra) {
        long need = (long) offsets[size] + extra;
        if (need > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("column buffer exceeds 2 GiB of string data");
        }
        if (need > bytes.length) {
            bytes = Arrays.copyOf(bytes, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, bytes.length * 2L)));
        }
    }

    private void checkKind(boolean ok, String what) {
        if (!ok) throw new IllegalArgumentException("cannot set a " + what + " value in a " + type + " column");
        if (setInRow) throw new IllegalStateException("column set twice in one row");
        setInRow = true;
        ensureRow();
        nulls[size] = false;
    }

    void setNull() {
        if (setInRow) throw new IllegalStateException("column set twice in one row");
        setInRow = true;
        ensureRow();
        markNull();
    }

    private void markNull() {
        nulls[size] = true;
        nullCount++;
        if (ints != null) ints[size] = 0;
        if (longs != null) longs[size] = 0;
        if (doubles != null) doubles[size] = 0;
    }

    void setBoolean(boolean v) {
        checkKind(kind() == TypeKind.BOOLEAN, "BOOLEAN");
        ints[size] = v ? 1 : 0;
    }

    void setInt(int v) {
        checkKind(kind().isInt(), "int");
        ints[size] = v;
    }

    void setLong(long v) {
        checkKind(kind().isLong(), "long");
        longs[size] = v;
    }

    void setDouble(double v) {
        checkKind(kind() == TypeKind.DOUBLE, "DOUBLE");
        doubles[size] = v;
    }

    void setUtf8(byte[] b, int off, int len) {
        checkKind(kind() == TypeKind.VARCHAR, "VARCHAR");
        ensureBytes(len);
        System.arraycopy(b, off, bytes, offsets[size], len);
        pendingLength = len;
    }

    void setString(String s) {
        if (s == null) {
            setNull();
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        setUtf8(b, 0, b.length);
    }

    private int pendingLength;

    /** Finishes the current row; an unset column becomes NULL. */
    void endRow() {
        if (!setInRow) {
            ensureRow();
            markNull();
        }
        if (offsets != null) {
            offsets[size + 1] = offsets[size] + (nulls[size] ? 0 : pendingLength);
        }
        pendingLength = 0;
        setInRow = false;
        size++;
    }

    /** Appends rows [from, to) of {@code src} (same type). */
    void appendRange(ColumnBuffer src, int from, int to) {
        int n = to - from;
        while (size + n > nulls.length) {
            ensureCapacityFor(size + n);
        }
        System.arraycopy(src.nulls, from, nulls, size, n);
        for (int i = from; i < to; i++) if (src.nulls[i]) nullCount++;
        if (ints != null) System.arraycopy(src.ints, from, ints, size, n);
        if (longs != null) System.arraycopy(src.longs, from, longs, size, n);
        if (doubles != null) System.arraycopy(src.doubles, from, doubles, size, n);
        if (offsets != null) {
            int len = src.offsets[to] - src.offsets[from];
            ensureBytes(len);
            int base = offsets[size];
            System.arraycopy(src.bytes, src.offsets[from], bytes, base, len);
            int shift = base - src.offsets[from];
            for (int i = 1; i <= n; i++) offsets[size + i] = src.offsets[from + i] + shift;
        }
        size += n;
    }

    private void ensureCapacityFor(int rows) {
        int cap = Math.max(rows, nulls.length * 2);
        nulls = Arrays.copyOf(nulls, cap);
        if (ints != null) ints = Arrays.copyOf(ints, cap);
        if (longs != null) longs = Arrays.copyOf(longs, cap);
        if (doubles != null) doubles = Arrays.copyOf(doubles, cap);
        if (offsets != null) offsets = Arrays.copyOf(offsets, cap + 1);
    }

    /** Drops rows from {@code newSize} on. */
    void truncate(int newSize) {
        for (int i = newSize; i < size; i++) if (nulls[i]) nullCount--;
        size = newSize;
    }

    void clear() {
        size = 0;
        nullCount = 0;
        setInRow = false;
        pendingLength = 0;
        if (offsets != null) offsets[0] = 0;
    }
}
