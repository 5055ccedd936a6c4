package io.ascan.plan;

import io.ascan.expr.Expr;
import java.util.List;

/** Keeps the input rows for which {@code condition} is TRUE (not FALSE, not NULL). */
public record FilterNode(PhysicalNode input, Expr condition) implements PhysicalNode {
    @Override
    public List<OutputColumn> output() {
        return input.output();
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
