package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.plan.AggregateNode.Call;
import io.ascan.plan.AggregateNode.Function;
import io.ascan.types.DataType;
import java.util.List;

/**
 * COVAR_POP, COVAR_SAMP, CORR and the REGR_ functions of (y, x): pairs where either is NULL are
 * skipped; the row keeps the count, the means, the squared deviations and the co-moment, all
 * arithmetic in {@link io.ascan.codegen.rt.CoMoment}. The row is updated per tuple.
 */
final class CoMomentFunction extends AggregateFunction {
    private static final String CO_MOMENT = "io.ascan.codegen.rt.CoMoment.";
    private static final int COLUMNS = 6;

    CoMomentFunction(Call call, DataType arg, String argName) {
        super(call, arg, argName);
    }

    @Override
    public List<DataType> columns() {
        return List.of(DataType.BIGINT, DataType.DOUBLE, DataType.DOUBLE, DataType.DOUBLE, DataType.DOUBLE, DataType.DOUBLE);
    }

    /** The addresses of the six columns of {@code row}. */
    private String columnsOf(String row) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < COLUMNS; i++) sb.append(i > 0 ? ", " : "").append(at(row, slot + i));
        return sb.toString();
    }

    @Override
    public void update(PipelineCodegen gen, String row, ValueCode y, ValueCode x, String store) {
        gen.code.open("if (!(" + y.isNull() + ") && !(" + x.isNull() + "))");
        gen.code.line(CO_MOMENT + "add(" + columnsOf(row) + ", " + VarianceFunction.asDouble(y) + ", " + VarianceFunction.asDouble(x) + ");");
        gen.code.close();
    }

    @Override
    protected void accumulate(PipelineCodegen gen, String row, ValueCode a, String store) {
        throw new IllegalStateException(call.function() + " takes two arguments");
    }

    @Override
    public LocalAccumulator local(CodeBuilder code) {
        return null;
    }

    @Override
    public void merge(PipelineCodegen gen, String into, String other, String store) {
        StringBuilder sb = new StringBuilder(CO_MOMENT + "merge(" + columnsOf(into) + ", " + MEM + "getLong(" + at(other, slot) + ")");
        for (int i = 1; i < COLUMNS; i++) sb.append(", ").append(MEM).append("getDouble(").append(at(other, slot + i)).append(")");
        gen.code.line(sb.append(");").toString());
    }

    @Override
    public ValueCode output(CodeBuilder code, String row) {
        String f = call.function().toString();
        String n = code.fresh("pairs"), isNull = code.fresh("noCoMoment"), v = code.fresh("coMoment");
        String[] d = new String[COLUMNS];
        code.line("long " + n + " = " + MEM + "getLong(" + at(row, slot) + ");");
        for (int i = 1; i < COLUMNS; i++) {
            d[i] = code.fresh("moment");
            code.line("double " + d[i] + " = " + MEM + "getDouble(" + at(row, slot + i) + ");");
        }
        code.line("boolean " + isNull + " = " + CO_MOMENT + "isNull(\"" + f + "\", " + n + ", " + d[4] + ", " + d[5] + ");");
        if (call.function() == Function.REGR_COUNT) return ValueCode.of("false", n, call.type());
        code.line("double " + v + " = " + CO_MOMENT + "result(\"" + f + "\", " + n + ", " + String.join(", ", java.util.Arrays.asList(d).subList(1, COLUMNS)) + ");");
        return ValueCode.of(isNull, v, call.type());
    }
}
