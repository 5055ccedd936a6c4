package io.ascan.codegen.pipeline;

/** Test access to the compiler's class cache. */
public final class PipelineCompilerAccess {
    private PipelineCompilerAccess() {}

    public static int cachedClasses() {
        return PipelineCompiler.cachedClasses();
    }
}
