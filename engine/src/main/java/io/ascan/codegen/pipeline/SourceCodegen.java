package io.ascan.codegen.pipeline;

/** The produce role: a pipeline's source emits the class's entry point, a loop driving {@code parent} per tuple. */
@FunctionalInterface
public interface SourceCodegen {
    void produce(CodegenConsumer parent, PipelineCodegen gen);
}
