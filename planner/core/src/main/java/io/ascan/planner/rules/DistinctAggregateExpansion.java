package io.ascan.planner.rules;

import java.util.List;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.rules.AggregateExpandDistinctAggregatesRule;
import org.apache.calcite.sql.SqlKind;

/**
 * DISTINCT aggregates the engine cannot evaluate in one aggregation become Calcite's join of
 * aggregates (one per distinct argument, plus one for the plain calls, joined on the group
 * keys). The engine itself splits an aggregate whose DISTINCT calls share one argument and whose
 * plain calls can be pre-aggregated (not AVG); only the others are expanded here, since the join
 * costs an extra pass per argument.
 */
public final class DistinctAggregateExpansion {
    private DistinctAggregateExpansion() {}

    public static final AggregateExpandDistinctAggregatesRule RULE = AggregateExpandDistinctAggregatesRule.Config.JOIN
            .withOperandSupplier(b -> b.operand(LogicalAggregate.class)
                    .predicate(DistinctAggregateExpansion::beyondEngine).anyInputs())
            .as(AggregateExpandDistinctAggregatesRule.Config.class)
            .toRule();

    /** Whether {@code a} has DISTINCT calls the engine's own two-level split refuses. */
    static boolean beyondEngine(Aggregate a) {
        if (!a.containsDistinctCall()) return false;
        List<Integer> distinctArgs = null;
        for (AggregateCall c : a.getAggCallList()) {
            if (c.filterArg >= 0) return true;
            if (!c.isDistinct()) {
                if (SqlKind.AVG_AGG_FUNCTIONS.contains(c.getAggregation().getKind())) return true; // AVG, variances: not pre-aggregated
                if (c.getAggregation() == ApproxCountDistinct.FUNCTION) return true; // a sketch is not either
                continue;
            }
            if (c.getArgList().size() != 1) return true;
            if (distinctArgs != null && !distinctArgs.equals(c.getArgList())) return true;
            distinctArgs = c.getArgList();
        }
        return false;
    }
}
