package io.ascan.planner.physical;

import io.ascan.plan.PhysicalNode;
import io.ascan.plan.UnionAllNode;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Union;

/** UNION ALL. UNION (distinct) arrives as an Aggregate over this: see {@link PhysicalPlanner}. */
public final class AscanUnion extends Union implements AscanRel {
    public AscanUnion(RelOptCluster cluster, RelTraitSet traits, List<RelNode> inputs) {
        super(cluster, traits, List.of(), inputs, true);
    }

    @Override
    public SetOp copy(RelTraitSet traitSet, List<RelNode> inputs, boolean all) {
        if (!all) throw new IllegalArgumentException("AscanUnion is UNION ALL");
        return new AscanUnion(getCluster(), traitSet, inputs);
    }

    @Override
    public PhysicalNode implement(PhysicalTranslator t) {
        return new UnionAllNode(getInputs().stream().map(t::translate).toList());
    }
}
