package io.ascan.planner.rules;

import io.ascan.codegen.rt.SqlException;
import io.ascan.planner.physical.UnsupportedPlanException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexFieldCollation;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexWindowBounds;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.tools.RelBuilder;

/**
 * Aggregates that need all of a group's values (STRING_AGG, LISTAGG, MEDIAN, MODE, PERCENTILE_CONT,
 * PERCENTILE_DISC, QUANTILE_CONT, QUANTILE_DISC, QUANTILE) as window functions over the group's rows: the
 * aggregate's input gets one column per such call, computed over {@code PARTITION BY} the group
 * keys ordered by the call's values (or its ORDER BY), the same value in each of a group's rows,
 * and the aggregate takes the MIN of that column. The rows live in the window's memory, so a
 * group larger than {@code query.memory} fails with 53200 like any window.
 */
public final class HolisticAggregates {
    private HolisticAggregates() {}

    private static final SqlReturnTypeInference DOUBLE_NULLABLE = ReturnTypes.explicit(SqlTypeName.DOUBLE)
            .andThen(SqlTypeTransforms.FORCE_NULLABLE);

    /** MEDIAN(x): PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x), DuckDB's name. */
    public static final SqlAggFunction MEDIAN = function("MEDIAN", DOUBLE_NULLABLE, OperandTypes.NUMERIC);
    /** QUANTILE_CONT(x, f), QUANTILE_DISC(x, f): DuckDB's PERCENTILE_CONT and PERCENTILE_DISC, f a constant. */
    public static final SqlAggFunction QUANTILE_CONT = function("QUANTILE_CONT", DOUBLE_NULLABLE, OperandTypes.NUMERIC_NUMERIC);
    public static final SqlAggFunction QUANTILE_DISC = function("QUANTILE_DISC",
            ReturnTypes.ARG0.andThen(SqlTypeTransforms.FORCE_NULLABLE),
            OperandTypes.family(SqlTypeFamily.ANY, SqlTypeFamily.NUMERIC));
    /** QUANTILE(x, f): QUANTILE_DISC, as in DuckDB. */
    public static final SqlAggFunction QUANTILE = function("QUANTILE",
            ReturnTypes.ARG0.andThen(SqlTypeTransforms.FORCE_NULLABLE),
            OperandTypes.family(SqlTypeFamily.ANY, SqlTypeFamily.NUMERIC));

    /** MODE(x): the most frequent value (of equally frequent ones, the smallest), of x's type. */
    public static final SqlAggFunction MODE = function("MODE", ReturnTypes.ARG0.andThen(SqlTypeTransforms.FORCE_NULLABLE),
            OperandTypes.ANY);

    /** PERCENTILE_CONT(f) WITHIN GROUP (ORDER BY x) as a DOUBLE, as DuckDB (Calcite's has x's type). */
    public static final SqlAggFunction PERCENTILE_CONT = org.apache.calcite.sql.fun.SqlBasicAggFunction
            .create("PERCENTILE_CONT", SqlKind.PERCENTILE_CONT, DOUBLE_NULLABLE, OperandTypes.UNIT_INTERVAL_NUMERIC_LITERAL)
            .withFunctionType(SqlFunctionCategory.SYSTEM).withGroupOrder(org.apache.calcite.util.Optionality.MANDATORY)
            .withPercentile(true).withAllowsFraming(false);

    /** The window functions the engine computes them with (WindowNode's STRING_AGG, PERCENTILE_CONT, PERCENTILE_DISC). */
    public static final SqlAggFunction WINDOW_STRING_AGG = window("$STRING_AGG");
    public static final SqlAggFunction WINDOW_PERCENTILE_CONT = window("$PERCENTILE_CONT");
    public static final SqlAggFunction WINDOW_PERCENTILE_DISC = window("$PERCENTILE_DISC");
    public static final SqlAggFunction WINDOW_MODE = window("$MODE");

