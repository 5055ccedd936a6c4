package io.ascan.planner.schema;

import io.ascan.types.DataType;
import java.math.RoundingMode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Calcite's type system adjusted to what users of PostgreSQL and DuckDB expect: TIMESTAMP
 * keeps microseconds, DECIMAL types derive as in DuckDB (up to 38 digits, scale never reduced;
 * the engine holds 18 digits and checks at run time that each value fits), CASE over strings of
 * different lengths is VARCHAR, SUM of integers is BIGINT (no overflow on SSB at any scale), AVG of
 * exact numbers is DOUBLE, and a quotient with a DECIMAL operand is DOUBLE.
 */
public final class AscanTypeSystem extends RelDataTypeSystemImpl {
    public static final AscanTypeSystem INSTANCE = new AscanTypeSystem();

    private AscanTypeSystem() {}

    /**
     * TIMESTAMP to microseconds. DECIMAL to 38 digits, as DuckDB and PostgreSQL: with the
     * engine's 18, Calcite keeps a common type within 18 digits by dropping scale, so {@code
     * COALESCE(DECIMAL(12,2), BIGINT)} was DECIMAL(18,0) and rounded 123.45 to 123, and 0.000001
     * compared with a DECIMAL(18,4) became 0.0000. A type of more than 18 digits runs in the
     * engine as 18 digits of the same scale ({@link TypeMapping#toEngine}), and a value that does
     * not fit is an error where it is computed, never a rounded value.
     */
    @Override
    public int getMaxPrecision(SqlTypeName t) {
        return switch (t) {
            case TIMESTAMP -> TypeMapping.TIMESTAMP_PRECISION;
            case DECIMAL -> MAX_SQL_DECIMAL_PRECISION;
            default -> super.getMaxPrecision(t);
        };
    }

    /** The widest DECIMAL a derived SQL type may have (DuckDB's and PostgreSQL's limit). */
    public static final int MAX_SQL_DECIMAL_PRECISION = 38;

    /** Scale stays within what the engine's 64-bit unscaled values hold. */
    @Override
    public int getMaxScale(SqlTypeName t) {
        return t == SqlTypeName.DECIMAL ? DataType.MAX_DECIMAL_PRECISION : super.getMaxScale(t);
    }

    /**
     * How Calcite rounds a DECIMAL literal it converts to a smaller scale: HALF_UP, as the engine
     * and DuckDB round DECIMAL casts (Calcite's default truncates).
     */
    @Override
    public RoundingMode roundingMode() {
        return RoundingMode.HALF_UP;
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
