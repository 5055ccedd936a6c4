package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.plan.AggregateNode.Call;
import io.ascan.types.DataType;
import java.util.List;

/**
 * VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP: the count of inputs, their mean and the sum of
 * squared deviations from it (Welford's method, as DuckDB; workers' rows merged by Chan's
 * formula), all arithmetic in {@link io.ascan.codegen.rt.Variance}. The row is updated per
 * tuple: there are no running locals.
 */
final class VarianceFunction extends AggregateFunction {
    private static final String VARIANCE = "io.ascan.codegen.rt.Variance.";

    VarianceFunction(Call call, DataType arg, String argName) {
        super(call, arg, argName);
    }

    @Override
    public List<DataType> columns() {
        return List.of(DataType.BIGINT, DataType.DOUBLE, DataType.DOUBLE);
    }

    /** The addresses of the count, mean and squared-deviation columns of {@code row}. */
    private String columnsOf(String row) {
        return at(row, slot) + ", " + at(row, slot + 1) + ", " + at(row, slot + 2);
    }

    @Override
    protected void accumulate(PipelineCodegen gen, String row, ValueCode a, String store) {
        gen.code.line(VARIANCE + "add(" + columnsOf(row) + ", " + asDouble(a) + ");");
    }

    @Override
    public LocalAccumulator local(CodeBuilder code) {
        return null;
    }

    @Override
    public void merge(PipelineCodegen gen, String into, String other, String store) {
        gen.code.line(VARIANCE + "merge(" + columnsOf(into) + ", " + MEM + "getLong(" + at(other, slot) + "), "
                + MEM + "getDouble(" + at(other, slot + 1) + "), " + MEM + "getDouble(" + at(other, slot + 2) + "));");
    }

    @Override
    public ValueCode output(CodeBuilder code, String row) {
        String f = call.function().toString();
        String n = code.fresh("inputs"), isNull = code.fresh("noVariance"), v = code.fresh("variance");
        code.line("long " + n + " = " + MEM + "getLong(" + at(row, slot) + ");");
        code.line("boolean " + isNull + " = " + VARIANCE + "isNull(\"" + f + "\", " + n + ");");
        code.line("double " + v + " = " + VARIANCE + "result(\"" + f + "\", " + n + ", " + MEM + "getDouble("
                + at(row, slot + 2) + "));");
        return ValueCode.of(isNull, v, call.type());
    }

    /** A numeric value as a DOUBLE. */
    static String asDouble(ValueCode a) {
        return switch (a.type().kind()) {
            case DECIMAL -> "io.ascan.codegen.rt.Decimals.toDouble(" + a.value() + ", " + a.type().scale() + ")";
            case DOUBLE -> a.value();
            default -> "(double) " + a.value();
        };
    }
}
