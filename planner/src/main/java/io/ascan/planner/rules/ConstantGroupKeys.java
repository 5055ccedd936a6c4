package io.ascan.planner.rules;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.tools.RelBuilder;

/**
 * Aggregates grouped by constants only ({@code GROUP BY 'ab'}, and the {@code Aggregate({true})}
 * Calcite builds for an EXISTS sub-query) become a global aggregate that also counts its rows,
 * kept only when it counted any, with the constants projected back: one group when the input
 * has rows, none when it is empty.
 *
 * <p>Runs just before {@code RelDecorrelator}, which drops constant group keys of every aggregate
 * it rewrites, so that {@code GROUP BY 'ab'} over an empty input made one row, and an
 * uncorrelated {@code EXISTS (SELECT 1 FROM empty)} next to a correlated sub-query became TRUE.
 * An aggregate whose input refers to an outer query's row is left alone: the decorrelator groups
 * it by that row's values instead, which keeps an empty input empty.
 */
public final class ConstantGroupKeys {
    private ConstantGroupKeys() {}

    public static RelNode rewrite(RelNode rel) {
        return rel.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(LogicalAggregate aggregate) {
                Aggregate a = (Aggregate) super.visit(aggregate);
                return onlyConstantKeys(a) && freeVariables(a).isEmpty() ? countedGlobal(a) : a;
            }
        });
    }

    private static boolean onlyConstantKeys(Aggregate a) {
        if (a.getGroupType() != Aggregate.Group.SIMPLE || a.getGroupSet().isEmpty()) return false;
        if (!(a.getInput() instanceof Project p)) return false;
        for (int key : a.getGroupSet()) if (!(p.getProjects().get(key) instanceof RexLiteral)) return false;
        return true;
    }

    /** {@code Project(keys, calls) <- Filter(n > 0) <- Aggregate({}, calls, n = COUNT(*))}, of {@code a}'s row type. */
    private static RelNode countedGlobal(Aggregate a) {
        Project input = (Project) a.getInput();
        RelBuilder b = RelFactories.LOGICAL_BUILDER.create(a.getCluster(), null);
        b.push(input);
        List<AggregateCall> calls = new ArrayList<>(a.getAggCallList());
        List<RelBuilder.AggCall> builderCalls = new ArrayList<>();
        for (AggregateCall c : calls) builderCalls.add(b.aggregateCall(c));
        builderCalls.add(b.countStar("n"));
        b.aggregate(b.groupKey(), builderCalls);
        int n = calls.size();
        b.filter(b.greaterThan(b.field(n), b.literal(0)));
        List<RexNode> out = new ArrayList<>();
        for (int key : a.getGroupSet()) out.add(input.getProjects().get(key));
        for (int i = 0; i < n; i++) out.add(b.field(i));
        b.project(out);
        return b.convert(a.getRowType(), true).build();
    }

    /** Correlation variables used in {@code rel}'s tree but defined outside it. */
    private static Set<CorrelationId> freeVariables(RelNode rel) {
        Set<CorrelationId> used = new HashSet<>(RelOptUtil.getVariablesUsed(rel));
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                used.removeAll(node.getVariablesSet());
                if (node instanceof Correlate c) used.remove(c.getCorrelationId());
                super.visit(node, ordinal, parent);
            }
        }.go(rel);
        return used;
    }
}
