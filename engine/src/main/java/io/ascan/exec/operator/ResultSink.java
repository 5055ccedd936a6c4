package io.ascan.exec.operator;

import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.StateOwner;
import io.ascan.codegen.pipeline.StateSupplier;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.exec.pipeline.Pipeline;
import io.ascan.exec.pipeline.PipelineSink;
import io.ascan.exec.QueryContext;
import io.ascan.plan.OutputColumn;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.arrow.vector.VectorSchemaRoot;

/** The result sink: each worker appends tuples to its own Arrow batch; full batches stream to the user. */
public final class ResultSink implements PipelineSink, StateOwner {
    /**
     * Where full batches go, set when the query starts: a prepared plan's pipelines are cut
     * before the execution that runs them exists.
     */
    public static final class Target implements Consumer<VectorSchemaRoot> {
        private volatile Consumer<VectorSchemaRoot> to;

        public void deliverTo(Consumer<VectorSchemaRoot> to) {
            this.to = to;
        }

        @Override
        public void accept(VectorSchemaRoot batch) {
            Consumer<VectorSchemaRoot> t = to;
            if (t == null) {
                batch.close();
                throw new IllegalStateException("result batch before the query started");
            }
            t.accept(batch);
        }
    }

    private final List<OutputColumn> columns;
    private final Consumer<VectorSchemaRoot> out;
    private final List<ResultWriter> writers = new ArrayList<>();
    private final StateSupplier writer;

    public ResultSink(List<OutputColumn> columns, Consumer<VectorSchemaRoot> out) {
        this.columns = List.copyOf(columns);
        this.out = out;
        this.writer = w -> {
            ResultWriter rw = w.query().defer(new ResultWriter(this.columns, w.query().allocator(), this.out));
            synchronized (writers) {
                writers.add(rw);
            }
            return rw;
        };
    }

    @Override
    public void consume(Tuple in, PipelineCodegen gen) {
        String w = gen.state(ResultWriter.class.getName(), writer);
        String r = gen.code.fresh("out");
        gen.code.line("int " + r + " = " + w + ".row();");
        for (int c = 0; c < columns.size(); c++) {
            ValueCode v = in.read(c, gen.code);
            String set = switch (v.type().kind()) {
                case BOOLEAN -> "setBoolean(" + c + ", " + r + ", " + v.value() + ")";
                case INTEGER, DATE -> "setInt(" + c + ", " + r + ", " + v.value() + ")";
                case BIGINT, TIMESTAMP -> "setLong(" + c + ", " + r + ", " + v.value() + ")";
                case DECIMAL -> "setDecimal(" + c + ", " + r + ", " + v.value() + ")";
                case DOUBLE -> "setDouble(" + c + ", " + r + ", " + v.value() + ")";
                case VARCHAR -> "setString(" + c + ", " + r + ", " + v.value() + ", " + v.length() + ")";
            };
            if (v.isNull().equals("false")) {
                gen.code.line(w + "." + set + ";");
            } else {
                gen.code.line("if (" + v.isNull() + ") " + w + ".setNull(" + c + ", " + r + "); else " + w + "." + set + ";");
            }
        }
        gen.code.line(w + ".end();");
    }

    @Override
    public void finish(Pipeline last, QueryContext query) {
        synchronized (writers) {
            for (ResultWriter rw : writers) rw.flush();
        }
    }

    @Override
    public String describe() {
        return "Result";
    }

    @Override
    public List<StateSupplier> stateSuppliers() {
        return List.of(writer);
    }
}
