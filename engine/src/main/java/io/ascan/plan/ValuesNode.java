package io.ascan.plan;

import io.ascan.expr.Literal;
import java.util.List;

/** Constant rows. */
public record ValuesNode(List<OutputColumn> output, List<List<Literal>> rows) implements PhysicalNode {
    public ValuesNode {
        output = List.copyOf(output);
        rows = rows.stream().map(List::copyOf).toList();
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of();
    }
}
