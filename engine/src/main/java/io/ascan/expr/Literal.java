package io.ascan.expr;

import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.function.IntFunction;

/**
 * A constant in the storage representation of its type, so generated code compares it with
 * column values without conversion: Integer for INTEGER and DATE (epoch days), Long for BIGINT,
 * TIMESTAMP (epoch microseconds) and DECIMAL (unscaled, the scale is the type's), Double,
 * Boolean, String. {@code value} null is SQL NULL.
 */
public record Literal(Object value, DataType type) implements Expr {
    public Literal {
        Objects.requireNonNull(type, "type");
        if (value != null && !expectedClass(type.kind()).isInstance(value)) {
            throw new IllegalArgumentException("a " + type + " literal holds a " + expectedClass(type.kind()).getSimpleName()
                    + ", got " + value.getClass().getSimpleName() + " " + value);
        }
    }

    public static Literal ofNull(DataType type) {
        return new Literal(null, type);
    }

    public static Literal of(boolean v) {
        return new Literal(v, DataType.BOOLEAN);
    }

    public static Literal of(int v) {
        return new Literal(v, DataType.INTEGER);
    }

    public static Literal of(long v) {
        return new Literal(v, DataType.BIGINT);
    }

    public static Literal of(double v) {
        return new Literal(v, DataType.DOUBLE);
    }

    public static Literal of(String v) {
        return new Literal(v, DataType.VARCHAR);
    }

    /** A DECIMAL literal of exactly {@code v}'s precision and scale. */
    public static Literal of(BigDecimal v) {
        int precision = Math.max(v.precision(), v.scale());
        return new Literal(v.unscaledValue().longValueExact(), DataType.decimal(Math.max(1, precision), Math.max(0, v.scale())));
    }

    public static Literal of(LocalDate v) {
        return new Literal(Math.toIntExact(v.toEpochDay()), DataType.DATE);
    }

    public static Literal of(LocalDateTime v) {
        long micros = Math.addExact(Math.multiplyExact(v.toEpochSecond(ZoneOffset.UTC), 1_000_000L), v.getNano() / 1000);
        return new Literal(micros, DataType.TIMESTAMP);
    }

    public boolean isNull() {
        return value == null;
    }

    static Class<?> expectedClass(TypeKind kind) {
        return switch (kind) {
            case BOOLEAN -> Boolean.class;
            case INTEGER, DATE -> Integer.class;
            case BIGINT, DECIMAL, TIMESTAMP -> Long.class;
            case DOUBLE -> Double.class;
            case VARCHAR -> String.class;
        };
    }

    @Override
    public String format(IntFunction<String> columnName) {
        if (value == null) return "NULL";
        return switch (type.kind()) {
            case VARCHAR -> "'" + ((String) value).replace("'", "''") + "'";
            case DECIMAL -> BigDecimal.valueOf((Long) value, type.scale()).toPlainString();
            case DATE -> "DATE '" + LocalDate.ofEpochDay((Integer) value) + "'";
            case TIMESTAMP -> {
                long micros = (Long) value;
                LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                        (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC);
                yield "TIMESTAMP '" + t + "'";
            }
            default -> value.toString();
        };
    }

    @Override
    public String toString() {
        return format(i -> "$" + i);
    }
}
