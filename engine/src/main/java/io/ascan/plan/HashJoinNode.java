package io.ascan.plan;

import io.ascan.expr.Expr;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Equi-join on {@code leftKeys[i] = rightKeys[i]} (or {@code IS NOT DISTINCT FROM} where
 * {@code nullSafe[i]}: NULL then matches NULL on that key, as decorrelated sub-queries over
 * nullable columns join) plus an optional residual condition over left
 * columns followed by right columns. {@code buildRight} says which input the hash table is built
 * from (the planner picks the smaller one); the other is probed. Output: left columns, then right
 * columns (left only for SEMI and ANTI); the outer side's missing columns are NULL.
 */
public record HashJoinNode(PhysicalNode left, PhysicalNode right, JoinType type, int[] leftKeys, int[] rightKeys,
                           Expr residual, boolean buildRight, boolean[] nullSafe) implements PhysicalNode {
    public HashJoinNode {
        leftKeys = leftKeys.clone();
        rightKeys = rightKeys.clone();
        nullSafe = nullSafe.clone();
        if (leftKeys.length != rightKeys.length || nullSafe.length != leftKeys.length) {
            throw new IllegalArgumentException("key lists differ in length");
        }
        for (int i = 0; i < leftKeys.length; i++) {
            DataType l = left.output().get(leftKeys[i]).type(), r = right.output().get(rightKeys[i]).type();
            if (!hashable(l, r)) {
                throw new IllegalStateException("join key " + (i + 1) + " equates a " + l + " column with a " + r
                        + " column: the plan is inconsistent (an internal planner error)");
            }
        }
    }

    /** A join whose keys are all strict ({@code =}): a NULL key never matches. */
    public HashJoinNode(PhysicalNode left, PhysicalNode right, JoinType type, int[] leftKeys, int[] rightKeys, Expr residual,
                        boolean buildRight) {
        this(left, right, type, leftKeys, rightKeys, residual, buildRight, new boolean[leftKeys.length]);
    }

    @Override
    public boolean[] nullSafe() {
        return nullSafe.clone();
    }

    /** Whether any key matches NULL with NULL. */
    public boolean anyNullSafe() {
        for (boolean b : nullSafe) if (b) return true;
        return false;
    }

    /**
     * Whether the hash join can equate keys of these types: it compares and hashes them as they
     * are, so they must share their representation (INTEGER and BIGINT both hash as a long). A
     * pair beyond that is a planner bug, better refused here than compiled into a wrong or
     * uncompilable pipeline.
     */
    static boolean hashable(DataType l, DataType r) {
        if (l.equals(r)) return true;
        TypeKind a = l.kind(), b = r.kind();
        if (a == TypeKind.DECIMAL && b == TypeKind.DECIMAL) return l.scale() == r.scale();
        boolean integers = (a == TypeKind.INTEGER || a == TypeKind.BIGINT) && (b == TypeKind.INTEGER || b == TypeKind.BIGINT);
        return integers || a == b && a != TypeKind.DECIMAL;
    }

    @Override
    public List<OutputColumn> output() {
        List<OutputColumn> out = new ArrayList<>(left.output());
        if (type.projectsRight()) out.addAll(right.output());
        return out;
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(left, right);
    }
}
