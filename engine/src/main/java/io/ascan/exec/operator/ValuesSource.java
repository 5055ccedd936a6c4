package io.ascan.exec.operator;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ExprCodegen;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.SourceCodegen;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.exec.pipeline.Pipeline;
import io.ascan.exec.pipeline.PipelineSource;
import io.ascan.exec.QueryContext;
import io.ascan.exec.Workers;
import io.ascan.expr.Literal;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.ValuesNode;
import java.util.List;

/** VALUES: the constant rows are unrolled into {@code produce()}, one block per row, run by one worker. */
public record ValuesSource(ValuesNode node) implements PipelineSource {
    @Override
    public SourceCodegen codegen() {
        return (parent, gen) -> {
            CodeBuilder code = gen.code;
            int mark = code.mark(), indent = code.indent();
            code.setIndent(2);
            code.line("int row = 0;");
            List<io.ascan.types.DataType> types = node.output().stream().map(OutputColumn::type).toList();
            PipelineCodegen.SourceLoop loop = gen.openLoop(); // the unrolled rows are its body
            for (List<Literal> values : node.rows()) {
                code.open("");
                parent.consume(new Tuple(types, (c, cb) -> ExprCodegen.compile(values.get(c), null, cb)), gen);
                code.close();
            }
            if (node.rows().isEmpty()) {
                // No row, but the class must still have what its sink calls at the end (a sort's
                // compareRows, an aggregate's mergeRow): the consumers, in a branch never taken.
                code.open("if (row < 0)");
                parent.consume(Tuple.nulls(types), gen);
                code.close();
            }
            gen.closeLoop();
            String body = code.cut(mark);
            code.setIndent(indent);
            code.member("    public void produce() {\n        " + PipelineCodegen.LOOP_STEPS_DECLARATION + "\n" + loop.before() + body
                    + loop.after() + "    }\n");
        };
    }

    @Override
    public void run(Pipeline pipeline, QueryContext query) throws Exception {
        Workers.run(query, "values-p" + pipeline.id(), 1, w -> pipeline.describe(), w -> pipeline.open(query, w).code().produce());
    }

    @Override
    public String describe() {
        return "Values(" + node.rows().size() + " rows)";
    }

}
