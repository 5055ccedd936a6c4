package io.ascan.planner.schema;

import io.ascan.types.DataType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/** Between the engine's column types and Calcite's SQL types. */
public final class TypeMapping {
    /** TIMESTAMP values are microseconds. */
    public static final int TIMESTAMP_PRECISION = 6;

    private TypeMapping() {}

    /** The SQL type of a column; every column may hold NULLs. */
    public static RelDataType toSql(DataType t, RelDataTypeFactory f) {
        RelDataType sql = switch (t.kind()) {
            case BOOLEAN -> f.createSqlType(SqlTypeName.BOOLEAN);
            case INTEGER -> f.createSqlType(SqlTypeName.INTEGER);
            case BIGINT -> f.createSqlType(SqlTypeName.BIGINT);
            case DOUBLE -> f.createSqlType(SqlTypeName.DOUBLE);
            case DECIMAL -> f.createSqlType(SqlTypeName.DECIMAL, t.precision(), t.scale());
            case DATE -> f.createSqlType(SqlTypeName.DATE);
            case TIMESTAMP -> f.createSqlType(SqlTypeName.TIMESTAMP, TIMESTAMP_PRECISION);
            case VARCHAR -> f.createSqlType(SqlTypeName.VARCHAR);
        };
        return f.createTypeWithNullability(sql, true);
    }

    /**
     * The engine type that holds values of a SQL type, or null if the engine has none
     * (intervals, TIME, structured types...). A DECIMAL of more than 18 digits (a derived type,
     * see {@link AscanTypeSystem#getMaxPrecision}) runs as DECIMAL(18) of the same scale: the
     * casts and arithmetic producing its values check that each fits, so a value beyond 18
     * digits is an error, never a rounded or wrapped value.
     */
    public static DataType toEngine(RelDataType t) {
        return switch (t.getSqlTypeName()) {
            case BOOLEAN -> DataType.BOOLEAN;
            case TINYINT, SMALLINT, INTEGER -> DataType.INTEGER;
            case BIGINT -> DataType.BIGINT;
            case FLOAT, REAL, DOUBLE -> DataType.DOUBLE;
            case DECIMAL -> t.getScale() >= 0 && t.getScale() <= DataType.MAX_DECIMAL_PRECISION
                    ? DataType.decimal(Math.max(1, Math.min(t.getPrecision(), DataType.MAX_DECIMAL_PRECISION)), t.getScale())
                    : null;
            case DATE -> DataType.DATE;
            case TIMESTAMP -> DataType.TIMESTAMP;
            case CHAR, VARCHAR -> DataType.VARCHAR;
            default -> null;
        };
    }
}
