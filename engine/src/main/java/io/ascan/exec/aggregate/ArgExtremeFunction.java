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
 * ARG_MAX(x, y) and ARG_MIN(x, y) (DuckDB's MAX_BY, MIN_BY): x of the row with the largest
 * (smallest) y in SQL order; rows where x or y is NULL are skipped, as DuckDB; of equal ys the
 * first seen wins. The row keeps y (NULL until the first input) and x; strings are copied into
 * the store. The row is updated per tuple.
 */
final class ArgExtremeFunction extends AggregateFunction {
    private final boolean min;
    private final DataType by;

    ArgExtremeFunction(Call call, DataType arg, String argName, DataType by) {
        super(call, arg, argName);
        this.min = call.function() == Function.ARG_MIN;
        this.by = by;
    }

    @Override
    public List<DataType> columns() {
        return List.of(by, arg);
    }

    @Override
    public boolean nullUntilFirst() {
        return true;
    }

    @Override
    public boolean copiesStrings() {
        return arg.kind() == TypeKind.VARCHAR || by.kind() == TypeKind.VARCHAR;
    }

    @Override
    public void update(PipelineCodegen gen, String row, ValueCode x, ValueCode y, String store) {
        gen.code.open("if (!(" + x.isNull() + ") && !(" + y.isNull() + "))");
        keep(gen.code, row, x, y, store);
        gen.code.close();
    }

    /** Emits: the row takes non-NULL (x, y) if it has none yet or y is better than its own. */
    private void keep(CodeBuilder code, String row, ValueCode x, ValueCode y, String store) {
        ValueCode cur = StoreCode.read(code, row, layout, slot);
        code.open("if (" + cur.isNull() + " || " + Accumulators.better(y, cur, min) + ")");
        StoreCode.writeValue(code, row, layout, slot, y, store);
        code.line(StoreCode.clearNull(row, layout, slot));
        StoreCode.writeValue(code, row, layout, slot + 1, x, store);
        code.close();
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
        ValueCode y = StoreCode.read(gen.code, other, layout, slot);
        gen.code.open("if (!" + y.isNull() + ")");
        keep(gen.code, into, StoreCode.read(gen.code, other, layout, slot + 1), y, store);
        gen.code.close();
    }

    @Override
    public ValueCode output(CodeBuilder code, String row) {
        ValueCode y = StoreCode.read(code, row, layout, slot);
        ValueCode x = StoreCode.read(code, row, layout, slot + 1);
        return new ValueCode(y.isNull(), x.value(), x.length(), x.type(), null, x.stored());
    }
}
