package io.ascan.exchange;

import io.ascan.format.ColumnSpec;
import io.ascan.format.RowAppender;
import io.ascan.types.DataType;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Maps an Arrow field to an ascan column and copies one value of its vector into a
 * {@link RowAppender}: int8/16/32 and uint8/16 to INTEGER, int64 and uint32 to BIGINT,
 * floating point to DOUBLE, decimal (precision at most 18) to DECIMAL, date to DATE, timestamp
 * (any unit and zone) to TIMESTAMP in microseconds since the epoch, utf8 (plain, large, view)
 * to VARCHAR, bool to BOOLEAN. Anything else is an error naming the column and its type.
 */
final class ArrowColumns {
    private ArrowColumns() {}

    /** Copies the non-null value at {@code row} into column {@code c}. */
    @FunctionalInterface
    interface Copier {
        void copy(FieldVector v, int row, RowAppender out, int c);
    }

    static ColumnSpec spec(Field field) {
        return ColumnSpec.of(field.getName(), type(field));
    }

    static DataType type(Field field) {
        DataType t = switch (field.getType()) {
            case ArrowType.Int i when i.getIsSigned() && i.getBitWidth() <= 32 -> DataType.INTEGER;
            case ArrowType.Int i when !i.getIsSigned() && i.getBitWidth() <= 16 -> DataType.INTEGER;
            case ArrowType.Int i when i.getIsSigned() || i.getBitWidth() <= 32 -> DataType.BIGINT;
            case ArrowType.FloatingPoint f -> DataType.DOUBLE;
            case ArrowType.Decimal d when d.getPrecision() <= DataType.MAX_DECIMAL_PRECISION && d.getScale() >= 0 ->
                    DataType.decimal(d.getPrecision(), d.getScale());
            case ArrowType.Decimal d -> throw new UserException("column '" + field.getName() + "' is decimal("
                    + d.getPrecision() + "," + d.getScale() + "): ascan's DECIMAL holds at most "
                    + DataType.MAX_DECIMAL_PRECISION + " digits");
            case ArrowType.Date d -> DataType.DATE;
            case ArrowType.Timestamp ts -> DataType.TIMESTAMP;
            case ArrowType.Utf8 s -> DataType.VARCHAR;
            case ArrowType.LargeUtf8 s -> DataType.VARCHAR;
            case ArrowType.Utf8View s -> DataType.VARCHAR;
            case ArrowType.Bool b -> DataType.BOOLEAN;
            default -> null;
        };
        if (t == null) {
            throw new UserException("column '" + field.getName() + "' has Arrow type " + field.getType()
                    + ", which ascan cannot import (supported: bool, int8-64, uint8-32, floating point, "
                    + "decimal up to 18 digits, date, timestamp, utf8)");
        }
        return t;
    }

    static Copier copier(Field field) {
        return switch (field.getType()) {
            case ArrowType.Int i when type(field) == DataType.INTEGER ->
                    (v, r, out, c) -> out.setInt(c, (int) ((BaseIntVector) v).getValueAsLong(r));
            // getValueAsLong widens unsigned vectors without sign extension.
            case ArrowType.Int i -> (v, r, out, c) -> out.setLong(c, ((BaseIntVector) v).getValueAsLong(r));
            case ArrowType.FloatingPoint f -> (v, r, out, c) -> out.setDouble(c, ((FloatingPointVector) v).getValueAsDouble(r));
            // Little-endian two's complement of 16 or 32 bytes: with at most 18 digits the low 8 are the value.
            case ArrowType.Decimal d -> {
                long width = d.getBitWidth() / 8;
                yield (v, r, out, c) -> out.setLong(c, ((BaseFixedWidthVector) v).getDataBuffer().getLong(width * r));
            }
            case ArrowType.Date d when d.getUnit() == DateUnit.DAY -> (v, r, out, c) -> out.setInt(c, ((DateDayVector) v).get(r));
            case ArrowType.Date d ->
                    (v, r, out, c) -> out.setInt(c, Math.toIntExact(Math.floorDiv(((DateMilliVector) v).get(r), 86_400_000L)));
            case ArrowType.Timestamp ts -> timestamp(ts);
            case ArrowType.Bool b -> (v, r, out, c) -> out.setBoolean(c, ((BitVector) v).get(r) != 0);
            default -> (v, r, out, c) -> {
                byte[] bytes = ((VariableWidthFieldVector) v).get(r);
                out.setUtf8(c, bytes, 0, bytes.length);
            };
        };
    }

    /** Any unit to microseconds; a zone only says how to display the instant, which stays as is. */
    private static Copier timestamp(ArrowType.Timestamp ts) {
        return switch (ts.getUnit()) {
            case SECOND -> (v, r, out, c) -> out.setLong(c, Math.multiplyExact(((TimeStampVector) v).get(r), 1_000_000L));
            case MILLISECOND -> (v, r, out, c) -> out.setLong(c, Math.multiplyExact(((TimeStampVector) v).get(r), 1000L));
            case MICROSECOND -> (v, r, out, c) -> out.setLong(c, ((TimeStampVector) v).get(r));
            case NANOSECOND -> (v, r, out, c) -> out.setLong(c, Math.floorDiv(((TimeStampVector) v).get(r), 1000L));
        };
    }
}
