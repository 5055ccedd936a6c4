package io.ascan.planner.rules;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttle;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlQuantifyOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Restates the sub-query expressions that Calcite's SubQueryRemoveRule rewrites wrongly in forms
 * it rewrites right, before it runs.
 *
 * <ul>
 *   <li>A correlated {@code IN} / {@code = ANY} whose keys are all literals gets keys the rule
 *       does not take for literals (casts to their own type), so it takes its general rewrite, as
 *       for a column key. Its literal-only rewrite made a NULL key's predicate UNKNOWN even where
 *       q is empty for the row (IN is FALSE there, NOT IN TRUE), and picks one row per outer row
 *       with a sort that decorrelates into ROW_NUMBER, which the engine does not run.</li>
 *   <li>{@code x <> ANY (q)} (and so {@code x = ALL (q)}, its negation) becomes
 *       {@code x < ANY (q) OR x > ANY (q)}: equal in three-valued logic, since {@code x <> y} is
 *       {@code x < y OR x > y} for each y and OR is associative. The rule's own rewrite looks up
 *       its count columns by name ({@code c}, {@code d}) after joining the outer row, so an outer
 *       column named {@code d} took their place.</li>
 *   <li>A boolean sub-query that is an operand of a call other than AND, OR, NOT, CASE and the IS
 *       predicates (a comparison such as {@code (x IN (q)) >= f}, or a NOT BETWEEN) is wrapped in
 *       {@code CASE WHEN TRUE THEN q ELSE ... END}, and so is one reached through NOT, AND or OR
 *       ({@code (x NOT IN (q)) BETWEEN FALSE AND TRUE}). The rule asks Calcite's LogicVisitor which of
 *       its values matter; the visitor passes a filter's "only TRUE matters" (or, under NOT, "only
 *       FALSE") through every other call unchanged, so the rule turned an UNKNOWN {@code IN} into
 *       TRUE or FALSE under a comparison, and rows whose comparison is NULL passed the filter. A
 *       CASE is where the visitor asks for all three values; folding removes the CASE later.</li>
 * </ul>
 */
public final class SubQueryForms {
    private SubQueryForms() {}

    public static RelNode rewrite(RelNode rel) {
        return ExpressionRewrite.apply(rel, Restate::new);
    }

    private static final class Restate extends ExpressionRewrite {
        Restate(RexBuilder rex, RelShuttle rels) {
            super(rex, rels);
        }

        @Override
        public RexNode visitSubQuery(RexSubQuery s) {
            RexSubQuery q = (RexSubQuery) super.visitSubQuery(s);
            SqlKind comparison = q.op instanceof SqlQuantifyOperator some ? some.comparisonKind
                    : q.getKind() == SqlKind.IN ? SqlKind.EQUALS : null;
            if (comparison == SqlKind.NOT_EQUALS) {
                ImmutableList<RexNode> keys = ImmutableList.copyOf(q.getOperands());
                return rex.makeCall(SqlStdOperatorTable.OR, RexSubQuery.some(q.rel, keys, SqlStdOperatorTable.SOME_LT),
                        RexSubQuery.some(q.rel, keys, SqlStdOperatorTable.SOME_GT));
            }
            if (comparison == SqlKind.EQUALS && RexUtil.allLiterals(q.getOperands())
                    && !RelOptUtil.getVariablesUsed(q.rel).isEmpty()) {
                // RexUtil.isLiteral takes a CAST of a literal for a literal too: cast twice
                List<RexNode> keys = new ArrayList<>();
                for (RexNode k : q.getOperands()) {
                    keys.add(rex.makeAbstractCast(k.getType(), rex.makeAbstractCast(k.getType(), k, false), false));
                }
                return q.clone(q.getType(), keys);
            }
            return q;
        }

        @Override
        public RexNode visitCall(RexCall call) {
            RexNode visited = super.visitCall(call);
            if (!(visited instanceof RexCall c) || PASSES_LOGIC.contains(c.getKind())) return visited;
            List<RexNode> operands = new ArrayList<>(c.getOperands());
            boolean wrapped = false;
            for (int i = 0; i < operands.size(); i++) {
                RexNode o = operands.get(i);
                if (o.getType().getSqlTypeName() == SqlTypeName.BOOLEAN && o.getKind() != SqlKind.CASE && hasBooleanSubQuery(o)) {
                    RexNode otherwise = o.getType().isNullable() ? rex.makeNullLiteral(o.getType()) : rex.makeLiteral(false);
                    operands.set(i, rex.makeCall(o.getType(), SqlStdOperatorTable.CASE, List.of(rex.makeLiteral(true), o, otherwise)));
                    wrapped = true;
                }
            }
            return wrapped ? c.clone(c.getType(), operands) : c;
        }
    }

    /**
     * Whether a boolean sub-query decides {@code e}'s value through calls that pass the logic on
     * (a {@code NOT IN} is {@code NOT (x IN q)}): the visitor would hand it the logic from above.
     */
    private static boolean hasBooleanSubQuery(RexNode e) {
        if (e instanceof RexSubQuery q) return q.getType().getSqlTypeName() == SqlTypeName.BOOLEAN;
        return e instanceof RexCall c && PASSES_FROM_ABOVE.contains(c.getKind())
                && c.getOperands().stream().anyMatch(SubQueryForms::hasBooleanSubQuery);
    }

    /** The calls through which LogicVisitor passes the logic asked of them on to their operands. */
    private static final Set<SqlKind> PASSES_FROM_ABOVE = EnumSet.of(SqlKind.AND, SqlKind.OR, SqlKind.NOT);

    /** The calls through which LogicVisitor rightly passes (AND, OR) or itself sets (the others) the logic of an operand. */
    private static final Set<SqlKind> PASSES_LOGIC = EnumSet.of(SqlKind.AND, SqlKind.OR, SqlKind.NOT, SqlKind.CASE,
            SqlKind.IS_NULL, SqlKind.IS_NOT_NULL, SqlKind.IS_TRUE, SqlKind.IS_NOT_TRUE, SqlKind.IS_FALSE, SqlKind.IS_NOT_FALSE);
}
