package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.StoreCode;
import io.ascan.plan.AggregateNode.Call;
import io.ascan.plan.AggregateNode.Function;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.List;

/** MIN(x) and MAX(x): the extreme value in SQL order, NULL until the first non-NULL input; strings are copied into the store. */
final class MinMaxFunction extends AggregateFunction {
    private final boolean min;

    MinMaxFunction(Call call, DataType arg, String argName) {
        super(call, arg, argName);
        this.min = call.function() == Function.MIN;
    }

    @Override
    public List<DataType> columns() {
        return List.of(arg);
    }

    @Override
    public boolean nullUntilFirst() {
        return true;
    }

    @Override
    public boolean copiesStrings() {
        return arg.kind() == TypeKind.VARCHAR;
    }

    @Override
    protected void accumulate(PipelineCodegen gen, String row, ValueCode a, String store) {
        Accumulators.keepExtreme(gen.code, layout, row, slot, a, min, store);
    }

    @Override
    public LocalAccumulator local(CodeBuilder code) {
        if (copiesStrings()) return null; // a string local would point into a rowset that the next loop replaces
        String value = declare(code, Accumulators.javaType(arg), "extreme", Accumulators.defaultValue(arg));
        String any = declare(code, "boolean", "anyExtreme", "false");
        return new LocalAccumulator() {
            @Override
            public void accumulate(PipelineCodegen gen, ValueCode a) {
                gen.code.open("if (!" + any + " || " + Accumulators.better(a, ValueCode.of("false", value, a.type()), min) + ")");
                gen.code.line(value + " = " + a.value() + ";");
                gen.code.line(any + " = true;");
                gen.code.close();
            }

            @Override
            public void flush(PipelineCodegen gen, String group, String tupleCount, String store) {
                gen.code.open("if (" + any + ")");
                Accumulators.keepExtreme(gen.code, layout, group, slot, ValueCode.of("false", value, arg), min, store);
                gen.code.close();
            }
        };
    }

    @Override
    public void merge(PipelineCodegen gen, String into, String other, String store) {
        ValueCode v = StoreCode.read(gen.code, other, layout, slot);
        gen.code.open("if (!" + v.isNull() + ")");
        Accumulators.keepExtreme(gen.code, layout, into, slot, v, min, store);
        gen.code.close();
    }
}
