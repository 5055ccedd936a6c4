package io.ascan.planner.rules;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;

/**
 * In join conditions, a comparison with a NULL literal becomes the UNKNOWN it always is. Calcite's
 * sub-query rules join on {@code key = y} with the key as given, so {@code NULLIF(0, 0) IN (q)}
 * joined on {@code null = y}, and Calcite's predicate inference over such a join fails with an
 * AssertionError ("Comparison with NULL in pulledUpPredicates"). Constant reduction then makes
 * the condition FALSE.
 */
public final class NullJoinComparisons {
    private NullJoinComparisons() {}

    public static RelNode rewrite(RelNode rel) {
        return JoinConditions.rewrite(rel, j -> j.getCondition().accept(new Unknown(j.getCluster().getRexBuilder())));
    }

    private static final class Unknown extends RexShuttle {
        private final RexBuilder rex;

        Unknown(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode visitCall(RexCall call) {
            RexNode visited = super.visitCall(call);
            if (!visited.isA(SqlKind.COMPARISON)) return visited;
            for (RexNode o : ((RexCall) visited).getOperands()) {
                if (o instanceof RexLiteral l && l.isNull()) return rex.makeNullLiteral(visited.getType());
            }
            return visited;
        }
    }
}
