package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.StoreCode;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.plan.AggregateNode.Call;
import io.ascan.plan.AggregateNode.Function;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.List;

/**
 * BIT_AND, BIT_OR and BIT_XOR of integers (of the argument's type) and PRODUCT (a DOUBLE): the
 * values that are not NULL combined one by one, NULL until the first, as DuckDB. Each combination
 * is associative and commutative, so workers' rows merge with it too.
 */
final class FoldFunction extends AggregateFunction {
    FoldFunction(Call call, DataType arg, String argName) {
        super(call, arg, argName);
    }

    @Override
    public List<DataType> columns() {
        return List.of(call.type());
    }

    @Override
    public boolean nullUntilFirst() {
        return true;
    }

    /** The Java value of non-NULL {@code a} in the result's type. */
    private String value(ValueCode a) {
        if (call.function() != Function.PRODUCT) return "(" + Accumulators.javaType(call.type()) + ") " + a.value();
        return a.type().kind() == TypeKind.DECIMAL
                ? "io.ascan.codegen.rt.Decimals.toDouble(" + a.value() + ", " + a.type().scale() + ")"
                : "(double) " + a.value();
    }

    /** The Java expression combining {@code current} with {@code value}. */
    private String combine(String current, String value) {
        return switch (call.function()) {
            case BIT_AND -> current + " & " + value;
            case BIT_OR -> current + " | " + value;
            case BIT_XOR -> current + " ^ " + value;
            case PRODUCT -> current + " * " + value;
            default -> throw new IllegalStateException(call.function().name());
        };
    }

    /** Emits: column {@link #slot} of {@code row} becomes {@code value} when NULL, else the combination. */
    private void fold(CodeBuilder code, String row, String value, String store) {
        ValueCode cur = StoreCode.read(code, row, layout, slot);
        String v = code.fresh("fold");
        code.line(Accumulators.javaType(call.type()) + " " + v + " = " + value + ";");
        code.open("if (!" + cur.isNull() + ")");
        code.line(v + " = " + combine(cur.value(), v) + ";");
        code.close();
        StoreCode.writeValue(code, row, layout, slot, ValueCode.of("false", v, call.type()), store);
        code.line(StoreCode.clearNull(row, layout, slot));
    }

    @Override
    protected void accumulate(PipelineCodegen gen, String row, ValueCode a, String store) {
        fold(gen.code, row, value(a), store);
    }

    @Override
    public LocalAccumulator local(CodeBuilder code) {
        String value = declare(code, Accumulators.javaType(call.type()), "folded", Accumulators.defaultValue(call.type()));
        String any = declare(code, "boolean", "anyFolded", "false");
        return new LocalAccumulator() {
            @Override
            public void accumulate(PipelineCodegen gen, ValueCode a) {
                gen.code.line(value + " = " + any + " ? " + combine(value, "(" + value(a) + ")") + " : " + value(a) + ";");
                gen.code.line(any + " = true;");
            }

            @Override
            public void flush(PipelineCodegen gen, String group, String tupleCount, String store) {
                gen.code.open("if (" + any + ")");
                fold(gen.code, group, value, store);
                gen.code.close();
            }
        };
    }

    @Override
    public void merge(PipelineCodegen gen, String into, String other, String store) {
        ValueCode v = StoreCode.read(gen.code, other, layout, slot);
        gen.code.open("if (!" + v.isNull() + ")");
        fold(gen.code, into, v.value(), store);
        gen.code.close();
    }
}
