package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.StoreCode;
import java.util.ArrayList;
import java.util.List;

/**
 * The generated {@code mergeRow(other, target)} of the pipeline class: folds a group row of one
 * worker's table into table {@code target} (adopting the row if the group is new there), each
 * call by its {@link AggregateFunction#merge}. {@link ParallelMerge} calls it.
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
        code.setIndent(indent);
        code.member("    public void mergeRow(long other, Object target) {\n" + body + "    }\n");
    }
}
