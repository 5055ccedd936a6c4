package io.ascan.exec.operator;

import io.ascan.codegen.pipeline.CodegenConsumer;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.expr.Expr;
import java.util.List;

/**
 * Project: output column i is expression i over the input, computed where the parent reads it
 * (a column nobody reads costs nothing; the sinks and the join read each column once).
 */
public record ProjectOperator(List<Expr> exprs, CodegenConsumer parent) implements CodegenConsumer {
    @Override
    public void consume(Tuple in, PipelineCodegen gen) {
        Tuple out = new Tuple(exprs.stream().map(Expr::type).toList(), (c, code) -> gen.expr(exprs.get(c), in.access()));
        parent.consume(out, gen);
    }
}
