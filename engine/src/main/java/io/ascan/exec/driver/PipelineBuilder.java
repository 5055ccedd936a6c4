package io.ascan.exec.driver;

import io.ascan.exec.pipeline.Pipeline;
import io.ascan.exec.pipeline.PipelineSink;
import io.ascan.exec.pipeline.PipelineSource;
import io.ascan.codegen.pipeline.CodegenConsumer;
import io.ascan.exec.operator.FilterOperator;
import io.ascan.exec.operator.LimitOperator;
import io.ascan.exec.operator.ProjectOperator;
import io.ascan.scan.adaptive.AdaptiveScan;
import io.ascan.exec.operator.ValuesSource;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.FilterNode;
import io.ascan.plan.HashJoinNode;
import io.ascan.plan.LimitNode;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.ScanNode;
import io.ascan.plan.SortNode;
import io.ascan.plan.UnionAllNode;
import io.ascan.plan.ValuesNode;
import io.ascan.plan.WindowNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Cuts a physical plan into pipelines at its breakers (hash-join builds, aggregations, sorts, windows,
 * the result), walking down from the root with the consumer chain built so far: a streaming
 * operator wraps the chain, a breaker ends it in its sink and starts a new chain at its source,
 * a leaf closes the pipeline. Pipelines come out in dependency order: a breaker's input
 * pipelines (and a join's build) before the pipelines reading it.
 */
public final class PipelineBuilder {
    private final List<Pipeline> pipelines = new ArrayList<>();
    private final Map<ScanNode, AdaptiveScan> scans = new IdentityHashMap<>();
    private final io.ascan.scan.ScanEnvironment environment;
    private final PlanDigest digests = new PlanDigest();
    private final Map<Object, Computed> computed = new HashMap<>();

    public PipelineBuilder(io.ascan.scan.ScanEnvironment environment) {
        this.environment = environment;
    }

    /**
     * The consumer chain under construction: its operator names, innermost last, for EXPLAIN, when
     * its tuples stop mattering (a LIMIT above that has let through all it will), and its operators
     * in the same order (whose state the pipeline's class binds).
     */
    record Chain(CodegenConsumer consumer, PipelineSink sink, List<String> names, BooleanSupplier done,
                 List<CodegenConsumer> operators) {
        Chain(CodegenConsumer consumer, PipelineSink sink, List<String> names) {
            this(consumer, sink, names, () -> false, List.of());
        }

        /** The chain's consumer behind a count of the tuples reaching it (slot: its distance from the sink). */
        CodegenConsumer counted() {
            return new io.ascan.codegen.pipeline.TupleCount(names.size(), consumer);
        }

        Chain wrap(CodegenConsumer c, String name) {
            return wrap(c, name, done);
        }

        Chain wrap(CodegenConsumer c, String name, BooleanSupplier stop) {
            List<String> n = new ArrayList<>();
            n.add(name);
            n.addAll(names);
            List<CodegenConsumer> o = new ArrayList<>();
            o.add(c);
            o.addAll(operators);
            return new Chain(c, sink, n, stop, o);
        }
    }

    /**
     * A breaker's output (an aggregation's groups, a join's hash table) computed once per query:
     * its sink and the pipeline that finishes it. A later subtree with the same digest reads it
     * instead of computing it again; the sink is released with the query's other state.
     */
    record Computed(PipelineSink sink, int producer) {}

    /** The breaker output already computed under {@code key}, or null. */
    Computed computed(Object key) {
        return computed.get(key);
    }

    /** Records that the pipelines added so far compute {@code sink}, the output known by {@code key}. */
    void computes(Object key, PipelineSink sink) {
        computed.putIfAbsent(key, new Computed(sink, pipelines.size() - 1));
    }

    PlanDigest.Digest digest(PhysicalNode node) {
        return digests.of(node);
    }

    public List<Pipeline> build(PhysicalNode root, PipelineSink result) {
        add(root, new Chain(result, result, List.of()));
        return List.copyOf(pipelines);
    }

    public Map<ScanNode, AdaptiveScan> scans() {
        return scans;
    }

    AdaptiveScan scanSource(ScanNode node) {
        return scans.computeIfAbsent(node, n -> new AdaptiveScan(n, environment));
    }

    void add(PhysicalNode node, Chain chain) {
        switch (node) {
            case FilterNode f -> add(f.input(), chain.wrap(new FilterOperator(f.condition(), chain.counted()), "Filter"));
            case ProjectNode p -> add(p.input(), chain.wrap(new ProjectOperator(p.exprs(), chain.counted()), "Project"));
            case LimitNode l -> {
                LimitOperator limit = new LimitOperator(l.offset(), l.fetch(), chain.counted());
                BooleanSupplier above = chain.done();
                add(l.input(), chain.wrap(limit, "Limit(" + l.offset() + ", " + l.fetch() + ")",
                        () -> limit.satisfied() || above.getAsBoolean()));
            }
            case UnionAllNode u -> {
                for (PhysicalNode in : u.inputs()) add(in, chain);
            }
            case ScanNode s -> pipeline(scanSource(s), chain);
            case ValuesNode v -> pipeline(new ValuesSource(v), chain);
            case HashJoinNode j -> Breakers.join(this, j, chain);
            case AggregateNode a -> Breakers.aggregate(this, a, chain);
            case SortNode s -> Breakers.sort(this, s, chain);
            case WindowNode w -> Breakers.window(this, w, chain);
        }
    }

    /**
     * Follows the probe keys down through filters, column-reference projections and the probe
     * sides of joins below to a scan and attaches the build's Bloom filter there as a runtime
     * filter R (used by pushdown only). A join below passes a scan row's key columns through
     * unchanged (or, for a build row it emits unmatched, as NULL, which never matches either), so a
     * scan row the filter rejects could only have produced rows this join drops.
     */
    void attachRuntimeFilter(PhysicalNode probe, int[] keys, io.ascan.exec.operator.JoinBuildSink build) {
        int[] k = keys.clone();
        PhysicalNode n = probe;
        while (true) {
            switch (n) {
                case FilterNode f -> n = f.input();
                case ProjectNode p -> {
                    for (int i = 0; i < k.length; i++) {
                        if (!(p.exprs().get(k[i]) instanceof io.ascan.expr.ColumnRef r)) return;
                        k[i] = r.index();
                    }
                    n = p.input();
                }
                case HashJoinNode j -> {
                    // its output: left columns, then right columns (if projected); keys must come from its probe side
                    int from = j.buildRight() ? 0 : j.left().output().size();
                    PhysicalNode probeSide = j.buildRight() ? j.left() : j.right();
                    if (!j.buildRight() && !j.type().projectsRight()) return;
                    for (int i = 0; i < k.length; i++) {
                        if (k[i] < from || k[i] >= from + probeSide.output().size()) return;
                        k[i] -= from;
                    }
                    n = probeSide;
                }
                case ScanNode s -> {
                    AdaptiveScan source = scanSource(s);
                    String names = java.util.Arrays.stream(k).mapToObj(i -> s.output().get(i).name())
                            .collect(java.util.stream.Collectors.joining(", "));
                    // Of several keys, one integer key's exact bitmap, where its keys suit one, replaces the Bloom filter
                    // of them all: pushdown tests it without hashing, and the join still compares every key.
                    int one = -1;
                    for (int i = 0; i < k.length && k.length > 1 && one < 0; i++) {
                        if (build.trackKeyRange(i, s.output().get(k[i]).type())) one = i;
                    }
                    int single = one;
                    build.onBuilt(t -> {
                        io.ascan.exec.store.KeyBitmap keyBits = single >= 0 ? build.keyBitmap() : null;
                        if (keyBits != null) {
                            source.addRuntimeFilter(new io.ascan.scan.materializer.RuntimeFilter(t.bloomFilter(), new int[] {k[single]},
                                    keyBits.min(), keyBits.max(), keyBits, "bitmap(" + s.output().get(k[single]).name() + " of " + names
                                    + ", " + t.rowCount() + " keys in " + keyBits.min() + ".." + keyBits.max() + ")", t.rowCount()));
                            return;
                        }
                        io.ascan.exec.store.KeyRange r = k.length == 1 ? build.keyRange() : null;
                        io.ascan.exec.store.KeyBitmap bits = k.length == 1 ? build.keyBitmap() : null;
                        String what = names + ", " + t.rowCount() + " keys";
                        source.addRuntimeFilter(r == null
                                ? new io.ascan.scan.materializer.RuntimeFilter(t.bloomFilter(), k, Long.MIN_VALUE, Long.MAX_VALUE, null,
                                        "bloom(" + what + ")", t.rowCount())
                                : new io.ascan.scan.materializer.RuntimeFilter(t.bloomFilter(), k, r.min(), r.max(), bits,
                                        "bloom(" + what + " in " + r.min() + ".." + r.max() + (bits != null ? ", as a bitmap" : "") + ")",
                                        t.rowCount()));
                    });
                    return;
                }
                default -> {
                    return;
                }
            }
        }
    }

    void pipeline(PipelineSource source, Chain chain) {
        pipelines.add(new Pipeline(pipelines.size(), source, chain.counted(), chain.sink(), chain.names(), chain.operators(),
                chain.done()));
    }
}
