package io.ascan.planner.rules;

import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.rules.SemiJoinRule;

/**
 * Calcite's rules that turn a join with an aggregate into a semi-join, restricted to aggregates
 * with group keys. A grand total ({@code GROUP BY ()}) has one row even over no input, and the
 * rules' key check passes vacuously for a join without keys, so they replaced the cross join with
 * {@code COUNT(*)} that an IN sub-query becomes by a semi-join with the sub-query's rows: over an
 * empty sub-query, {@code CASE WHEN x IN (SELECT ...) THEN 'a' ELSE s END} returned no rows at all.
 */
public final class SemiJoinRules {
    private SemiJoinRules() {}

    public static final RelOptRule PROJECT_TO_SEMI_JOIN = SemiJoinRule.ProjectToSemiJoinRule.ProjectToSemiJoinRuleConfig.DEFAULT
            .withOperandSupplier(b -> b.operand(Project.class).oneInput(b2 -> b2.operand(Join.class)
                    .predicate(SemiJoinRules::supported)
                    .inputs(b3 -> b3.operand(RelNode.class).anyInputs(),
                            b4 -> b4.operand(Aggregate.class).predicate(SemiJoinRules::grouped).anyInputs())))
            .as(SemiJoinRule.ProjectToSemiJoinRule.ProjectToSemiJoinRuleConfig.class)
            .toRule();

    public static final RelOptRule JOIN_TO_SEMI_JOIN = SemiJoinRule.JoinToSemiJoinRule.JoinToSemiJoinRuleConfig.DEFAULT
            .withOperandSupplier(b -> b.operand(Join.class).predicate(SemiJoinRules::supported)
                    .inputs(b2 -> b2.operand(RelNode.class).anyInputs(),
                            b3 -> b3.operand(Aggregate.class).predicate(SemiJoinRules::grouped).anyInputs()))
            .as(SemiJoinRule.JoinToSemiJoinRule.JoinToSemiJoinRuleConfig.class)
            .toRule();

    private static boolean supported(Join join) {
        return join.getJoinType() == JoinRelType.INNER || join.getJoinType() == JoinRelType.LEFT;
    }

    private static boolean grouped(Aggregate aggregate) {
        return !aggregate.getGroupSet().isEmpty();
    }
}
