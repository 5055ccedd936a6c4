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
 * exact numbers is DOUBLE, and a quotient with a DECIMAL operand is DOUBLE.
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

    /**
     * DECIMAL / DECIMAL (or an integer and a DECIMAL) is DOUBLE, as in DuckDB. Calcite's default
     * is a DECIMAL of scale max(6, s1 + p2 + 1), which within the engine's 18 digits leaves a
     * quotient like {@code seconds / 3600.0} rounded to 6 places: 1000 / 3600.0 was 0.277778, an
     * error of 8e-7 that then flows into everything computed from it (PostgreSQL keeps at least
     * 16 significant digits; DuckDB computes in DOUBLE). Integer / integer stays an integer.
     */
    @Override
    public RelDataType deriveDecimalDivideType(RelDataTypeFactory f, RelDataType a, RelDataType b) {
        if (SqlTypeUtil.isExactNumeric(a) && SqlTypeUtil.isExactNumeric(b)
                && (SqlTypeUtil.isDecimal(a) || SqlTypeUtil.isDecimal(b))) {
            return f.createTypeWithNullability(f.createSqlType(SqlTypeName.DOUBLE), a.isNullable() || b.isNullable());
        }
        return super.deriveDecimalDivideType(f, a, b);
    }

    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory f, RelDataType arg) {
        if (SqlTypeUtil.isExactNumeric(arg)) {
            return f.createTypeWithNullability(f.createSqlType(SqlTypeName.DOUBLE), arg.isNullable());
        }
        return super.deriveAvgAggType(f, arg);
    }
}
