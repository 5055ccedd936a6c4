package io.ascan.exec.operator;

import io.ascan.codegen.pipeline.CodegenConsumer;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.StateOwner;
import io.ascan.codegen.pipeline.StateSupplier;
import io.ascan.codegen.pipeline.Tuple;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * LIMIT/OFFSET: one counter shared by the pipeline's workers numbers the tuples; those in
 * [offset, offset + fetch) reach the parent. Under an ORDER BY the pipeline runs on one worker,
 * so the numbering is the sort order. Once {@link #satisfied} no tuple can pass any more, so the
 * sources of the pipelines through this operator stop early (between rowsets).
 */
public final class LimitOperator implements CodegenConsumer, StateOwner {
    private final long offset;
    private final long fetch;
    private final CodegenConsumer parent;
    private final AtomicLong seen = new AtomicLong();
    private final StateSupplier counter = w -> seen;

    public LimitOperator(long offset, long fetch, CodegenConsumer parent) {
        this.offset = offset;
        this.fetch = fetch;
        this.parent = parent;
    }

    /** Whether offset + fetch tuples went by: nothing more will reach the parent. */
    public boolean satisfied() {
        return fetch >= 0 && seen.get() >= offset + fetch;
    }

    @Override
    public void consume(Tuple in, PipelineCodegen gen) {
        String c = gen.state("java.util.concurrent.atomic.AtomicLong", counter);
        String n = gen.code.fresh("n");
        gen.code.line("long " + n + " = " + c + ".getAndIncrement();");
        String end = fetch < 0 ? "" : " && " + n + " < " + (offset + fetch) + "L";
        gen.code.open("if (" + n + " >= " + offset + "L" + end + ")");
        // Numbering every tuple: a pass above must not drop tuples before they are counted.
        parent.consume(in.withoutRowset(), gen);
        gen.code.close();
    }

    @Override
    public List<StateSupplier> stateSuppliers() {
        return List.of(counter);
    }
}
