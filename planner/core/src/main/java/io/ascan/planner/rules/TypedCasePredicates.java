package io.ascan.planner.rules;

import io.ascan.planner.rex.ConstantFolding;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.rules.ReduceExpressionsRule;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;

/**
 * Pushes a boolean call over a CASE into the CASE's branches ({@code NOT(CASE WHEN c THEN TRUE
 * ELSE x END)} becomes {@code CASE WHEN c THEN NOT(TRUE) ELSE NOT(x) END}), as Calcite's reduce
 * rules do first, but with each pushed call typed by its own operands. Calcite's rules keep the
 * outer call's nullable type on a branch whose value is NOT NULL, which its simplifier then
 * rejects under IS [NOT] NULL (an AssertionError in RexSimplify.validateStrongPolicy:
 * {@code (k NOT IN (SELECT 1 FROM t)) IS NULL}, whose NOT wraps the CASE the sub-query became).
 * Runs before those rules, which then find nothing left to push.
 */
public final class TypedCasePredicates extends RelOptRule {
    public static final TypedCasePredicates INSTANCE = new TypedCasePredicates();

    private TypedCasePredicates() {
        super(operand(RelNode.class, any()), "TypedCasePredicates");
    }

    @Override
    public boolean matches(RelOptRuleCall call) {
        RelNode rel = call.rel(0);
        return rel instanceof Filter || rel instanceof Project || rel instanceof Join;
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        RelNode rel = call.rel(0);
        Push push = new Push(rel.getCluster().getRexBuilder());
        RelNode pushed = rel.accept(push);
        if (push.changed) call.transformTo(pushed);
    }

    private static final class Push extends RexShuttle {
        private final RexBuilder rex;
        boolean changed;

        Push(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode visitCall(RexCall call) {
            // as Calcite's ReduceExpressionsRule.CaseShuttle: push until nothing moves
            for (;;) {
                call = (RexCall) super.visitCall(call);
                RexCall pushed = ReduceExpressionsRule.pushPredicateIntoCase(call);
                if (pushed == call) return call;
                changed = true;
                call = typed(pushed);
            }
        }

        /** {@code c}, a CASE just made, with each value (a pushed call) typed by its operands. */
        private RexCall typed(RexCall c) {
            RexNode[] operands = c.getOperands().toArray(RexNode[]::new);
            for (int i = 0; i < operands.length; i++) {
                if (!RexUtil.isCasePredicate(c, i)) operands[i] = ConstantFolding.strictlyTyped(rex, operands[i]);
            }
            return (RexCall) c.clone(c.getType(), java.util.List.of(operands));
        }
    }
}
