package io.ascan.exec.pipeline;

import io.ascan.exec.QueryContext;
import io.ascan.codegen.pipeline.SourceCodegen;

/** The source role of an operator: what a pipeline's loop runs over, and how its work is spread over workers. */
public interface PipelineSource {
    SourceCodegen codegen();

    /** Drives the pipeline to completion; returns when every worker is done. */
    void run(Pipeline pipeline, QueryContext query) throws Exception;

    /** One line for EXPLAIN and statistics. */
    String describe();
}
