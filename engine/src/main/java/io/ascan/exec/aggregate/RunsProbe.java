package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.StoreCode;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * The lookup of a group by hash, skipped while a tuple has the same keys as the one before it:
 * input clustered by the keys (lineitem by l_orderkey) arrives in runs of equal keys, and the
 * run's tuples reuse its group's row. The check costs a compare per tuple, so it keeps itself on
 * only while the runs pay: a rowset with fewer than one repeat per four lookups turns it off for
 * the next {@value #RUNS_OFF_ROWSETS} rowsets (of this worker's pipeline instance), after which
 * one rowset measures again. For fixed-width keys only (a local keeps the previous key).
 * With a {@link KeyRanges.Recorder}, each lookup also widens the rowset's range of keys, reported
 * at its end (a run's tuples repeat its first key, so the lookups see every key).
 */
final class RunsProbe {
    /** Rowsets a run check that found too few runs stays off for before it is tried again. */
    static final int RUNS_OFF_ROWSETS = 32;

    private RunsProbe() {}

    /** Emits the lookup; returns the name of the group row's local. */
    static String lookup(GroupProbe probe, int[] groupKeys, Tuple in, PipelineCodegen gen, String partitions,
                         PipelineCodegen.SourceLoop loop, String recorder, GroupProbe.DirectKey direct) {
        CodeBuilder code = gen.code;
        String off = code.fresh("runsOff"), on = code.fresh("runsOn"), hits = code.fresh("runHits"), misses = code.fresh("runMisses"),
                last = code.fresh("runGroup");
        gen.rawField("private int " + off + ";");
        List<ValueCode> keys = new ArrayList<>();
        for (int k : groupKeys) keys.add(in.read(k, code));
        String pad = "        ";
        StringBuilder before = new StringBuilder();
        before.append(pad).append("boolean ").append(on).append(" = ").append(off).append(" == 0;\n");
        before.append(pad).append("if (!").append(on).append(") ").append(off).append("--;\n");
        before.append(pad).append("long ").append(hits).append(" = 0L, ").append(misses).append(" = 0L, ").append(last).append(" = 0L;\n");
        List<ValueCode> previous = new ArrayList<>();
        List<String> same = new ArrayList<>();
        for (ValueCode k : keys) {
            String v = code.fresh("runKey"), n = code.fresh("runKeyNull");
            before.append(pad).append(Accumulators.javaType(k.type())).append(' ').append(v).append(" = ")
                    .append(Accumulators.defaultValue(k.type())).append(";\n");
            before.append(pad).append("boolean ").append(n).append(" = false;\n");
            ValueCode prev = ValueCode.of(n, v, k.type());
            previous.add(prev);
            same.add(StoreCode.sameGroup(k, prev));
        }
        String min = code.fresh("rangeMin"), max = code.fresh("rangeMax");
        if (recorder != null) {
            before.append(pad).append("long ").append(min).append(" = Long.MAX_VALUE, ").append(max).append(" = Long.MIN_VALUE;\n");
            loop.after(pad + "if (" + min + " <= " + max + ") " + recorder + ".add(" + min + ", " + max + ");\n");
        }
        loop.before(before.toString());
        loop.after(pad + "if (" + on + " && " + hits + " * 4L < " + misses + ") " + off + " = " + RUNS_OFF_ROWSETS + ";\n");
        String g = code.fresh("group");
        code.line("long " + g + ";");
        code.open("if (" + on + " && " + last + " != 0L && " + String.join(" && ", same) + ")");
        code.line(g + " = " + last + ";");
        code.line(hits + "++;");
        code.close();
        code.open("else");
        code.line(g + " = " + probe.lookup(keys, gen, partitions, direct).row() + ";");
        code.line(last + " = " + g + ";");
        code.line(misses + "++;");
        if (recorder != null) {
            ValueCode k = keys.getFirst();
            String v = code.fresh("rangeKey");
            code.open("if (!(" + k.isNull() + "))");
            code.line("long " + v + " = (long) (" + k.value() + ");");
            code.line("if (" + v + " < " + min + ") " + min + " = " + v + ";");
            code.line("if (" + v + " > " + max + ") " + max + " = " + v + ";");
            code.close();
        }
        for (int i = 0; i < keys.size(); i++) {
            code.line(previous.get(i).isNull() + " = " + keys.get(i).isNull() + ";");
            code.line(previous.get(i).value() + " = " + keys.get(i).value() + ";");
        }
        code.close();
        return g;
    }
}
