package io.ascan.planner;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlInternalOperators;
import org.apache.calcite.util.Litmus;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql2rel.SqlRexContext;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Calcite's standard SQL-to-Rex conversion, except that TIMESTAMPDIFF(unit, a, b) stays one
 * call instead of becoming interval subtraction, reinterpretation and integer division: the
 * engine computes it directly ({@code Operator.TIMESTAMP_DIFF}); COALESCE stays one call; and
 * DuckDB's {@code DATE_ADD(d, interval)} is {@code CAST(d AS TIMESTAMP) + interval}, and its
 * {@code CONTAINS(s, part)} is {@code STRPOS(s, part) > 0}.
 *
 * <p>Calcite's validator rewrites {@code COALESCE(a, b)} into {@code CASE WHEN a IS NOT NULL THEN
 * CAST(a AS NOT NULL) ELSE b END}. Its simplifier then pushes comparisons into the CASE's
 * branches and, trusting the NOT NULL cast outside the branch that guards it, drops NULL rows'
 * handling: {@code COALESCE(s, s) NOT BETWEEN 'BUILDING' AND ' '} became TRUE and kept the rows
 * whose s is NULL. The engine evaluates COALESCE itself, so that CASE goes back to a COALESCE call.
 */
final class AscanConvertletTable implements SqlRexConvertletTable {
    static final AscanConvertletTable INSTANCE = new AscanConvertletTable();

    private AscanConvertletTable() {}

    @Override
    public @Nullable SqlRexConvertlet get(SqlCall call) {
        if (call.getKind() == SqlKind.TIMESTAMP_DIFF && unit(call.operand(0)) != null) {
            return AscanConvertletTable::timestampDiff;
        }
        if (call instanceof SqlCase c && rewrittenCoalesce(c)) return AscanConvertletTable::coalesce;
        if (call.getOperator() == AscanOperatorTable.DATE_ADD) return AscanConvertletTable::dateAdd;
        if (call.getOperator() == AscanOperatorTable.CONTAINS) return AscanConvertletTable::contains;
        return StandardConvertletTable.INSTANCE.get(call);
    }

    private static RexNode timestampDiff(SqlRexContext cx, SqlCall call) {
        RexBuilder rb = cx.getRexBuilder();
        return rb.makeCall(cx.getValidator().getValidatedNodeType(call), SqlStdOperatorTable.TIMESTAMP_DIFF,
                List.of(rb.makeFlag(unit(call.operand(0))), cx.convertExpression(call.operand(1)),
                        cx.convertExpression(call.operand(2))));
    }

    private static RexNode dateAdd(SqlRexContext cx, SqlCall call) {
        RexBuilder rb = cx.getRexBuilder();
        RelDataType type = cx.getValidator().getValidatedNodeType(call);
        RexNode d = cx.convertExpression(call.operand(0));
        RexNode timestamp = rb.makeCast(rb.getTypeFactory().createTypeWithNullability(type, d.getType().isNullable()), d);
        return rb.makeCall(type, SqlStdOperatorTable.DATETIME_PLUS, List.of(timestamp, cx.convertExpression(call.operand(1))));
    }

    private static RexNode contains(SqlRexContext cx, SqlCall call) {
        RexBuilder rb = cx.getRexBuilder();
        RexNode position = rb.makeCall(org.apache.calcite.sql.fun.SqlLibraryOperators.STRPOS,
                cx.convertExpression(call.operand(0)), cx.convertExpression(call.operand(1)));
        return rb.makeCall(SqlStdOperatorTable.GREATER_THAN, position, rb.makeZeroLiteral(position.getType()));
    }

    /** CASE WHEN a IS NOT NULL THEN CAST(a AS NOT NULL) [WHEN b IS NOT NULL ...] ELSE z END, as the validator writes COALESCE. */
    private static boolean rewrittenCoalesce(SqlCase c) {
        if (c.getValueOperand() != null || c.getWhenOperands().isEmpty()) return false;
        for (int i = 0; i < c.getWhenOperands().size(); i++) {
            if (!(c.getWhenOperands().get(i) instanceof SqlCall when) || when.getKind() != SqlKind.IS_NOT_NULL
                    || !(c.getThenOperands().get(i) instanceof SqlCall then) || then.getOperator() != SqlInternalOperators.CAST_NOT_NULL
                    || !when.operand(0).equalsDeep(then.operand(0), Litmus.IGNORE)) {
                return false;
            }
        }
        return true;
    }

    private static RexNode coalesce(SqlRexContext cx, SqlCall call) {
        SqlCase c = (SqlCase) call;
        List<RexNode> operands = new ArrayList<>();
        for (SqlNode when : c.getWhenOperands()) operands.add(cx.convertExpression(((SqlCall) when).operand(0)));
        operands.add(cx.convertExpression(c.getElseOperand()));
        return cx.getRexBuilder().makeCall(cx.getValidator().getValidatedNodeType(call), SqlStdOperatorTable.COALESCE, operands);
    }

    private static @Nullable TimeUnit unit(SqlNode n) {
        if (n instanceof SqlIntervalQualifier q && q.timeFrameName == null) return q.getStartUnit();
        if (n instanceof SqlLiteral l && l.getValue() instanceof TimeUnit u) return u;
        return null;
    }
}
