package io.ascan.exec.driver;

import io.ascan.codegen.pipeline.Tuple;
import io.ascan.exec.aggregate.AggregateSink;
import io.ascan.exec.operator.HashJoinProbe;
import io.ascan.exec.operator.JoinBuildSink;
import io.ascan.exec.operator.SortSink;
import io.ascan.plan.JoinType;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.PhysicalNode;
import io.ascan.types.DataType;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import io.ascan.exec.operator.RowsSource;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.HashJoinNode;
import io.ascan.plan.SortNode;

/** How each pipeline breaker splits the plan: a sink ending its input's pipelines, a source (or probe) starting the next. */
final class Breakers {
    private Breakers() {}

    /**
     * The build side ends in a {@link JoinBuildSink}; the probe side continues the parent's
     * pipeline through a {@link HashJoinProbe}. When build rows must come out after probing
     * (RIGHT/FULL with the preserved side built, SEMI/ANTI with the left side built), a final
     * pipeline reads them by their MATCHED bit and feeds the same parent operators.
     */
    static void join(PipelineBuilder b, HashJoinNode j, PipelineBuilder.Chain chain) {
        boolean right = j.buildRight();
        PhysicalNode buildNode = right ? j.right() : j.left();
        PhysicalNode probeNode = right ? j.left() : j.right();
        int[] buildKeys = right ? j.rightKeys() : j.leftKeys();
        int[] probeKeys = right ? j.leftKeys() : j.rightKeys();
        JoinType t = j.type();
        boolean semiAnti = t == JoinType.SEMI || t == JoinType.ANTI;
        boolean preserveBuild = t == JoinType.FULL || (t == JoinType.RIGHT && right) || (t == JoinType.LEFT && !right);
        boolean finalPass = preserveBuild || (semiAnti && !right);
        boolean keepNullKeys = preserveBuild || (t == JoinType.ANTI && !right);
        boolean[] nullSafe = j.nullSafe();

        List<DataType> buildTypes = types(buildNode);
        List<DataType> probeTypes = types(probeNode);
        // The direct-address layout has no slot for a NULL key, which a null-safe key must find.
        boolean direct = !j.anyNullSafe() && JoinBuildSink.directAddressable(
                Arrays.stream(buildKeys).mapToObj(buildTypes::get).toList(), Arrays.stream(probeKeys).mapToObj(probeTypes::get).toList());
        // A build whose rows are read again after probing carries this join's MATCHED bits: never shared.
        Object key = finalPass ? null : new SharedBuild(b.digest(buildNode), Arrays.stream(buildKeys).boxed().toList(),
                Arrays.toString(nullSafe), keepNullKeys, direct);
        PipelineBuilder.Computed shared = key == null ? null : b.computed(key);
        JoinBuildSink sink;
        if (shared != null) {
            sink = (JoinBuildSink) shared.sink();
        } else {
            sink = new JoinBuildSink(buildTypes, buildKeys, nullSafe, keepNullKeys, direct);
            b.add(buildNode, new PipelineBuilder.Chain(sink, sink, List.of()));
            if (key != null) b.computes(key, sink);
        }
        // R may drop probe rows only where a probe row without a match produces nothing. A null-safe
        // key's NULL passes R: its key range and bitmap let every NULL through, and its Bloom filter
        // holds every built row's hash, NULL keys hashed as the scan hashes them (StoreCode.hash).
        boolean preserveProbe = t == JoinType.FULL || (t == JoinType.LEFT && right) || (t == JoinType.RIGHT && !right)
                || (t == JoinType.ANTI && right);
        if (!preserveProbe && probeKeys.length > 0) b.attachRuntimeFilter(probeNode, probeKeys, sink);
        HashJoinProbe probe = new HashJoinProbe(t, right, probeKeys, buildKeys, j.residual(), sink, probeTypes, finalPass,
                chain.counted());
        b.add(probeNode, chain.wrap(probe, "HashJoinProbe(" + t + ", keys " + Arrays.toString(probeKeys) + " = "
                + Arrays.toString(buildKeys) + (j.anyNullSafe() ? ", null-safe " + Arrays.toString(nullSafe) : "")
                + (j.residual() != null ? ", residual" : "")
                + (shared != null ? ", build shared with pipeline " + shared.producer() : "") + ")"));
        if (!finalPass) return;
        Function<String, Tuple> tuple;
        if (semiAnti) {
            tuple = sink::tuple;
        } else if (right) {
            tuple = f -> Tuple.concat(Tuple.nulls(types(probeNode)), sink.tuple(f));
        } else {
            tuple = f -> Tuple.concat(sink.tuple(f), Tuple.nulls(types(probeNode)));
        }
        boolean wantMatched = t == JoinType.SEMI;
        b.pipeline(new RowsSource("JoinBuildRows(" + (wantMatched ? "matched" : "unmatched") + ")", () -> sink.rows(wantMatched),
                tuple, false), chain);
    }

    static List<DataType> types(PhysicalNode n) {
        return n.output().stream().map(OutputColumn::type).toList();
    }

    static void aggregate(PipelineBuilder b, AggregateNode a, PipelineBuilder.Chain chain) {
        if (DistinctAggregates.needed(a)) {
            b.add(DistinctAggregates.rewrite(a), chain);
            return;
        }
        PlanDigest.Digest key = b.digest(a);
        PipelineBuilder.Computed shared = b.computed(key);
        if (shared != null) {
            AggregateSink sink = (AggregateSink) shared.sink();
            b.pipeline(new RowsSource("Groups(" + sink.describe() + ", shared with pipeline " + shared.producer() + ")",
                    sink::groups, sink::output, false), chain);
            return;
        }
        AggregateSink sink = new AggregateSink(a);
        b.add(a.input(), new PipelineBuilder.Chain(sink, sink, java.util.List.of()));
        b.computes(key, sink);
        b.pipeline(new RowsSource("Groups(" + sink.describe() + ")", sink::groups, sink::output, false), chain);
    }

    /** What makes two join builds the same hash table: equal build subtrees, keys and layout choices. */
    private record SharedBuild(PlanDigest.Digest input, List<Integer> keys, String nullSafe, boolean keepNullKeys, boolean direct) {}

    /** The sorted rows come out on one worker, so the parent operators (LIMIT, the result) see them in order. */
    static void sort(PipelineBuilder b, SortNode s, PipelineBuilder.Chain chain) {
        SortSink sink = new SortSink(s);
        b.add(s.input(), new PipelineBuilder.Chain(sink, sink, List.of()));
        b.pipeline(new RowsSource("Sorted(" + sink.describe() + ")", sink::rows, sink::tuple, true), chain);
    }

    /** The rows with their window results come out unordered, spread over the workers (an ORDER BY above sorts them). */
    static void window(PipelineBuilder b, io.ascan.plan.WindowNode w, PipelineBuilder.Chain chain) {
        io.ascan.exec.operator.WindowSink sink = new io.ascan.exec.operator.WindowSink(w);
        b.add(w.input(), new PipelineBuilder.Chain(sink, sink, List.of()));
        b.pipeline(new RowsSource("Windowed(" + sink.describe() + ")", sink::rows, sink::tuple, false), chain);
    }
}
