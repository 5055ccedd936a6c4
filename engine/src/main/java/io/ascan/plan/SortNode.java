package io.ascan.plan;

import java.util.List;

/** Sorts by {@code keys}; with {@code fetch >= 0} only rows [offset, offset + fetch) are kept (top-k). */
public record SortNode(PhysicalNode input, List<Key> keys, long offset, long fetch) implements PhysicalNode {
    public record Key(int column, boolean descending, boolean nullsFirst) {}

    public SortNode {
        keys = List.copyOf(keys);
    }

    @Override
    public List<OutputColumn> output() {
        return input.output();
    }

    @Override
    public List<PhysicalNode> inputs() {
        return List.of(input);
    }
}
