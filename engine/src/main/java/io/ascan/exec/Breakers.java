package io.ascan.exec;

import io.ascan.exec.operator.AggregateSink;
import io.ascan.exec.operator.RowsSource;
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
        if (DistinctAggregates.needed(a)) {
            b.add(DistinctAggregates.rewrite(a), chain);
            return;
        }
        AggregateSink sink = new AggregateSink(a);
        b.add(a.input(), new PipelineBuilder.Chain(sink, sink, java.util.List.of()));
        b.pipeline(new RowsSource("Groups(" + sink.describe() + ")", sink::groups, sink::output, false), chain);
    }

    static void sort(PipelineBuilder b, SortNode s, PipelineBuilder.Chain chain) {
        throw new UnsupportedOperationException("sort not implemented yet");
    }
}
