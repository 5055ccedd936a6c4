package io.ascan.codegen.pipeline;

/**
 * Counts the tuples that reach {@code parent}: the rows the stage below it passed on, for EXPLAIN
 * ANALYZE. The count is a local of the source's loop, written to the worker's
 * {@code PipelineCode.emitted} slot {@code slot} once per rowset or chunk, not per tuple
 * ({@link PipelineCodegen#countTuple}).
 */
public record TupleCount(int slot, CodegenConsumer parent) implements CodegenConsumer {
    @Override
    public void consume(Tuple in, PipelineCodegen gen) {
        gen.countTuple(slot);
        parent.consume(in, gen);
    }
}
