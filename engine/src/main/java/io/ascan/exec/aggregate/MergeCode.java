package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.StoreCode;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import java.util.ArrayList;
import java.util.List;

/**
 * The generated {@code mergeRow(other, target)} of the pipeline class: folds a group row of one
 * worker's table into table {@code target} (adopting the row if the group is new there), each
 * call by its {@link AggregateFunction#merge}; and {@code combineRow(other, into, store)}, the
 * same folds into a group row already found (direct-address groups). {@link ParallelMerge} calls them.
 */
final class MergeCode {
    private MergeCode() {}

    static void emit(PipelineCodegen gen, AggregateLayout layout, GroupProbe probe) {
        CodeBuilder code = gen.code;
        int mark = code.mark(), indent = code.indent();
        code.setIndent(2);
        code.line(GroupProbe.TABLE + " t = (" + GroupProbe.TABLE + ") target;");
        List<ValueCode> keys = new ArrayList<>();
        for (int i = 0; i < layout.keys; i++) keys.add(StoreCode.read(code, "other", layout.rows, i));
        String h = code.fresh("h");
        code.line("long " + h + " = " + GroupProbe.MEM + "getLong(other + 8L);");
        String d = probe.findOrInsert(code, "t", h, keys, "other");
        for (AggregateFunction f : layout.functions) f.merge(gen, d, "other", "t.store()");
        if (layout.ownTupleCount) {
            long at = layout.rows.valueOffset(layout.tuples);
            Accumulators.increment(code, d + " + " + at + "L", GroupProbe.MEM + "getLong(other + " + at + "L)");
        }
        String body = code.cut(mark);
        code.member("    public void mergeRow(long other, Object target) {\n" + body + "    }\n");
        // the same folds into a group already found (direct-address groups merge slot by slot)
        mark = code.mark();
        code.line(GroupProbe.STORE + " s = (" + GroupProbe.STORE + ") store;");
        for (AggregateFunction f : layout.functions) f.merge(gen, "into", "other", "s");
        if (layout.ownTupleCount) {
            long at = layout.rows.valueOffset(layout.tuples);
            Accumulators.increment(code, "into + " + at + "L", GroupProbe.MEM + "getLong(other + " + at + "L)");
        }
        body = code.cut(mark);
        code.setIndent(indent);
        code.member("    public void combineRow(long other, long into, Object store) {\n" + body + "    }\n");
    }
}
