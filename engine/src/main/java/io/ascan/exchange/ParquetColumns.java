package io.ascan.exchange;

import io.ascan.format.ColumnSpec;
import io.ascan.format.RowAppender;
import io.ascan.types.DataType;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Maps a top-level Parquet column to an ascan column and builds the converter that feeds its
 * values to a {@link RowAppender}: int8/16/32 and uint8/16 to INTEGER, int64 and uint32 to
 * BIGINT, float/double to DOUBLE, decimal(p at most 18) on any physical type to DECIMAL, date to
 * DATE, timestamp (any unit, with or without UTC adjustment, and legacy int96) to TIMESTAMP in
 * microseconds, string/enum/json to VARCHAR, boolean to BOOLEAN. Anything else is an error
 * naming the column and its type.
 */
final class ParquetColumns {
    private static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;
    private static final long MICROS_PER_DAY = 86_400_000_000L;

    private ParquetColumns() {}

    /** The ascan column for a Parquet field, or a {@link UserException} if it has no equivalent. */
    static ColumnSpec spec(Type field) {
        return ColumnSpec.of(field.getName(), type(field));
    }

    static DataType type(Type field) {
        if (!field.isPrimitive() || field.isRepetition(Type.Repetition.REPEATED)) throw unsupported(field);
        PrimitiveType p = field.asPrimitiveType();
        LogicalTypeAnnotation logical = p.getLogicalTypeAnnotation();
        if (logical instanceof DecimalLogicalTypeAnnotation d) {
            if (d.getPrecision() > DataType.MAX_DECIMAL_PRECISION) {
                throw new UserException("column '" + field.getName() + "' is decimal(" + d.getPrecision() + ","
                        + d.getScale() + "): ascan's DECIMAL holds at most " + DataType.MAX_DECIMAL_PRECISION + " digits");
            }
            return DataType.decimal(d.getPrecision(), d.getScale());
        }
        DataType t = switch (p.getPrimitiveTypeName()) {
            case BOOLEAN -> logical == null ? DataType.BOOLEAN : null;
            case INT32 -> switch (logical) {
                case null -> DataType.INTEGER;
                case IntLogicalTypeAnnotation i when i.isSigned() || i.getBitWidth() < 32 -> DataType.INTEGER;
                case IntLogicalTypeAnnotation i -> DataType.BIGINT; // uint32
                case LogicalTypeAnnotation.DateLogicalTypeAnnotation d -> DataType.DATE;
                default -> null;
            };
            case INT64 -> switch (logical) {
                case null -> DataType.BIGINT;
                case IntLogicalTypeAnnotation i when i.isSigned() -> DataType.BIGINT;
                case TimestampLogicalTypeAnnotation ts -> DataType.TIMESTAMP;
                default -> null;
            };
            case INT96 -> DataType.TIMESTAMP;
            case FLOAT, DOUBLE -> logical == null ? DataType.DOUBLE : null;
            case BINARY -> logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                    || logical instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
                    || logical instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation ? DataType.VARCHAR : null;
            case FIXED_LEN_BYTE_ARRAY -> null;
        };
        if (t == null) throw unsupported(field);
        return t;
    }

    private static UserException unsupported(Type field) {
        return new UserException("column '" + field.getName() + "' has Parquet type " + describe(field)
                + ", which ascan cannot import (supported: boolean, int8-64, uint8-32, float, double, "
                + "decimal up to 18 digits, date, timestamp, string)");
    }

    static String describe(Type field) {
        String logical = field.getLogicalTypeAnnotation() == null ? "" : " " + field.getLogicalTypeAnnotation();
        if (!field.isPrimitive()) return "group" + logical;
        String repeated = field.isRepetition(Type.Repetition.REPEATED) ? "repeated " : "";
        return repeated + field.asPrimitiveType().getPrimitiveTypeName().name().toLowerCase(java.util.Locale.ROOT) + logical;
    }

    /** A converter writing the field's values into column {@code c} of {@code out}. */
    static PrimitiveConverter converter(Type field, RowAppender out, int c) {
        PrimitiveType p = field.asPrimitiveType();
        LogicalTypeAnnotation logical = p.getLogicalTypeAnnotation();
        DataType type = type(field);
        return switch (p.getPrimitiveTypeName()) {
            case BOOLEAN -> new PrimitiveConverter() {
                @Override public void addBoolean(boolean v) { out.setBoolean(c, v); }
            };
            case INT32 -> type == DataType.BIGINT
                    ? new PrimitiveConverter() {
                        @Override public void addInt(int v) { out.setLong(c, Integer.toUnsignedLong(v)); }
                    }
                    : type.kind() == io.ascan.types.TypeKind.DECIMAL
                    ? new PrimitiveConverter() {
                        @Override public void addInt(int v) { out.setLong(c, v); }
                    }
                    : new PrimitiveConverter() {
                        @Override public void addInt(int v) { out.setInt(c, v); }
                    };
            case INT64 -> logical instanceof TimestampLogicalTypeAnnotation t
                    ? timestamp(t.getUnit(), out, c)
                    : new PrimitiveConverter() {
                        @Override public void addLong(long v) { out.setLong(c, v); }
                    };
            case INT96 -> new PrimitiveConverter() {
                @Override public void addBinary(Binary v) { out.setLong(c, int96Micros(v)); }
            };
            case FLOAT -> new PrimitiveConverter() {
                @Override public void addFloat(float v) { out.setDouble(c, v); }
            };
            case DOUBLE -> new PrimitiveConverter() {
                @Override public void addDouble(double v) { out.setDouble(c, v); }
            };
            case BINARY, FIXED_LEN_BYTE_ARRAY -> type.kind() == io.ascan.types.TypeKind.DECIMAL
                    ? new PrimitiveConverter() {
                        // Big-endian two's complement; at most 18 digits always fits a long.
                        @Override public void addBinary(Binary v) { out.setLong(c, new BigInteger(v.getBytes()).longValueExact()); }
                    }
                    : new PrimitiveConverter() {
                        @Override public void addBinary(Binary v) {
                            ByteBuffer b = v.toByteBuffer();
                            if (b.hasArray()) {
                                out.setUtf8(c, b.array(), b.arrayOffset() + b.position(), b.remaining());
                            } else {
                                byte[] bytes = v.getBytes();
                                out.setUtf8(c, bytes, 0, bytes.length);
                            }
                        }
                    };
        };
    }

    private static PrimitiveConverter timestamp(TimeUnit unit, RowAppender out, int c) {
        return switch (unit) {
            case MILLIS -> new PrimitiveConverter() {
                @Override public void addLong(long v) { out.setLong(c, Math.multiplyExact(v, 1000L)); }
            };
            case MICROS -> new PrimitiveConverter() {
                @Override public void addLong(long v) { out.setLong(c, v); }
            };
            case NANOS -> new PrimitiveConverter() {
                @Override public void addLong(long v) { out.setLong(c, Math.floorDiv(v, 1000L)); }
            };
        };
    }

    /** Legacy Impala/Spark timestamps: 8 bytes of nanoseconds in the day, then the Julian day (little-endian). */
    static long int96Micros(Binary v) {
        ByteBuffer b = v.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        long nanosOfDay = b.getLong(b.position());
        long julianDay = Integer.toUnsignedLong(b.getInt(b.position() + 8));
        return (julianDay - JULIAN_DAY_OF_EPOCH) * MICROS_PER_DAY + Math.floorDiv(nanosOfDay, 1000L);
    }
}
