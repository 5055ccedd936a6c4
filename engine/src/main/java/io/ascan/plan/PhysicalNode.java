package io.ascan.plan;

import java.util.List;

/**
 * The engine's physical plan, produced by the planner from Calcite's optimised rels. Columns are
 * referenced by position in the input's output (for a join's residual: left columns, then right).
 * The executor cuts the tree into pipelines at breakers (hash-join build, aggregation, sort, window).
 */
public sealed interface PhysicalNode
        permits ScanNode, FilterNode, ProjectNode, HashJoinNode, AggregateNode, SortNode, LimitNode, UnionAllNode,
        ValuesNode, WindowNode {
    List<OutputColumn> output();

    List<PhysicalNode> inputs();
}
