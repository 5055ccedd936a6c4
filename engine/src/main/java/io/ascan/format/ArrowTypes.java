package io.ascan.format;

import io.ascan.types.DataType;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * How each column type appears as an Arrow vector. DECIMAL is a scaled BIGINT in memory (it fits
 * one 8-byte word, unlike Arrow's 128-bit decimals); its SQL type travels in the field metadata.
 */
public final class ArrowTypes {
    public static final String TYPE_METADATA_KEY = "ascan.type";

    private ArrowTypes() {}

    public static ArrowType arrowType(DataType t) {
        return switch (t.kind()) {
            case BOOLEAN -> ArrowType.Bool.INSTANCE;
            case INTEGER -> new ArrowType.Int(32, true);
            case BIGINT, DECIMAL -> new ArrowType.Int(64, true);
            case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case DATE -> new ArrowType.Date(DateUnit.DAY);
            case TIMESTAMP -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
            case VARCHAR -> ArrowType.Utf8.INSTANCE;
        };
    }

    /** The field of a column's values (plain) or of a dictionary-encoded column's int32 codes. */
    public static Field field(ColumnSpec c, boolean dictionaryCodes) {
        ArrowType type = dictionaryCodes ? new ArrowType.Int(32, true) : arrowType(c.type());
        return new Field(c.name(), new FieldType(true, type, null,
                Map.of(TYPE_METADATA_KEY, c.type().toString())), null);
    }
}
