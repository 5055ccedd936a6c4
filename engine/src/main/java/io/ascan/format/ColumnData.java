package io.ascan.format;

import io.ascan.types.TypeKind;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * One column segment loaded as Arrow vectors: the values, or for a dictionary-encoded segment the
 * int32 codes plus the dictionary. The typed getters are conveniences for export and tests; the
 * execution engine reads the vectors' buffers directly.
 */
public final class ColumnData implements AutoCloseable {
    private final ColumnSpec spec;
    private final FieldVector vector;
    private final VarCharVector dictionary;
    /** NULLs among the values, once known: Arrow's getNullCount counts the bitmap's bits on every call. */
    private int nullCount;

    public ColumnData(ColumnSpec spec, FieldVector vector, VarCharVector dictionary) {
        this(spec, vector, dictionary, -1);
    }

    /** @param nullCount NULLs among the values, as the producer knows it; -1 to count at the first {@link #nullCount()} */
    public ColumnData(ColumnSpec spec, FieldVector vector, VarCharVector dictionary, int nullCount) {
        this.spec = spec;
        this.vector = vector;
        this.dictionary = dictionary;
        this.nullCount = nullCount;
    }

    public ColumnSpec spec() { return spec; }

    /** Values, or codes when {@link #isDictionaryEncoded()}. */
    public FieldVector vector() { return vector; }

    /** The sorted dictionary, or null for a plain segment. */
    public VarCharVector dictionary() { return dictionary; }

    public boolean isDictionaryEncoded() { return dictionary != null; }

    /** NULLs among the values; counted once (segments are immutable once loaded). */
    public int nullCount() {
        int n = nullCount;
        if (n < 0) nullCount = n = vector.getNullCount();
        return n;
    }

    public int rowCount() { return vector.getValueCount(); }

    public boolean isNull(int row) { return vector.isNull(row); }

    public boolean getBoolean(int row) { return ((BitVector) vector).get(row) != 0; }

    /** INTEGER and DATE (days since the epoch). */
    public int getInt(int row) {
        return ((org.apache.arrow.vector.BaseFixedWidthVector) vector).getDataBuffer().getInt(4L * row);
    }

    /** BIGINT, DECIMAL (unscaled) and TIMESTAMP (microseconds since the epoch). */
    public long getLong(int row) {
        return ((org.apache.arrow.vector.BaseFixedWidthVector) vector).getDataBuffer().getLong(8L * row);
    }

    public double getDouble(int row) { return ((Float8Vector) vector).get(row); }

    public byte[] getUtf8(int row) {
        if (dictionary != null) return dictionary.get(((IntVector) vector).get(row));
        return ((VarCharVector) vector).get(row);
    }

    public String getString(int row) { return new String(getUtf8(row), StandardCharsets.UTF_8); }

    /**
     * The value as a Java object (null for NULL): Boolean, Integer, Long, Double, BigDecimal,
     * LocalDate, LocalDateTime or String.
     */
    public Object getObject(int row) {
        if (isNull(row)) return null;
        TypeKind k = spec.type().kind();
        return switch (k) {
            case BOOLEAN -> getBoolean(row);
            case INTEGER -> getInt(row);
            case BIGINT -> getLong(row);
            case DOUBLE -> getDouble(row);
            case DECIMAL -> BigDecimal.valueOf(getLong(row), spec.type().scale());
            case DATE -> LocalDate.ofEpochDay(getInt(row));
            case TIMESTAMP -> timestamp(getLong(row));
            case VARCHAR -> getString(row);
        };
    }

    public static LocalDateTime timestamp(long micros) {
        long secs = Math.floorDiv(micros, 1_000_000L);
        int nanos = (int) Math.floorMod(micros, 1_000_000L) * 1000;
        return LocalDateTime.ofEpochSecond(secs, nanos, ZoneOffset.UTC);
    }

    @Override
    public void close() {
        vector.close();
        if (dictionary != null) dictionary.close();
    }

    static boolean isLongVector(FieldVector v) {
        return v instanceof BigIntVector;
    }
}
