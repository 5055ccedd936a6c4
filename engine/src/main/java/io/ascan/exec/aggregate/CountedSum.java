package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.plan.AggregateNode.Call;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.List;

/**
 * SUM and AVG: a sum column, then the count of NULL inputs (none, in most data) rather than of
 * the others, so that a tuple costs no store but the sum's: the count of inputs is the group's
 * tuple count minus the NULL ones, and no input makes the value NULL.
 */
abstract class CountedSum extends AggregateFunction {
    /** The column this call's sum is in: its own ({@link #slot}), or for an AVG a SUM's of the same numbers. */
    protected int sumSlot;

    CountedSum(Call call, DataType arg, String argName) {
        super(call, arg, argName);
    }

    /** The type of the sum column. */
    abstract DataType sumType();

    @Override
    public List<DataType> columns() {
        return List.of(sumType(), DataType.BIGINT);
    }

    @Override
    void share(List<AggregateFunction> all) {
        sumSlot = slot;
    }

    /** Whether this call adds into a sum of its own (else another call keeps the sum it reads). */
    final boolean ownSum() {
        return sumSlot == slot;
    }

    @Override
    public void update(PipelineCodegen gen, String row, ValueCode a, String store) {
        CodeBuilder code = gen.code;
        boolean nullable = !a.isNull().equals("false"), own = ownSum();
        if (nullable) {
            code.open("if (" + a.isNull() + ")");
            Accumulators.increment(code, at(row, slot + 1), "1L");
            code.close();
            if (own) code.open("else");
        }
        if (own) accumulate(gen, row, a, store);
        if (nullable && own) code.close();
    }

    @Override
    protected void accumulate(PipelineCodegen gen, String row, ValueCode a, String store) {
        Accumulators.add(gen.code, at(row, slot), layout.types().get(slot), a.value(), what(gen));
    }

    @Override
    public LocalAccumulator local(CodeBuilder code) {
        DataType st = layout.types().get(slot);
        String sum = ownSum() ? declare(code, Accumulators.javaType(st), "sum", "0") : null;
        String count = declare(code, "long", "count", "0L");
        return new LocalAccumulator() {
            @Override
            public void accumulate(PipelineCodegen gen, ValueCode a) {
                if (sum != null) gen.code.line(sum + " = " + Accumulators.plus(st, sum, a.value(), what(gen)) + ";");
                gen.code.line(count + "++;");
            }

            @Override
            public void flush(PipelineCodegen gen, String group, String tupleCount, String store) {
                if (sum != null) Accumulators.add(gen.code, at(group, slot), st, sum, what(gen));
                Accumulators.increment(gen.code, at(group, slot + 1), "(" + tupleCount + " - " + count + ")");
            }
        };
    }

    @Override
    public void merge(PipelineCodegen gen, String into, String other, String store) {
        DataType st = layout.types().get(slot);
        if (ownSum()) { // a shared sum is merged by its owner
            String get = st.kind() == TypeKind.DOUBLE ? MEM + "getDouble(" : MEM + "getLong(";
            Accumulators.add(gen.code, at(into, slot), st, get + at(other, slot) + ")", what(gen));
        }
        Accumulators.increment(gen.code, at(into, slot + 1), MEM + "getLong(" + at(other, slot + 1) + ")");
    }

    /** Declares the count of inputs of {@code row} and returns the name of a local that is true when there was none. */
    protected final String[] inputCount(CodeBuilder code, String row) {
        String cnt = code.fresh("count"), none = code.fresh("noInput");
        code.line("long " + cnt + " = " + MEM + "getLong(" + at(row, tuples) + ") - " + MEM + "getLong(" + at(row, slot + 1) + ");");
        code.line("boolean " + none + " = " + cnt + " == 0L;");
        return new String[] {cnt, none};
    }
}
