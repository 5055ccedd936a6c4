package io.ascan.planner;

import java.util.List;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Calcite's implicit coercions, plus DuckDB's and PostgreSQL's date arithmetic with whole days,
 * which standard SQL spells with intervals: {@code date + n} and {@code n + date} become
 * {@code date + n * INTERVAL '1' DAY}, {@code date - n} becomes {@code date - n * INTERVAL '1'
 * DAY}, and {@code date - date} becomes {@code TIMESTAMPDIFF(DAY, b, a) - 0}, the number of days
 * (an INTEGER; the "- 0" keeps the call a subtraction of numbers, which is all an operand
 * coercion can change). Exact numbers are compared in a DECIMAL that keeps the larger scale.
 */
final class AscanTypeCoercion extends TypeCoercionImpl {
    AscanTypeCoercion(RelDataTypeFactory typeFactory, SqlValidator validator) {
        super(typeFactory, validator);
    }

    @Override
    public boolean binaryArithmeticCoercion(SqlCallBinding binding) {
        SqlKind kind = binding.getOperator().getKind();
        if (binding.getOperandCount() == 2 && (kind == SqlKind.PLUS || kind == SqlKind.MINUS)) {
            RelDataType a = binding.getOperandType(0), b = binding.getOperandType(1);
            SqlCall call = binding.getCall();
            if (isDate(a) && isInteger(b)) {
                call.setOperand(1, days(call.operand(1)));
                return true;
            }
            if (kind == SqlKind.PLUS && isInteger(a) && isDate(b)) {
                call.setOperand(0, days(call.operand(0)));
                return true;
            }
            if (kind == SqlKind.MINUS && isDate(a) && isDate(b)) {
                SqlParserPos pos = call.getParserPosition();
                SqlNode diff = SqlStdOperatorTable.TIMESTAMP_DIFF.createCall(pos,
                        new SqlIntervalQualifier(TimeUnit.DAY, null, pos), call.operand(1), call.operand(0));
                call.setOperand(0, diff);
                call.setOperand(1, SqlLiteral.createExactNumeric("0", pos));
                return true;
            }
        }
        return super.binaryArithmeticCoercion(binding);
    }

    @Override
    public @Nullable RelDataType commonTypeForBinaryComparison(@Nullable RelDataType a, @Nullable RelDataType b) {
        RelDataType common = super.commonTypeForBinaryComparison(a, b);
        return a == null || b == null ? common : exactComparison(common, List.of(a, b));
    }

    @Override
    protected @Nullable RelDataType commonTypeForComparison(List<RelDataType> types) {
        return exactComparison(super.commonTypeForComparison(types), types);
    }

    /**
     * Calcite's common DECIMAL of exact numbers keeps their integer digits and gives up scale when
     * both do not fit in 38 digits: a SUM of DECIMAL(12,2), a DECIMAL(38,2), compared with
     * 0.000001 cast the literal to 0.00. A comparison keeps every operand's scale instead, and the
     * integer digits that remain; a value with more integer digits fails its cast with an
     * overflow, never a silently rounded comparison.
     */
    private @Nullable RelDataType exactComparison(@Nullable RelDataType common, List<RelDataType> types) {
        if (common == null || common.getSqlTypeName() != SqlTypeName.DECIMAL
                || !types.stream().allMatch(t -> SqlTypeUtil.isExactNumeric(t))) {
            return common;
        }
        int scale = 0, integerDigits = 0;
        for (RelDataType t : types) {
            int s = Math.max(t.getScale(), 0);
            scale = Math.max(scale, s);
            integerDigits = Math.max(integerDigits, t.getPrecision() - s);
        }
        int max = factory.getTypeSystem().getMaxPrecision(SqlTypeName.DECIMAL);
        scale = Math.min(scale, max);
        int precision = Math.min(integerDigits, max - scale) + scale;
        if (precision == common.getPrecision() && scale == common.getScale()) return common;
        RelDataType t = factory.createSqlType(SqlTypeName.DECIMAL, Math.max(precision, 1), scale);
        return factory.createTypeWithNullability(t, common.isNullable());
    }

    /** {@code n * INTERVAL '1' DAY}. */
    private static SqlNode days(SqlNode n) {
        SqlParserPos pos = n.getParserPosition();
        SqlNode day = SqlLiteral.createInterval(1, "1", new SqlIntervalQualifier(TimeUnit.DAY, null, pos), pos);
        return SqlStdOperatorTable.MULTIPLY.createCall(pos, n, day);
    }

    private static boolean isDate(RelDataType t) {
        return t.getSqlTypeName() == SqlTypeName.DATE;
    }

    private static boolean isInteger(RelDataType t) {
        return SqlTypeUtil.isIntType(t);
    }

}
