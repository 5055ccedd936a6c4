package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.codegen.rt.Hash;
import java.util.List;

/**
 * Without GROUP BY: the one group is found once per loop of the source (per rowset) and each
 * call's running value lives in locals for the whole loop (the JIT keeps them in registers), to be
 * added to the group's row after it. A running SUM still fails on overflow, per tuple. MIN and MAX
 * of VARCHAR (strings copied into the store) update the row per tuple.
 */
final class NoKeyAccumulators {
    private final PipelineCodegen gen;
    private final AggregateLayout layout;
    private final String group, store, tupleCount;
    private final AggregateFunction.LocalAccumulator[] locals;

    NoKeyAccumulators(PipelineCodegen gen, PipelineCodegen.SourceLoop loop, String partitions, AggregateLayout layout, GroupProbe probe) {
        this.gen = gen;
        this.layout = layout;
        CodeBuilder code = gen.code;
        int indent = code.indent(), mark = code.mark();
        code.setIndent(2);
        String h = Hash.finish(Hash.SEED) + "L";
        String table = GroupProbe.partition(code, partitions, h);
        store = table + ".store()";
        group = probe.findOrInsert(code, table, h, List.of(), null);
        tupleCount = AggregateFunction.declare(code, "long", "tuples", "0L");
        locals = new AggregateFunction.LocalAccumulator[layout.functions.size()];
        for (int j = 0; j < locals.length; j++) locals[j] = layout.functions.get(j).local(code);
        loop.before(code.cut(mark));
        for (AggregateFunction.LocalAccumulator l : locals) if (l != null) l.flush(gen, group, tupleCount, store);
        if (layout.ownTupleCount) Accumulators.increment(code, group + " + " + layout.rows.valueOffset(layout.tuples) + "L", tupleCount);
        loop.after(code.cut(mark));
        code.setIndent(indent);
    }

    void consume(Tuple in) {
        CodeBuilder code = gen.code;
        AggregateLayout.Arguments args = layout.readArguments(in, code);
        code.line(tupleCount + "++;");
        for (int j = 0; j < locals.length; j++) {
            ValueCode a = args.first()[j];
            if (locals[j] == null) {
                layout.functions.get(j).update(gen, group, a, args.second()[j], store);
                continue;
            }
            boolean nullable = a != null && !a.isNull().equals("false");
            if (nullable) code.open("if (!" + a.isNull() + ")");
            locals[j].accumulate(gen, a);
            if (nullable) code.close();
        }
    }
}
