package io.ascan.planner.rules;

import io.ascan.exec.CancelSignal;
import java.util.function.UnaryOperator;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;

/**
 * The walk the planner's logical rewrites share: every node of a plan, inputs first, goes
 * through {@code step}, which returns the node itself where it has nothing to rewrite. Each node
 * is a safe point where a cancelled query stops planning ({@link CancelSignal}).
 */
public final class BottomUp {
    private BottomUp() {}

    public static RelNode rewrite(RelNode rel, UnaryOperator<RelNode> step) {
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                CancelSignal.check();
                return step.apply(super.visit(other));
            }
        });
    }
}
