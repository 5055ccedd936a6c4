package io.ascan.bench.jmh;

import io.ascan.codegen.pipeline.CodegenConsumer;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.StateSupplier;
import io.ascan.codegen.pipeline.Tuple;

/**
 * A sink that counts the tuples reaching it, in a counter bound per worker: the cheapest end of
 * a pipeline that still keeps the JIT from dropping the work below it, and the count checks it.
 */
final class CountSink implements CodegenConsumer {
    private final long[] counter = new long[1];
    private final StateSupplier supplier = w -> counter;

    @Override
    public void consume(Tuple in, PipelineCodegen gen) {
        String c = gen.state("long[]", supplier);
        gen.code.line(c + "[0]++;");
    }

    void reset() {
        counter[0] = 0;
    }

    long count() {
        return counter[0];
    }
}
