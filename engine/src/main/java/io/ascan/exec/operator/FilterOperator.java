package io.ascan.exec.operator;

import io.ascan.codegen.pipeline.CodegenConsumer;
import io.ascan.scan.adaptive.DispatchShim;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.codegen.ValueCode;
import io.ascan.expr.Expr;

/** Filter: the parent's code runs inside {@code if (condition IS TRUE)}. */
public record FilterOperator(Expr condition, CodegenConsumer parent) implements CodegenConsumer {
    @Override
    public void consume(Tuple in, PipelineCodegen gen) {
        ValueCode c = gen.expr(condition, in.access());
        gen.code.open("if (" + DispatchShim.notNullAnd(c) + ")");
        parent.consume(in, gen);
        gen.code.close();
    }
}
