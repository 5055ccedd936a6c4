package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.plan.AggregateNode.Call;
import io.ascan.types.DataType;
import java.util.List;

/** COUNT(*) and COUNT(x): one BIGINT column, the count of tuples (of non-NULL x). */
final class CountFunction extends AggregateFunction {
    CountFunction(Call call, DataType arg, String argName) {
        super(call, arg, argName);
    }

    @Override
    public List<DataType> columns() {
        return List.of(DataType.BIGINT);
    }

    @Override
    public boolean countsTuples() {
        return call.arg() < 0;
    }

    @Override
    protected void accumulate(PipelineCodegen gen, String row, ValueCode a, String store) {
        Accumulators.increment(gen.code, at(row, slot), "1L");
    }

    @Override
    public LocalAccumulator local(CodeBuilder code) {
        String count = declare(code, "long", "count", "0L");
        return new LocalAccumulator() {
            @Override
            public void accumulate(PipelineCodegen gen, ValueCode a) {
                gen.code.line(count + "++;");
            }

            @Override
            public void flush(PipelineCodegen gen, String group, String tupleCount, String store) {
                Accumulators.increment(gen.code, at(group, slot), count);
            }
        };
    }

    @Override
    public void merge(PipelineCodegen gen, String into, String other, String store) {
        Accumulators.increment(gen.code, at(into, slot), MEM + "getLong(" + at(other, slot) + ")");
    }
}