    public static final Set<SqlAggFunction> WINDOW_FORMS = Set.of(WINDOW_STRING_AGG, WINDOW_PERCENTILE_CONT, WINDOW_PERCENTILE_DISC,
            WINDOW_MODE);

    private static SqlAggFunction function(String name, SqlReturnTypeInference type,
                                           org.apache.calcite.sql.type.SqlOperandTypeChecker operands) {
        return new SqlAggFunction(name, null, SqlKind.OTHER_FUNCTION, type, null, operands, SqlFunctionCategory.SYSTEM,
                false, false, org.apache.calcite.util.Optionality.FORBIDDEN) {};
    }

    private static SqlAggFunction window(String name) {
        return function(name, ReturnTypes.ARG0, OperandTypes.ANY);
    }

    public static RelNode rewrite(RelNode rel, RelBuilder builder) {
        return BottomUp.rewrite(rel, r -> r instanceof LogicalAggregate a
                && a.getAggCallList().stream().anyMatch(HolisticAggregates::holistic) ? expand(a, builder) : r);
    }

    private static boolean holistic(AggregateCall c) {
        SqlAggFunction f = c.getAggregation();
        return switch (f.getKind()) {
            case LISTAGG, STRING_AGG, PERCENTILE_CONT, PERCENTILE_DISC -> true;
            default -> f == MEDIAN || f == QUANTILE_CONT || f == QUANTILE_DISC || f == QUANTILE || f == MODE;
        };
    }

