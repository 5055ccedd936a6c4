package io.ascan.bench.jmh;

import io.ascan.codegen.pipeline.CodegenConsumer;
import io.ascan.scan.adaptive.DispatchShim;
import io.ascan.codegen.pipeline.PipelineCompiler;
import io.ascan.codegen.pipeline.StateSupplier;
import io.ascan.codegen.rt.StringScratch;
import io.ascan.exec.QueryContext;
import io.ascan.scan.Rowset;
import io.ascan.exec.WorkerContext;
import io.ascan.expr.Expr;
import io.ascan.types.DataType;
import java.util.List;

/**
 * One scan pipeline compiled by the engine's pipeline compiler (the dispatch shim over rowsets,
 * the operators and the sink fused above it) and run on the calling thread, the way one worker
 * of a query runs it, minus the scan's threads and queues: what the micro suites time.
 */
final class ScanPipeline implements AutoCloseable {
    private final QueryContext query;
    private final PipelineCompiler.Compiled compiled;
    private final PipelineCompiler.Instance instance;
    private final StringScratch scratch;

    /**
     * @param types     the rowset columns (the table columns the scan reads, in order)
     * @param projected how many of them the operators above see
     * @param predicate P over those columns, evaluated inline by the DIRECT variant, or null
     * @param chain     the first operator above the scan (its parents end in a sink)
     */
    ScanPipeline(QueryContext query, List<DataType> types, int projected, Expr predicate, CodegenConsumer chain) {
        this.query = query;
        int[] identity = new int[types.size()];
        for (int c = 0; c < identity.length; c++) identity[c] = c;
        this.compiled = PipelineCompiler.compile(new DispatchShim(types, projected, predicate, identity), chain);
        this.scratch = new StringScratch(query.allocator());
        try {
            this.instance = compiled.instantiate(query.allocator());
        } catch (RuntimeException e) {
            scratch.close();
            throw e;
        }
    }

    /**
     * Binds fresh worker state (new hash tables, stores, counters from the sink's suppliers) and
     * returns it, in the order the generated class declares it.
     */
    Object[] open() {
        List<StateSupplier> suppliers = compiled.state();
        WorkerContext worker = new WorkerContext(query, 0, scratch);
        Object[] state = new Object[suppliers.size()];
        for (int i = 0; i < state.length; i++) state[i] = suppliers.get(i).get(worker);
        instance.code().open(state, scratch);
        return state;
    }

    /** Runs the pipeline over {@code rowset}'s tuples (the variant of its mode tag). */
    void consume(Rowset rowset) {
        instance.code().consume(rowset.batch(), rowset.rowCount(), rowset.mode().ordinal());
        scratch.reset();
    }

    /** The generated source, for failure messages. */
    String source() {
        return compiled.source();
    }

    @Override
    public void close() {
        try {
            instance.close();
        } finally {
            scratch.close();
        }
    }
}
