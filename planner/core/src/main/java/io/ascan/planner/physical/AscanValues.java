package io.ascan.planner.physical;

import com.google.common.collect.ImmutableList;
import io.ascan.expr.Literal;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ValuesNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexLiteral;

/** Constant rows (also the empty result Calcite proves for a contradictory predicate). */
public final class AscanValues extends Values implements AscanRel {
    public AscanValues(RelOptCluster cluster, RelDataType rowType, ImmutableList<ImmutableList<RexLiteral>> tuples,
                       RelTraitSet traits) {
        super(cluster, rowType, tuples, traits);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new AscanValues(getCluster(), getRowType(), tuples, traitSet);
    }

    @Override
    public PhysicalNode implement(PhysicalTranslator t) {
        List<OutputColumn> columns = t.columns(getRowType());
        List<List<Literal>> rows = new ArrayList<>(tuples.size());
        for (List<RexLiteral> tuple : tuples) {
            List<Literal> row = new ArrayList<>(tuple.size());
            for (int i = 0; i < tuple.size(); i++) {
                row.add(t.literal(getCluster().getRexBuilder(), tuple.get(i), getRowType().getFieldList().get(i).getType()));
            }
            rows.add(row);
        }
        return new ValuesNode(columns, rows);
    }
}
