package io.ascan.plan;

import java.util.List;

/** Concatenates inputs of the same row type. */
public record UnionAllNode(List<PhysicalNode> inputs) implements PhysicalNode {
    public UnionAllNode {
        inputs = List.copyOf(inputs);
        if (inputs.isEmpty()) throw new IllegalArgumentException("UNION ALL needs inputs");
    }

    @Override
    public List<OutputColumn> output() {
        return inputs.getFirst().output();
    }
}
