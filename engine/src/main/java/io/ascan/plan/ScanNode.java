package io.ascan.plan;

import io.ascan.catalog.Table;
import io.ascan.expr.Expr;
import io.ascan.format.SliceMeta;
import java.util.ArrayList;
import java.util.List;

/**
 * The AdaptiveScan leaf: table, projected columns (output order), the scan-local predicate P over
 * the table's column indexes (null = none) and the slices left after zone-map pruning. Every
 * rowset it emits satisfies P, whatever the mode; runtime filters R are attached by the executor.
 */
public record ScanNode(Table table, int[] columns, Expr predicate, List<SliceMeta> slices) implements PhysicalNode {
    public ScanNode {
        columns = columns.clone();
        slices = List.copyOf(slices);
    }

    @Override
    public List<OutputColumn> output() {
        List<OutputColumn> out = new ArrayList<>(columns.length);
        for (int c : columns) out.add(new OutputColumn(table.schema().column(c).name(), table.schema().column(c).type()));
        return out;
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of();
    }
}
