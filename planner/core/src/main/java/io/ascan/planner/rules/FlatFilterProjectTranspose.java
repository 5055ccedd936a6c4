package io.ascan.planner.rules;

import java.util.Collections;
import java.util.List;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollationTraitDef;
import org.apache.calcite.rel.RelDistributionTraitDef;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.FilterProjectTransposeRule;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.rex.RexUtil;

/**
 * Calcite's FILTER_PROJECT_TRANSPOSE with the pushed condition flattened: substituting a
 * projection's OR for a column of an OR nests one OR in the other, which Calcite's Filter rejects
 * ("RexUtil.isFlat", an assertion; the fuzzer's seed 306 q4762). Only flattened, not simplified:
 * simplifying each pushed filter (a RelBuilder-built filter) grew a fuzzer query's condition
 * without bound. Otherwise the same steps as Calcite's rule (copying the filter and the project).
 */
public final class FlatFilterProjectTranspose extends FilterProjectTransposeRule {
    public static final FlatFilterProjectTranspose INSTANCE = new FlatFilterProjectTranspose(CoreRules.FILTER_PROJECT_TRANSPOSE.config);

    private FlatFilterProjectTranspose(Config config) {
        super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        Filter filter = call.rel(0);
        Project project = call.rel(1);
        if (project.containsOver()) return; // a filter does not commute with a window's rows
        RexNode pushed = RelOptUtil.pushPastProjectUnlessBloat(filter.getCondition(), project, config.bloat());
        if (pushed == null) return;
        RexBuilder rex = project.getCluster().getRexBuilder();
        List<RexNode> conjuncts = RelOptUtil.conjunctions(pushed).stream().map(c -> RexSimplify.simplifyComparisonWithNull(c, rex)).toList();
        RexNode condition = RexUtil.flatten(rex, RexUtil.removeNullabilityCast(rex.getTypeFactory(), RexUtil.composeConjunction(rex, conjuncts)));
        RelNode input = project.getInput();
        RelTraitSet traits = filter.getTraitSet()
                .replaceIfs(RelCollationTraitDef.INSTANCE, () -> input.getTraitSet().getTraits(RelCollationTraitDef.INSTANCE))
                .replaceIfs(RelDistributionTraitDef.INSTANCE,
                        () -> Collections.singletonList(input.getTraitSet().getTrait(RelDistributionTraitDef.INSTANCE)));
        RelNode newFilter = filter.copy(traits, input, condition);
        call.transformTo(project.copy(project.getTraitSet(), newFilter, project.getProjects(), project.getRowType()));
    }
}
