package io.ascan.planner.rules;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;

/**
 * INTERSECT ALL and EXCEPT ALL (bag semantics) as their DISTINCT forms over numbered rows: each
 * branch gets {@code ROW_NUMBER() OVER (PARTITION BY every column)}, so a row that occurs m times
 * in one branch and n times in the other is m rows (v, 1..m) and n rows (v, 1..n); INTERSECT
 * DISTINCT of those keeps min(m, n) of them, EXCEPT DISTINCT max(m - n, 0), and the number is
 * dropped again. Partitions compare NULLs as equal, as set operations do. EXCEPT ALL of more
 * than two branches is folded left ((a - b) - c), which numbering one n-ary EXCEPT would not be.
 */
public final class SetOpAllExpansion {
    private SetOpAllExpansion() {}

    public static RelNode rewrite(RelNode rel, RelBuilder builder) {
        return BottomUp.rewrite(rel, r -> (r instanceof Intersect || r instanceof Minus) && ((SetOp) r).all ? expand((SetOp) r, builder) : r);
    }

    private static RelNode expand(SetOp s, RelBuilder b) {
        List<String> names = s.getRowType().getFieldNames();
        int width = names.size();
        boolean intersect = s instanceof Intersect;
        List<RelNode> inputs = s.getInputs();
        numbered(b, inputs.getFirst());
        for (int i = 1; i < inputs.size(); i++) {
            numbered(b, inputs.get(i));
            if (!intersect) {
                b.minus(false, 2);
                if (i + 1 < inputs.size()) { // the difference so far, renumbered for the next branch
                    b.project(b.fields().subList(0, width));
                    RelNode difference = b.build();
                    numbered(b, difference);
                }
            }
        }
        if (intersect) b.intersect(false, inputs.size());
        b.project(b.fields().subList(0, width), names, true);
        return b.build();
    }

    /** Pushes {@code input} with one more column: the row's occurrence number among its equal rows. */
    private static void numbered(RelBuilder b, RelNode input) {
        b.push(input);
        List<RexNode> fields = new ArrayList<>(b.fields());
        RexNode n = b.aggregateCall(SqlStdOperatorTable.ROW_NUMBER).over().partitionBy(b.fields()).toRex();
        fields.add(n);
        b.project(fields);
    }
}
