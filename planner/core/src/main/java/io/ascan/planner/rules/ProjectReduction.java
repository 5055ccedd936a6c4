package io.ascan.planner.rules;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.ReduceExpressionsRule;
import org.apache.calcite.rex.RexNode;

/**
 * Calcite's PROJECT_REDUCE_EXPRESSIONS, applied only where the expressions changed. Calcite's
 * asserts that a reduction always changes them, but with our executor, which leaves a constant it
 * cannot compute as the engine would unreduced ({@link io.ascan.planner.rex.EngineRexExecutor}),
 * one can come back as it was: the input's predicates made {@code CAST(-(-2.25E0)):DOUBLE} equal
 * to {@code -(-2.25E0)}, which stayed, and cast back to the projection's type was the original
 * ("reduced expressions should be different", an AssertionError; fuzzer seed 303 q1269). And a
 * reduction that changes a column's type is left out: predicates that contradict each other (an
 * input proven empty) equated a NOT NULL {@code MAX(1)} with a NULL, and the projection's type
 * changed under the planner ("Cannot add expression of different type to set", seed 330 q9987).
 */
public final class ProjectReduction extends ReduceExpressionsRule.ProjectReduceExpressionsRule {
    public static final ProjectReduction INSTANCE = new ProjectReduction(CoreRules.PROJECT_REDUCE_EXPRESSIONS.config);

    private ProjectReduction(ProjectReduceExpressionsRuleConfig config) {
        super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        Project project = call.rel(0);
        RelOptPredicateList predicates = call.getMetadataQuery().getPulledUpPredicates(project.getInput());
        List<RexNode> expressions = new ArrayList<>(project.getProjects());
        boolean reduced = reduceExpressions(project, expressions, predicates, false, config.matchNullability(),
                config.treatDynamicCallsAsConstant());
        for (int i = 0; i < expressions.size(); i++) {
            // a NOT NULL column the input's (contradictory) predicates equate with NULL stays as it was
            if (!expressions.get(i).getType().equals(project.getProjects().get(i).getType())) {
                expressions.set(i, project.getProjects().get(i));
            }
        }
        if (reduced && !expressions.equals(project.getProjects())) {
            call.transformTo(call.builder().push(project.getInput()).project(expressions, project.getRowType().getFieldNames()).build());
            call.getPlanner().prune(project); // as Calcite's: the reduced projection is always better
        }
    }
}
