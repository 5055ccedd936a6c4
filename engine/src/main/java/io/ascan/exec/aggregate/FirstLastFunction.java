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
 * FIRST(x) and LAST(x), as DuckDB's: x of the group's first (last) row, NULL or not, in the order
 * the rows reach the aggregation (with several workers, one worker's first or last). The row
 * keeps the value and whether a row was seen; strings are copied into the store. The row is
 * updated per tuple.
 */
final class FirstLastFunction extends AggregateFunction {
    private final boolean first;

    FirstLastFunction(Call call, DataType arg, String argName) {
        super(call, arg, argName);
        this.first = call.function() == Function.FIRST;
    }

    @Override
    public List<DataType> columns() {
        return List.of(arg, DataType.BIGINT);
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
    public void update(PipelineCodegen gen, String row, ValueCode a, String store) {
        if (first) gen.code.open("if (" + MEM + "getLong(" + at(row, slot + 1) + ") == 0L)");
        take(gen.code, row, a, store);
        if (first) gen.code.close();
    }

    /** Emits: the row's value becomes {@code a} (NULL too), and the row has seen a row. */
    private void take(CodeBuilder code, String row, ValueCode a, String store) {
        boolean nullable = !a.isNull().equals("false");
        if (nullable) code.open("if (" + a.isNull() + ")").line(StoreCode.setNull(row, layout, slot)).close().open("else");
        StoreCode.writeValue(code, row, layout, slot, a, store);
        code.line(StoreCode.clearNull(row, layout, slot));
        if (nullable) code.close();
        code.line(MEM + "putLong(" + at(row, slot + 1) + ", 1L);");
    }

    @Override
    protected void accumulate(PipelineCodegen gen, String row, ValueCode a, String store) {
        throw new IllegalStateException("update is overridden");
    }

    @Override
    public LocalAccumulator local(CodeBuilder code) {
        return null;
    }

    @Override
    public void merge(PipelineCodegen gen, String into, String other, String store) {
        String seen = MEM + "getLong(" + at(other, slot + 1) + ") != 0L";
        gen.code.open("if (" + seen + (first ? " && " + MEM + "getLong(" + at(into, slot + 1) + ") == 0L" : "") + ")");
        take(gen.code, into, StoreCode.read(gen.code, other, layout, slot), store);
        gen.code.close();
    }
}
