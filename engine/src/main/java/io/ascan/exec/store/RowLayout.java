package io.ascan.exec.store;

import io.ascan.types.DataType;
import java.util.List;

/**
 * The fixed-width row format of the engine's materialised state (hash-join build sides, hash
 * aggregation groups, sort runs): a header, a NULL bitmap, then 8 bytes per column.
 *
 * <pre>
 *  0 long  next   chain pointer (hash join) or free for the operator
 *  8 long  hash   the row's key hash
 * 16 long[] null bits, one bit per column, ceil(columns / 64) words
 *  .. long per column: BOOLEAN/INTEGER/DATE widened, BIGINT/DECIMAL/TIMESTAMP as is, DOUBLE raw bits,
 *     VARCHAR the address of an int32 length followed by the UTF-8 bytes (in the same store)
 * </pre>
 *
 * Eight bytes per value wastes some space for narrow types but keeps every offset a constant the
 * code generator can fold into the generated loads.
 */
public final class RowLayout {
    public static final int NEXT = 0;
    public static final int HASH = 8;
    private static final int NULLS = 16;

    private final List<DataType> types;
    private final int nullWords;
    private final int rowBytes;

    public RowLayout(List<DataType> types) {
        this.types = List.copyOf(types);
        this.nullWords = Math.max(1, (types.size() + 63) / 64);
        this.rowBytes = NULLS + 8 * nullWords + 8 * types.size();
    }

    public List<DataType> types() {
        return types;
    }

    public int columns() {
        return types.size();
    }

    public int rowBytes() {
        return rowBytes;
    }

    /** Offset of column {@code c}'s 8-byte slot within a row. */
    public int valueOffset(int c) {
        return NULLS + 8 * nullWords + 8 * c;
    }

    /** Offset of the null word holding column {@code c}'s bit. */
    public int nullWordOffset(int c) {
        return NULLS + 8 * (c >>> 6);
    }

    /** The mask of column {@code c}'s bit within its null word. */
    public static long nullMask(int c) {
        return 1L << (c & 63);
    }
}
