package io.ascan.embedded;

import io.ascan.exchange.ValueFormat;
import io.ascan.plan.OutputColumn;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Typed access to one column of a result batch, by the column's SQL type. DECIMAL may arrive as
 * a BigIntVector of unscaled values (ascan's layout) or as an Arrow DecimalVector. Getters
 * assume the value is not NULL; check {@link #isNull} first.
 */
public final class ColumnReader {
    private final OutputColumn column;
    private final FieldVector vector;

    private ColumnReader(OutputColumn column, FieldVector vector) {
        this.column = column;
        this.vector = vector;
    }

    /** Checks that {@code vector} has the layout of {@code column}'s type: a mismatch is an engine bug. */
    public static ColumnReader of(OutputColumn column, FieldVector vector) {
        boolean ok = switch (column.type().kind()) {
            case BOOLEAN -> vector instanceof BitVector;
            case INTEGER -> vector instanceof IntVector;
            case BIGINT -> vector instanceof BigIntVector;
            case DOUBLE -> vector instanceof Float8Vector;
            case DECIMAL -> vector instanceof BigIntVector || vector instanceof DecimalVector;
            case DATE -> vector instanceof DateDayVector;
            case TIMESTAMP -> vector instanceof TimeStampMicroVector;
            case VARCHAR -> vector instanceof VarCharVector;
        };
        if (!ok) {
            throw new IllegalStateException("result column '" + column.name() + "' of type " + column.type()
                    + " arrived as " + vector.getClass().getSimpleName());
        }
        return new ColumnReader(column, vector);
    }

    public OutputColumn column() {
        return column;
    }

    public DataType type() {
        return column.type();
    }

    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    public boolean getBoolean(int row) {
        return ((BitVector) vector).get(row) != 0;
    }

    /** INTEGER, BIGINT; DATE as days since 1970-01-01; TIMESTAMP as microseconds; DECIMAL unscaled. */
    public long getLong(int row) {
        return switch (vector) {
            case IntVector v -> v.get(row);
            case BigIntVector v -> v.get(row);
            case DateDayVector v -> v.get(row);
            case TimeStampMicroVector v -> v.get(row);
            case DecimalVector v -> v.getObject(row).unscaledValue().longValueExact();
            default -> throw new IllegalStateException(type() + " is not held as an integer");
        };
    }

    public double getDouble(int row) {
        return ((Float8Vector) vector).get(row);
    }

    /** A DECIMAL at its column's scale. */
    public BigDecimal getDecimal(int row) {
        if (vector instanceof DecimalVector v) return v.getObject(row).setScale(type().scale());
        return BigDecimal.valueOf(((BigIntVector) vector).get(row), type().scale());
    }

    public String getString(int row) {
        return new String(((VarCharVector) vector).get(row), StandardCharsets.UTF_8);
    }

    public LocalDate getDate(int row) {
        return LocalDate.ofEpochDay(getLong(row));
    }

    public LocalDateTime getTimestamp(int row) {
        long micros = getLong(row);
        return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC);
    }

    /** The value in the Java mapping of the query service (Boolean, Integer, Long, Double, BigDecimal, LocalDate, LocalDateTime, String); null for NULL. */
    public Object getObject(int row) {
        if (isNull(row)) return null;
        return switch (type().kind()) {
            case BOOLEAN -> getBoolean(row);
            case INTEGER -> (int) getLong(row);
            case BIGINT -> getLong(row);
            case DOUBLE -> getDouble(row);
            case DECIMAL -> getDecimal(row);
            case DATE -> getDate(row);
            case TIMESTAMP -> getTimestamp(row);
            case VARCHAR -> getString(row);
        };
    }

    /**
     * The value as text, as CSV export writes it: numbers in plain decimal (never an exponent),
     * DECIMAL with its scale, ISO dates, {@code yyyy-MM-dd HH:mm:ss[.ffffff]}; null for NULL.
     */
    public String text(int row) {
        if (isNull(row)) return null;
        return switch (type().kind()) {
            case BOOLEAN -> getBoolean(row) ? "true" : "false";
            case INTEGER, BIGINT -> Long.toString(getLong(row));
            case DOUBLE -> ValueFormat.formatDouble(getDouble(row));
            case DECIMAL -> getDecimal(row).toPlainString();
            case DATE -> ValueFormat.formatDate((int) getLong(row));
            case TIMESTAMP -> ValueFormat.formatTimestamp(getLong(row));
            case VARCHAR -> getString(row);
        };
    }
}
