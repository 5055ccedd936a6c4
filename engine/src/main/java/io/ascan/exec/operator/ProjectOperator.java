package io.ascan.exec.operator;

import io.ascan.codegen.pipeline.CodegenConsumer;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import java.util.List;

/**
 * Project: output column i is expression i over the input, computed where the parent reads it
 * (a column nobody reads costs nothing; the sinks and the join read each column once).
 */
public record ProjectOperator(List<Expr> exprs, CodegenConsumer parent) implements CodegenConsumer {
    @Override
    public void consume(Tuple in, PipelineCodegen gen) {
        int[] origins = new int[exprs.size()];
        for (int c = 0; c < origins.length; c++) origins[c] = exprs.get(c) instanceof ColumnRef r ? in.origin(r.index()) : -1;
        Tuple out = in.derive(exprs.stream().map(Expr::type).toList(), (c, code) -> gen.expr(exprs.get(c), in.access()), origins);
        parent.consume(out, gen);
    }
}
