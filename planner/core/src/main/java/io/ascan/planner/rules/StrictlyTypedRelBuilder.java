package io.ascan.planner.rules;

import io.ascan.planner.rex.ConstantFolding;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.plan.RelOptSchema;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.tools.RelBuilderFactory;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A RelBuilder for the rules that push filters into and through joins (FilterIntoJoinRule,
 * JoinConditionPushRule): the conditions of the filters and joins it builds have each strong call
 * (comparisons, arithmetic) typed NOT NULL when none of its operands is nullable any more. Those
 * rules turn an outer join inner when a filter above rejects its NULLs, and move the filter's
 * conjuncts onto the join's inputs, where a column of the formerly outer side is NOT NULL again;
 * they re-type the column references (RexUtil.fixUp, RexInputConverter) but not the calls above
 * them, and Calcite's simplifier rejects a nullable comparison of NOT NULL operands (an
 * AssertionError in RexSimplify.validateStrongPolicy: {@code f NOT IN (SELECT SUM(1) <> 7 FROM t
 * WHERE 1 <= outer.i)}, fuzzer seed 319 q14176).
 */
public final class StrictlyTypedRelBuilder extends RelBuilder {
    public static final RelBuilderFactory FACTORY = StrictlyTypedRelBuilder::new;

    /** The two rules this builder is for, building with it (the logical and the physical planner use both). */
    public static final RelOptRule FILTER_INTO_JOIN = CoreRules.FILTER_INTO_JOIN.config.withRelBuilderFactory(FACTORY).toRule();
    public static final RelOptRule JOIN_CONDITION_PUSH =
            CoreRules.JOIN_CONDITION_PUSH.config.withRelBuilderFactory(FACTORY).toRule();

    private StrictlyTypedRelBuilder(RelOptCluster cluster, @Nullable RelOptSchema schema) {
        super(Contexts.empty(), cluster, schema);
    }

    @Override
    public RelBuilder filter(Iterable<CorrelationId> variablesSet, Iterable<? extends RexNode> predicates) {
        List<RexNode> typed = new ArrayList<>();
        for (RexNode p : predicates) typed.add(strictlyTyped(getRexBuilder(), p));
        return super.filter(variablesSet, typed);
    }

    @Override
    public RelBuilder push(RelNode node) {
        if (node instanceof Join join) {
            RexNode condition = strictlyTyped(getRexBuilder(), join.getCondition());
            if (condition != join.getCondition()) {
                node = join.copy(join.getTraitSet(), condition, join.getLeft(), join.getRight(), join.getJoinType(), join.isSemiJoinDone());
            }
        }
        return super.push(node);
    }

    /** {@code e} with its strong calls typed by their operands, bottom-up (a call retyped NOT NULL may let its parent be too). */
    static RexNode strictlyTyped(RexBuilder rex, RexNode e) {
        return e.accept(new RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                return ConstantFolding.strictlyTyped(rex, super.visitCall(call));
            }
        });
    }
}
