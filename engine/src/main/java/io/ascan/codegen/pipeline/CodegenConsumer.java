package io.ascan.codegen.pipeline;

/**
 * The consume role of produce/consume code generation: emit the code that processes one tuple
 * of the child, ending in the parent's consume (an operator) or in state updates (a sink). The
 * same object is asked once per dispatch-shim variant and once per pipeline it appears in (the
 * parents above a UNION ALL or an outer join's final pass), so it keeps no generation state.
 */
@FunctionalInterface
public interface CodegenConsumer {
    void consume(Tuple in, PipelineCodegen gen);
}
