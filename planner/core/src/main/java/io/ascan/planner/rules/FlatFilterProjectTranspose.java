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
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
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
        RexNode condition = flatten(rex, RexUtil.removeNullabilityCast(rex.getTypeFactory(), RexUtil.composeConjunction(rex, conjuncts)));
        RelNode input = project.getInput();
        RelTraitSet traits = filter.getTraitSet()
                .replaceIfs(RelCollationTraitDef.INSTANCE, () -> input.getTraitSet().getTraits(RelCollationTraitDef.INSTANCE))
                .replaceIfs(RelDistributionTraitDef.INSTANCE,
                        () -> Collections.singletonList(input.getTraitSet().getTrait(RelDistributionTraitDef.INSTANCE)));
        RelNode newFilter = filter.copy(traits, input, condition);
        call.transformTo(project.copy(project.getTraitSet(), newFilter, project.getProjects(), project.getRowType()));
    }
    /**
     * {@code e} with every AND and OR flattened, at any depth: RexUtil.flatten flattens only the
     * top call's own operator, and an OR nested in an OR under a COALESCE failed Calcite's check too
     * (fuzzer seed 309 q10318).
     */
    static RexNode flatten(RexBuilder rex, RexNode e) {
        return e.accept(new RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                return RexUtil.flatten(rex, super.visitCall(call));
            }
        });
    }
}
