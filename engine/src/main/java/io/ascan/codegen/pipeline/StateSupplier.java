package io.ascan.codegen.pipeline;

import io.ascan.exec.WorkerContext;

/** Creates or looks up a runtime object a generated pipeline binds when a worker opens it. */
@FunctionalInterface
public interface StateSupplier {
    Object get(WorkerContext worker);
}
