package io.ascan.planner.rules;

import java.util.function.Function;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rex.RexNode;

/** Rewrites every join's condition, bottom up, copying only the joins whose condition changes. */
final class JoinConditions {
    private JoinConditions() {}

    static RelNode rewrite(RelNode rel, Function<LogicalJoin, RexNode> condition) {
        return rel.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(LogicalJoin join) {
                LogicalJoin j = (LogicalJoin) super.visit(join);
                RexNode c = condition.apply(j);
                return c == j.getCondition() ? j : j.copy(j.getTraitSet(), c, j.getLeft(), j.getRight(), j.getJoinType(), j.isSemiJoinDone());
            }
        });
    }
}
