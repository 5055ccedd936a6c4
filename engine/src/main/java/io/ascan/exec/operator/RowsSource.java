package io.ascan.exec.operator;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.SourceCodegen;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.exec.pipeline.Pipeline;
import io.ascan.exec.pipeline.PipelineSource;
import io.ascan.exec.QueryContext;
import io.ascan.exec.Workers;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A source over rows a breaker materialised (aggregation groups, sorted rows, a join's build
 * side): the loop sets field {@code src} to each row address and the tuple reads from it.
 * Unordered rows are spread over the workers in chunks; ordered rows (a sort's output) run on
 * one worker so the result keeps their order.
 */
public final class RowsSource implements PipelineSource {
    private static final int CHUNK = 4096;

    private final String name;
    private final Supplier<long[]> rows;
    private final Function<String, Tuple> tuple;
    private final boolean ordered;

    /** @param tuple the tuple over a row whose address is in the given field */
    public RowsSource(String name, Supplier<long[]> rows, Function<String, Tuple> tuple, boolean ordered) {
        this.name = name;
        this.rows = rows;
        this.tuple = tuple;
        this.ordered = ordered;
    }

    @Override
    public SourceCodegen codegen() {
        return (parent, gen) -> {
            CodeBuilder code = gen.code;
            gen.rawField("private long src;");
            int mark = code.mark(), indent = code.indent();
            code.setIndent(3);
            PipelineCodegen.SourceLoop loop = gen.openLoop();
            parent.consume(tuple.apply("src"), gen);
            gen.closeLoop();
            String body = code.cut(mark);
            code.setIndent(indent);
            code.member("    public void consumeRows(long[] rows, int from, int to) {\n"
                    + "        " + PipelineCodegen.LOOP_STEPS_DECLARATION + "\n" + loop.before()
                    + "        for (int row = from; row < to; row++) {\n"
                    + "            src = rows[row];\n" + body + "        }\n" + loop.after() + "    }\n");
        };
    }

    @Override
    public void run(Pipeline pipeline, QueryContext query) throws Exception {
        long[] all = rows.get();
        int chunks = (all.length + CHUNK - 1) / CHUNK;
        int workers = ordered ? 1 : Math.max(1, Math.min(query.options().computeThreads(), chunks));
        AtomicInteger next = new AtomicInteger();
        Workers.run(query, "rows-p" + pipeline.id(), workers, w -> pipeline.describe(), w -> {
            Pipeline.Worker worker = pipeline.open(query, w);
            for (int c; (c = next.getAndIncrement()) < chunks && !pipeline.done(); ) {
                query.checkCancelled();
                worker.code().consumeRows(all, c * CHUNK, Math.min(all.length, (c + 1) * CHUNK));
                worker.scratch().reset();
            }
        });
    }

    @Override
    public String describe() {
        return name;
    }
}
