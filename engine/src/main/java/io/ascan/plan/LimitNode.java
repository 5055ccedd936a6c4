package io.ascan.plan;

import java.util.List;

/** Skips {@code offset} rows and keeps at most {@code fetch} (negative: all) in input order. */
public record LimitNode(PhysicalNode input, long offset, long fetch) implements PhysicalNode {
    @Override
    public List<OutputColumn> output() {
        return input.output();
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
