package io.ascan.planner.physical;

import io.ascan.plan.FilterNode;
import io.ascan.plan.PhysicalNode;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rex.RexNode;

/** A filter the scans could not own (it spans a join, or follows an aggregate). */
public final class AscanFilter extends Filter implements AscanRel {
    public AscanFilter(RelOptCluster cluster, RelTraitSet traits, RelNode input, RexNode condition) {
        super(cluster, traits, input, condition);
    }

    @Override
    public AscanFilter copy(RelTraitSet traitSet, RelNode input, RexNode condition) {
        return new AscanFilter(getCluster(), traitSet, input, condition);
    }

    @Override
    public PhysicalNode implement(PhysicalTranslator t) {
        return new FilterNode(t.translate(getInput()), t.expr(condition));
    }
}
