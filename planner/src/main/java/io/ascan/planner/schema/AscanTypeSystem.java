package io.ascan.planner.schema;

import io.ascan.types.DataType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Calcite's type system adjusted to what users of PostgreSQL and DuckDB expect: TIMESTAMP
 * keeps microseconds, DECIMAL has at most 18 digits as in the engine, CASE over strings of
 * different lengths is VARCHAR, SUM of integers is BIGINT (no overflow on SSB at any scale), AVG of
 * exact numbers is DOUBLE.
 */
public final class AscanTypeSystem extends RelDataTypeSystemImpl {
    public static final AscanTypeSystem INSTANCE = new AscanTypeSystem();

    private AscanTypeSystem() {}

    /** TIMESTAMP to microseconds; DECIMAL to the engine's 18 digits (scaled 64-bit integers). */
    @Override
    public int getMaxPrecision(SqlTypeName t) {
        return switch (t) {
            case TIMESTAMP -> TypeMapping.TIMESTAMP_PRECISION;
            case DECIMAL -> DataType.MAX_DECIMAL_PRECISION;
            default -> super.getMaxPrecision(t);
        };
    }

    @Override
    public int getMaxScale(SqlTypeName t) {
        return t == SqlTypeName.DECIMAL ? DataType.MAX_DECIMAL_PRECISION : super.getMaxScale(t);
    }

    /** CASE 'a' ... ELSE 'abc' is VARCHAR, not a blank-padded CHAR(3). */
    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        return true;
    }

    @Override
    public int getDefaultPrecision(SqlTypeName t) {
        return t == SqlTypeName.TIMESTAMP ? TypeMapping.TIMESTAMP_PRECISION : super.getDefaultPrecision(t);
    }

    @Override
    public RelDataType deriveSumType(RelDataTypeFactory f, RelDataType arg) {
        if (SqlTypeUtil.isIntType(arg)) {
            return f.createTypeWithNullability(f.createSqlType(SqlTypeName.BIGINT), arg.isNullable());
        }
        return super.deriveSumType(f, arg);
    }

    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory f, RelDataType arg) {
        if (SqlTypeUtil.isExactNumeric(arg)) {
            return f.createTypeWithNullability(f.createSqlType(SqlTypeName.DOUBLE), arg.isNullable());
        }
        return super.deriveAvgAggType(f, arg);
    }
}
