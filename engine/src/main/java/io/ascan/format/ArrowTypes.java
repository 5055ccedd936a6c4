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

    /**
     * The field of a query result column, as every result path hands it to Arrow consumers: the
     * storage type but for DECIMAL, which is Decimal(p, s) 128-bit (what JDBC and pyarrow read as a
     * decimal); the SQL type travels in the metadata.
     */
    public static Field resultField(String name, DataType t) {
        ArrowType type = t.kind() == io.ascan.types.TypeKind.DECIMAL
                ? new ArrowType.Decimal(t.precision(), t.scale(), 128) : arrowType(t);
        return new Field(name, new FieldType(true, type, null, Map.of(TYPE_METADATA_KEY, t.toString())), null);
    }

    /** The field of a column's values (plain) or of a dictionary-encoded column's int32 codes. */
    public static Field field(ColumnSpec c, boolean dictionaryCodes) {
        ArrowType type = dictionaryCodes ? new ArrowType.Int(32, true) : arrowType(c.type());
        return new Field(c.name(), new FieldType(true, type, null,
                Map.of(TYPE_METADATA_KEY, c.type().toString())), null);
    }
}
