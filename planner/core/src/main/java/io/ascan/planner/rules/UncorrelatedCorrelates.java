package io.ascan.planner.rules;

import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.logical.LogicalCorrelate;
import org.apache.calcite.rel.logical.LogicalJoin;

/**
 * A Correlate whose right input does not use its variable becomes a plain join on TRUE. Calcite's
 * sub-query rules leave such Correlates when they simplify the correlated part away (a NULL key's
 * {@code NULL IN (q)} joins an empty Values), and RelDecorrelator gives up on a Correlate it finds
 * no correlation under, leaving the whole query correlated.
 */
public final class UncorrelatedCorrelates {
    private UncorrelatedCorrelates() {}

    public static RelNode rewrite(RelNode rel) {
        return rel.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(LogicalCorrelate correlate) {
                LogicalCorrelate c = (LogicalCorrelate) super.visit(correlate);
                if (RelOptUtil.getVariablesUsed(c.getRight()).contains(c.getCorrelationId())) return c;
                return LogicalJoin.create(c.getLeft(), c.getRight(), List.of(),
                        c.getCluster().getRexBuilder().makeLiteral(true), Set.of(), c.getJoinType());
            }
        });
    }
}
