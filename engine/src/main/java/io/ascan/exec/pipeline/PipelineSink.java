package io.ascan.exec.pipeline;

import io.ascan.exec.QueryContext;
import io.ascan.codegen.pipeline.CodegenConsumer;

/**
 * The sink role: the end of a pipeline, where tuples become state (a hash table, a store, the
 * result). Per-worker (local) state is created through the generated code's state suppliers;
 * {@link #finish} turns it into the global state the next pipelines read, once every pipeline
 * feeding this sink is done.
 */
public interface PipelineSink extends CodegenConsumer {
    void finish(Pipeline last, QueryContext query) throws Exception;

    String describe();
}
