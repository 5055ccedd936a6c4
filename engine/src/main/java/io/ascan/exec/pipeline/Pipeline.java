package io.ascan.exec.pipeline;

import io.ascan.exec.QueryContext;
import io.ascan.exec.WorkerContext;
import io.ascan.exec.Workers;
import io.ascan.codegen.pipeline.CodegenConsumer;
import io.ascan.codegen.pipeline.PipelineCompiler;
import io.ascan.codegen.pipeline.StateSupplier;
import io.ascan.codegen.rt.StringScratch;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One pipeline: a source, the operators fused above it (their consume chain starting at
 * {@code parent}) and the sink ending it, compiled into one class. Workers open their own
 * instance; instances live until the pipeline is closed, after its sink finished (the
 * aggregation merge runs on worker 0's instance).
 */
public final class Pipeline implements AutoCloseable {
    private final int id;
    private final PipelineSource source;
    private final CodegenConsumer parent;
    private final PipelineSink sink;
    private final List<String> operators;
    private final List<CodegenConsumer> parts;
    private final BooleanSupplier done;
    private final List<PipelineCompiler.Instance> instances = new ArrayList<>();
    private final List<StringScratch> scratches = new ArrayList<>();
    private PipelineCompiler.Compiled compiled;

    public Pipeline(int id, PipelineSource source, CodegenConsumer parent, PipelineSink sink, List<String> operators,
             List<CodegenConsumer> parts, BooleanSupplier done) {
        this.id = id;
        this.done = done;
        this.source = source;
        this.parent = parent;
        this.sink = sink;
        this.operators = List.copyOf(operators);
        this.parts = List.copyOf(parts);
    }

    public int id() {
        return id;
    }

    public PipelineSource source() {
        return source;
    }

    public PipelineSink sink() {
        return sink;
    }

    /**
     * True once no further tuple can change the result (a LIMIT above let through all it will):
     * sources check it between rowsets or chunks and stop reading.
     */
    public boolean done() {
        return done.getAsBoolean();
    }

    public void compile() {
        compiled = PipelineCompiler.compile(source.codegen(), parent);
    }

    /** Uses {@code code}, generated for this pipeline's position in an earlier execution of the plan, bound to this one's state. */
    public void use(PipelineCompiler.Compiled code) {
        compiled = code;
    }

    /** The source, the operators above it (innermost last) and the sink: the objects whose state the class binds. */
    public List<Object> parts() {
        List<Object> all = new ArrayList<>(parts.size() + 2);
        all.add(source);
        all.addAll(parts);
        all.add(sink);
        return all;
    }

    public PipelineCompiler.Compiled compiled() {
        return compiled;
    }

    /** A worker's instance of the generated class and its string scratch (reset it per rowset). */
    public record Worker(io.ascan.codegen.rt.PipelineCode code, StringScratch scratch) {}

    /** A worker's instance of the generated class, with its state bound. */
    public synchronized Worker open(QueryContext query, int worker) {
        StringScratch scratch = new StringScratch(query.allocator());
        scratches.add(scratch);
        WorkerContext w = new WorkerContext(query, worker, scratch);
        PipelineCompiler.Instance instance = compiled.instantiate(query.allocator());
        instances.add(instance);
        List<StateSupplier> suppliers = compiled.state();
        Object[] state = new Object[suppliers.size()];
        for (int i = 0; i < state.length; i++) state[i] = suppliers.get(i).get(w);
        instance.code().open(state, scratch);
        return new Worker(instance.code(), scratch);
    }

    public synchronized List<PipelineCompiler.Instance> instances() {
        return List.copyOf(instances);
    }

    public String describe() {
        StringBuilder sb = new StringBuilder("pipeline ").append(id).append(": ").append(source.describe());
        for (String op : operators) sb.append(" -> ").append(op);
        return sb.append(" -> ").append(sink.describe()).toString();
    }

    /**
     * The tuples each stage passed on, summed over the workers' instances, by slot: slot 0 those
     * that reached the sink, slot {@code operators} those the source emitted. Read before close.
     */
    public synchronized long[] emitted() {
        long[] sum = new long[operators.size() + 1];
        for (PipelineCompiler.Instance i : instances) {
            long[] e = i.code().emitted();
            for (int s = 0; s < Math.min(sum.length, e.length); s++) sum[s] += e[s];
        }
        return sum;
    }

    /** {@link #describe()} with the rows each stage passed on ({@link #emitted()}) and the pipeline's time. */
    public String describe(long[] emitted, long nanos) {
        int n = operators.size();
        StringBuilder sb = new StringBuilder(String.format(java.util.Locale.ROOT, "pipeline %d (%.1f ms): ", id, nanos / 1e6));
        sb.append(source.describe()).append(" [").append(emitted[n]).append(" rows]");
        for (int i = 0; i < n; i++) sb.append(" -> ").append(operators.get(i)).append(" [").append(emitted[n - 1 - i]).append(" rows]");
        return sb.append(" -> ").append(sink.describe()).toString();
    }

    @Override
    public synchronized void close() {
        for (PipelineCompiler.Instance i : instances) i.close();
        for (StringScratch s : scratches) s.close();
        instances.clear();
        scratches.clear();
    }
}
