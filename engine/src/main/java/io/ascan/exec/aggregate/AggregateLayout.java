package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.exec.store.RowLayout;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.OutputColumn;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The group row of a hash aggregation: the keys, then each call's columns (its
 * {@link AggregateFunction#columns}), then, unless a COUNT(*) call keeps it already, the group's
 * tuple count, which SUM and AVG need to tell their count of inputs.
 */
final class AggregateLayout {
    final List<AggregateFunction> functions;
    final RowLayout rows;
    final int keys;
    /** The column of the group's tuple count: a COUNT(*) call's, or one of its own after the calls'. */
    final int tuples;
    /** Whether {@link #tuples} is a column of its own that no call updates. */
    final boolean ownTupleCount;
    private final List<DataType> keyTypes = new ArrayList<>();

    AggregateLayout(AggregateNode node) {
        List<OutputColumn> input = node.input().output();
        for (int k : node.groupKeys()) keyTypes.add(input.get(k).type());
        keys = keyTypes.size();
        List<DataType> types = new ArrayList<>(keyTypes);
        List<AggregateFunction> fs = new ArrayList<>();
        for (AggregateNode.Call c : node.calls()) {
            AggregateFunction f = AggregateFunctions.of(c, input);
            f.place(types.size());
            types.addAll(f.columns());
            fs.add(f);
        }
        functions = List.copyOf(fs);
        int star = -1;
        for (AggregateFunction f : functions) {
            f.share(functions);
            if (f.countsTuples() && star < 0) star = f.slot;
        }
        ownTupleCount = star < 0;
        if (ownTupleCount) {
            star = types.size();
            types.add(DataType.BIGINT);
        }
        tuples = star;
        rows = new RowLayout(types);
        for (AggregateFunction f : functions) f.bind(rows, tuples);
    }

    /** Null bits a new group starts with: MIN and MAX are NULL until their first input. */
    long[] initialNullWords() {
        long[] words = new long[(rows.columns() + 63) / 64 == 0 ? 1 : (rows.columns() + 63) / 64];
        for (AggregateFunction f : functions) if (f.nullUntilFirst()) words[f.slot >>> 6] |= RowLayout.nullMask(f.slot);
        return words;
    }

    /**
     * Emits the read of each call's argument (null for COUNT(*)), every column once however many
     * calls take it (SUM and AVG of one column): the reads are statements at the loop body's
     * level, so their locals stay in scope for every update after them.
     */
    Arguments readArguments(Tuple in, CodeBuilder code) {
        Map<Integer, ValueCode> read = new HashMap<>();
        ValueCode[] args = new ValueCode[functions.size()], seconds = new ValueCode[functions.size()];
        for (int j = 0; j < args.length; j++) {
            AggregateNode.Call call = functions.get(j).call;
            if (call.arg() >= 0) args[j] = read.computeIfAbsent(call.arg(), c -> in.read(c, code));
            if (call.arg2() >= 0) seconds[j] = read.computeIfAbsent(call.arg2(), c -> in.read(c, code));
        }
        return new Arguments(args, seconds);
    }

    /** Each call's argument (null for COUNT(*)) and second argument (null unless the function is binary). */
    record Arguments(ValueCode[] first, ValueCode[] second) {}

    /** Whether some call copies strings into the group's store (MIN or MAX of a VARCHAR). */
    boolean copiesStrings() {
        for (AggregateFunction f : functions) if (f.copiesStrings()) return true;
        return false;
    }

    /** Whether every group key is a fixed-width value (no VARCHAR), which a local can keep. */
    boolean fixedWidthKeys() {
        for (DataType t : keyTypes) if (t.kind() == TypeKind.VARCHAR) return false;
        return true;
    }
}
