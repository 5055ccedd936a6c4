package io.ascan.plan;

import io.ascan.expr.Expr;
import java.util.ArrayList;
import java.util.List;

/**
 * Equi-join on {@code leftKeys[i] = rightKeys[i]} plus an optional residual condition over left
 * columns followed by right columns. {@code buildRight} says which input the hash table is built
 * from (the planner picks the smaller one); the other is probed. Output: left columns, then right
 * columns (left only for SEMI and ANTI); the outer side's missing columns are NULL.
 */
public record HashJoinNode(PhysicalNode left, PhysicalNode right, JoinType type, int[] leftKeys, int[] rightKeys,
                           Expr residual, boolean buildRight) implements PhysicalNode {
    public HashJoinNode {
        leftKeys = leftKeys.clone();
        rightKeys = rightKeys.clone();
        if (leftKeys.length != rightKeys.length) throw new IllegalArgumentException("key lists differ in length");
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