    private static RelNode expand(LogicalAggregate a, RelBuilder b) {
        RelNode input = a.getInput();
        RexBuilder rb = a.getCluster().getRexBuilder();
        RelDataTypeFactory types = a.getCluster().getTypeFactory();
        b.push(input);
        List<RexNode> partition = new ArrayList<>();
        for (int k : a.getGroupSet()) partition.add(b.field(k));
        List<RexNode> exprs = new ArrayList<>(b.fields());
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateCall c : a.getAggCallList()) {
            if (!holistic(c)) {
                calls.add(c);
                continue;
            }
            String name = c.getAggregation().getName();
            if (c.isDistinct()) throw new UnsupportedPlanException(name + "(DISTINCT ...) is not supported");
            RexNode over = over(c, input, b, rb, partition, types);
            calls.add(AggregateCall.create(c.getParserPosition(), SqlStdOperatorTable.MIN, false, false, false, List.of(),
                    List.of(exprs.size()), -1, null, RelCollations.EMPTY, over.getType(), c.getName()));
            exprs.add(over);
        }
        b.project(exprs);
        RelNode windowed = b.build();
        RelNode aggregate = LogicalAggregate.create(windowed, a.getHints(), a.getGroupSet(), null, calls);
        return b.push(aggregate).convert(a.getRowType(), true).build();
    }

    /** The call as a window function over its group's rows, of a nullable type. */
    private static RexNode over(AggregateCall c, RelNode input, RelBuilder b, RexBuilder rb, List<RexNode> partition,
                                RelDataTypeFactory types) {
        SqlAggFunction f = c.getAggregation();
        List<Integer> args = c.getArgList();
        List<RexFieldCollation> order = new ArrayList<>();
        for (RelFieldCollation fc : c.collation.getFieldCollations()) order.add(collation(b.field(fc.getFieldIndex()), fc));
        SqlAggFunction form;
        List<RexNode> operands = new ArrayList<>();
        RelDataType type;
        switch (f.getKind()) {
            case LISTAGG, STRING_AGG -> {
                RelDataType varchar = types.createTypeWithNullability(types.createSqlType(SqlTypeName.VARCHAR), true);
                RexNode value = b.field(args.getFirst());
                if (!SqlTypeUtil.isCharacter(value.getType())) value = rb.makeCast(varchar, value, true, false);
                operands.add(value);
                operands.add(args.size() > 1 ? b.field(args.get(1)) : rb.makeLiteral(","));
                form = WINDOW_STRING_AGG;
                type = varchar;
            }
            case PERCENTILE_CONT, PERCENTILE_DISC -> {
                if (order.size() != 1) throw new UnsupportedPlanException(f.getName() + " needs WITHIN GROUP (ORDER BY one value)");
                operands.add(order.getFirst().left);
                operands.add(fraction(input, args.getFirst(), f.getName(), rb));
                boolean cont = f.getKind() == SqlKind.PERCENTILE_CONT;
                form = cont ? WINDOW_PERCENTILE_CONT : WINDOW_PERCENTILE_DISC;
                type = cont ? types.createTypeWithNullability(types.createSqlType(SqlTypeName.DOUBLE), true)
                        : types.createTypeWithNullability(order.getFirst().left.getType(), true);
            }
            default -> { // MODE, MEDIAN, QUANTILE_CONT, QUANTILE_DISC, QUANTILE: ordered by their value
                if (f == MODE) {
                    RexNode value = b.field(args.getFirst());
                    order.clear();
                    order.add(collation(value, new RelFieldCollation(0)));
                    return rb.makeOver(types.createTypeWithNullability(value.getType(), true), WINDOW_MODE, List.of(value), partition,
                            com.google.common.collect.ImmutableList.copyOf(order), RexWindowBounds.UNBOUNDED_PRECEDING,
                            RexWindowBounds.UNBOUNDED_FOLLOWING, true, true, false, false, false);
                }
                RexNode value = b.field(args.getFirst());
                order.clear();
                order.add(collation(value, new RelFieldCollation(0)));
                operands.add(value);
                operands.add(f == MEDIAN ? rb.makeApproxLiteral(new BigDecimal("0.5"))
                        : fraction(input, args.get(1), f.getName(), rb));
                boolean discrete = f == QUANTILE_DISC || f == QUANTILE;
                form = discrete ? WINDOW_PERCENTILE_DISC : WINDOW_PERCENTILE_CONT;
                type = discrete ? types.createTypeWithNullability(value.getType(), true)
                        : types.createTypeWithNullability(types.createSqlType(SqlTypeName.DOUBLE), true);
            }
        }
        if (form == WINDOW_PERCENTILE_CONT && !SqlTypeUtil.isNumeric(operands.getFirst().getType())) {
            throw new UnsupportedPlanException(f.getName() + " of type " + operands.getFirst().getType() + " is not supported (only numbers)");
        }
        return rb.makeOver(type, form, operands, partition, com.google.common.collect.ImmutableList.copyOf(order),
                RexWindowBounds.UNBOUNDED_PRECEDING, RexWindowBounds.UNBOUNDED_FOLLOWING, true, true, false, false, false);
    }

    private static RexFieldCollation collation(RexNode e, RelFieldCollation fc) {
        Set<SqlKind> flags = new java.util.HashSet<>(); // NULLs last: they are skipped, wherever they sort
        if (fc.getDirection().isDescending()) flags.add(SqlKind.DESCENDING);
        flags.add(SqlKind.NULLS_LAST);
        return new RexFieldCollation(e, flags);
    }

    /** The fraction argument: a constant between 0 and 1, as a DOUBLE literal. */
    private static RexNode fraction(RelNode input, int arg, String function, RexBuilder rb) {
        if (input instanceof Project p && p.getProjects().get(arg) instanceof RexLiteral lit && !lit.isNull()
                && lit.getValueAs(BigDecimal.class) instanceof BigDecimal v) {
            if (v.signum() < 0 || v.compareTo(BigDecimal.ONE) > 0) {
                throw new SqlException("22003", function + "'s fraction must be between 0 and 1, not " + v);
            }
            return rb.makeApproxLiteral(v);
        }
        throw new UnsupportedPlanException(function + "'s fraction must be a constant");
    }
}
