package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.StoreCode;
import io.ascan.exec.store.RowLayout;
import io.ascan.plan.AggregateNode.Call;
import io.ascan.types.DataType;
import java.util.List;

/**
 * One aggregate call's generated code: the columns it keeps in its group's row, the update of
 * them per input tuple, the running locals of an aggregation without GROUP BY, the merge of one
 * worker's row into another's, and the final value. A new aggregate function is a constant of
 * {@link io.ascan.plan.AggregateNode.Function}, a subclass (its columns, update, locals, merge,
 * output; {@link CountedSum} shows how a function reads the group's tuple count) and a case in
 * {@link AggregateFunctions#of}.
 */
public abstract class AggregateFunction {
    protected static final String MEM = "io.ascan.codegen.rt.Mem.";

    protected final Call call;
    /** The argument's type; null for COUNT(*). */
    protected final DataType arg;
    private final String argName;
    /** Bound by {@link AggregateLayout}: the group row's layout, this call's first column, the tuple count's column. */
    protected RowLayout layout;
    protected int slot;
    protected int tuples;

    protected AggregateFunction(Call call, DataType arg, String argName) {
        this.call = call;
        this.arg = arg;
        this.argName = argName;
    }

    /** The types of the columns this call keeps in the group's row, from its first ({@link #slot}) on. */
    public abstract List<DataType> columns();

    /** Called once every call has its slot, before the layout is bound: a call may share another's column. */
    void share(List<AggregateFunction> all) {}

    final void bind(RowLayout layout, int tuples) {
        this.layout = layout;
        this.tuples = tuples;
    }

    final void place(int slot) {
        this.slot = slot;
    }

    /** Whether the call's value is NULL in a new group until its first input (MIN, MAX). */
    public boolean nullUntilFirst() {
        return false;
    }

    /** Whether the call copies strings into the group table's store (then the rows cannot be found by codes or runs). */
    public boolean copiesStrings() {
        return false;
    }

    /** Whether the call keeps the group's tuple count (COUNT(*)), which SUM and AVG then read. */
    public boolean countsTuples() {
        return false;
    }

    /** Emits the update of {@code row} by argument {@code a} (null for COUNT(*)); {@code store} is its table's store. */
    public void update(PipelineCodegen gen, String row, ValueCode a, String store) {
        boolean nullable = a != null && !a.isNull().equals("false");
        if (nullable) gen.code.open("if (!" + a.isNull() + ")");
        accumulate(gen, row, a, store);
        if (nullable) gen.code.close();
    }

    /** Emits the update of {@code row} by arguments {@code a} and {@code b} (null unless the function is binary). */
    public void update(PipelineCodegen gen, String row, ValueCode a, ValueCode b, String store) {
        update(gen, row, a, store);
    }

    /** Emits the update of {@code row} by non-NULL {@code a}. */
    protected abstract void accumulate(PipelineCodegen gen, String row, ValueCode a, String store);

    /**
     * Declares, at the current position of {@code code}, the running locals of an aggregation
     * without GROUP BY, or returns null when the call updates the row per tuple instead.
     */
    public abstract LocalAccumulator local(CodeBuilder code);

    /** Emits the merge of this call's columns of row {@code other} into row {@code into} (whose table's store is {@code store}). */
    public abstract void merge(PipelineCodegen gen, String into, String other, String store);

    /** The call's final value in group row {@code row}. */
    public ValueCode output(CodeBuilder code, String row) {
        return StoreCode.read(code, row, layout, slot);
    }

    /** The address of column {@code c} of {@code row}. */
    protected final String at(String row, int c) {
        return row + " + " + layout.valueOffset(c) + "L";
    }

    /** The constant naming this call in errors, e.g. an overflowing SUM. */
    protected final String what(PipelineCodegen gen) {
        return gen.code.constant("String", call.function() + "(" + argName + ")");
    }

    protected static String declare(CodeBuilder code, String type, String prefix, String init) {
        String name = code.fresh(prefix);
        code.line(type + " " + name + " = " + init + ";");
        return name;
    }

    /**
     * A call's running locals in an aggregation without GROUP BY: they live for one loop of the
     * source (one rowset) and are added to the group's row after it.
     */
    public interface LocalAccumulator {
        /** Emits the update of the locals by non-NULL {@code a} (null for COUNT(*)). */
        void accumulate(PipelineCodegen gen, ValueCode a);

        /** Emits the addition of the locals to {@code group}; {@code tupleCount} is the loop's tuple count. */
        void flush(PipelineCodegen gen, String group, String tupleCount, String store);
    }
}
