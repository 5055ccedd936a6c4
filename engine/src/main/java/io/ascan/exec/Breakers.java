package io.ascan.exec;

import io.ascan.plan.AggregateNode;
import io.ascan.plan.HashJoinNode;
import io.ascan.plan.SortNode;

/** How each pipeline breaker splits the plan: a sink ending its input's pipelines, a source (or probe) starting the next. */
final class Breakers {
    private Breakers() {}

    static void join(PipelineBuilder b, HashJoinNode j, PipelineBuilder.Chain chain) {
        throw new UnsupportedOperationException("hash join not implemented yet");
    }

    static void aggregate(PipelineBuilder b, AggregateNode a, PipelineBuilder.Chain chain) {
        throw new UnsupportedOperationException("aggregation not implemented yet");
    }

    static void sort(PipelineBuilder b, SortNode s, PipelineBuilder.Chain chain) {
        throw new UnsupportedOperationException("sort not implemented yet");
    }
}
