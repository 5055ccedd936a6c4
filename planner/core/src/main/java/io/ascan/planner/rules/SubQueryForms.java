package io.ascan.planner.rules;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttle;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlQuantifyOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

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
 * </ul>
 */
public final class SubQueryForms {
    private SubQueryForms() {}

    public static RelNode rewrite(RelNode rel) {
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode r = super.visit(other);
                return r.accept(new Restate(r.getCluster().getRexBuilder(), this));
            }
        });
    }

    private static final class Restate extends RexShuttle {
        private final RexBuilder rex;
        private final RelShuttle rels;

        Restate(RexBuilder rex, RelShuttle rels) {
            this.rex = rex;
            this.rels = rels;
        }

        @Override
        public RexNode visitSubQuery(RexSubQuery s) {
            RelNode inner = s.rel.accept(rels);
            RexSubQuery q = inner == s.rel ? s : s.clone(inner);
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
    }
}
