package io.ascan.planner;

import io.ascan.plan.AggregateNode;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlBasicAggFunction;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeTransforms;

/**
 * Aggregate functions of DuckDB that Calcite lacks, or has with another type or meaning (its
 * COVAR_POP has its arguments' type, its FIRST is MATCH_RECOGNIZE's), computed by the engine's
 * aggregates. Their kind is OTHER_FUNCTION, so that no Calcite rule rewrites them.
 */
public final class AscanAggregates {
    private AscanAggregates() {}

    private static final SqlReturnTypeInference DOUBLE = ReturnTypes.DOUBLE.andThen(SqlTypeTransforms.FORCE_NULLABLE);
    private static final SqlReturnTypeInference FIRST_ARGUMENT = ReturnTypes.ARG0.andThen(SqlTypeTransforms.FORCE_NULLABLE);

    /** PRODUCT(x): the product of the values that are not NULL, a DOUBLE as DuckDB's; NULL without one. */
    public static final SqlAggFunction PRODUCT = create("PRODUCT", DOUBLE, OperandTypes.NUMERIC);

    /** Of pairs (y, x), DOUBLE: DuckDB's statistical aggregates of two arguments. */
    public static final SqlAggFunction CORR = create("CORR", DOUBLE, OperandTypes.NUMERIC_NUMERIC);
    public static final SqlAggFunction COVAR_POP = create("COVAR_POP", DOUBLE, OperandTypes.NUMERIC_NUMERIC);
    public static final SqlAggFunction COVAR_SAMP = create("COVAR_SAMP", DOUBLE, OperandTypes.NUMERIC_NUMERIC);
    public static final SqlAggFunction REGR_SLOPE = create("REGR_SLOPE", DOUBLE, OperandTypes.NUMERIC_NUMERIC);
    public static final SqlAggFunction REGR_INTERCEPT = create("REGR_INTERCEPT", DOUBLE, OperandTypes.NUMERIC_NUMERIC);
    public static final SqlAggFunction REGR_R2 = create("REGR_R2", DOUBLE, OperandTypes.NUMERIC_NUMERIC);
    public static final SqlAggFunction REGR_AVGX = create("REGR_AVGX", DOUBLE, OperandTypes.NUMERIC_NUMERIC);
    public static final SqlAggFunction REGR_AVGY = create("REGR_AVGY", DOUBLE, OperandTypes.NUMERIC_NUMERIC);
    public static final SqlAggFunction REGR_SXX = create("REGR_SXX", DOUBLE, OperandTypes.NUMERIC_NUMERIC);
    public static final SqlAggFunction REGR_SYY = create("REGR_SYY", DOUBLE, OperandTypes.NUMERIC_NUMERIC);
    public static final SqlAggFunction REGR_SXY = create("REGR_SXY", DOUBLE, OperandTypes.NUMERIC_NUMERIC);
    /** REGR_COUNT(y, x): the pairs where neither is NULL, a BIGINT (DuckDB's is a UINTEGER). */
    public static final SqlAggFunction REGR_COUNT = create("REGR_COUNT", ReturnTypes.BIGINT, OperandTypes.NUMERIC_NUMERIC);

    private static final SqlOperandTypeChecker ANY_ANY = OperandTypes.family(SqlTypeFamily.ANY, SqlTypeFamily.ANY);
    /** ARG_MAX(x, y) and ARG_MIN(x, y), also named MAX_BY and MIN_BY: x of the row with the largest (smallest) y. */
    public static final SqlAggFunction ARG_MAX = create("ARG_MAX", FIRST_ARGUMENT, ANY_ANY);
    public static final SqlAggFunction ARG_MIN = create("ARG_MIN", FIRST_ARGUMENT, ANY_ANY);
    public static final SqlAggFunction MAX_BY = create("MAX_BY", FIRST_ARGUMENT, ANY_ANY);
    public static final SqlAggFunction MIN_BY = create("MIN_BY", FIRST_ARGUMENT, ANY_ANY);
    /** FIRST(x), LAST(x): x of the group's first (last) row as the rows arrive, NULL too (DuckDB's). */
    public static final SqlAggFunction FIRST = create("FIRST", FIRST_ARGUMENT, OperandTypes.ANY);
    public static final SqlAggFunction LAST = create("LAST", FIRST_ARGUMENT, OperandTypes.ANY);

    /** Every function of this class, for the operator table. */
    public static final List<SqlAggFunction> ALL = List.of(PRODUCT, CORR, COVAR_POP, COVAR_SAMP, REGR_SLOPE, REGR_INTERCEPT,
            REGR_R2, REGR_AVGX, REGR_AVGY, REGR_SXX, REGR_SYY, REGR_SXY, REGR_COUNT, ARG_MAX, ARG_MIN, MAX_BY, MIN_BY, FIRST, LAST);

    private static final Map<SqlAggFunction, AggregateNode.Function> ENGINE = Map.ofEntries(
            Map.entry(PRODUCT, AggregateNode.Function.PRODUCT), Map.entry(CORR, AggregateNode.Function.CORR),
            Map.entry(COVAR_POP, AggregateNode.Function.COVAR_POP), Map.entry(COVAR_SAMP, AggregateNode.Function.COVAR_SAMP),
            Map.entry(REGR_SLOPE, AggregateNode.Function.REGR_SLOPE), Map.entry(REGR_INTERCEPT, AggregateNode.Function.REGR_INTERCEPT),
            Map.entry(REGR_R2, AggregateNode.Function.REGR_R2), Map.entry(REGR_AVGX, AggregateNode.Function.REGR_AVGX),
            Map.entry(REGR_AVGY, AggregateNode.Function.REGR_AVGY), Map.entry(REGR_SXX, AggregateNode.Function.REGR_SXX),
            Map.entry(REGR_SYY, AggregateNode.Function.REGR_SYY), Map.entry(REGR_SXY, AggregateNode.Function.REGR_SXY),
            Map.entry(REGR_COUNT, AggregateNode.Function.REGR_COUNT),
            Map.entry(ARG_MAX, AggregateNode.Function.ARG_MAX), Map.entry(MAX_BY, AggregateNode.Function.ARG_MAX),
            Map.entry(ARG_MIN, AggregateNode.Function.ARG_MIN), Map.entry(MIN_BY, AggregateNode.Function.ARG_MIN),
            Map.entry(FIRST, AggregateNode.Function.FIRST), Map.entry(LAST, AggregateNode.Function.LAST));

    /** The engine's function for one of these, or null. */
    public static AggregateNode.Function engineFunction(SqlAggFunction f) {
        return ENGINE.get(f);
    }

    private static SqlAggFunction create(String name, SqlReturnTypeInference type, SqlOperandTypeChecker operands) {
        return SqlBasicAggFunction.create(name, SqlKind.OTHER_FUNCTION, type, operands);
    }
}
