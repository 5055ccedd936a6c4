package io.ascan.planner.physical;

import io.ascan.expr.Expr;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;

/** Computes expressions per row; output names are the rel's field names. */
public final class AscanProject extends Project implements AscanRel {
    public AscanProject(RelOptCluster cluster, RelTraitSet traits, RelNode input, List<? extends RexNode> projects,
                        RelDataType rowType) {
        super(cluster, traits, List.of(), input, projects, rowType, Set.of());
    }

    @Override
    public AscanProject copy(RelTraitSet traitSet, RelNode input, List<RexNode> projects, RelDataType rowType) {
        return new AscanProject(getCluster(), traitSet, input, projects, rowType);
    }

    @Override
    public PhysicalNode implement(PhysicalTranslator t) {
        List<Expr> exprs = new ArrayList<>();
        for (RexNode e : getProjects()) exprs.add(t.expr(e));
        return new ProjectNode(t.translate(getInput()), exprs, getRowType().getFieldNames());
    }
}
