package io.ascan.exec.operator;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.DictionaryColumnAccess.DictionaryCode;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.StateOwner;
import io.ascan.codegen.pipeline.StateSupplier;
import io.ascan.codegen.pipeline.StoreCode;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.codegen.rt.Hash;
import io.ascan.codegen.rt.Mem;
import io.ascan.exec.Pipeline;
import io.ascan.exec.PipelineSink;
import io.ascan.exec.QueryContext;
import io.ascan.exec.Workers;
import io.ascan.codegen.pipeline.PipelineCompiler;
import io.ascan.codegen.rt.PipelineCode;
import io.ascan.exec.store.AggHashTable;
import io.ascan.exec.store.RowLayout;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.AggregateNode.Call;
import io.ascan.plan.OutputColumn;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Hash aggregation sink: each worker probes its own {@link AggHashTable}s inline (open
 * addressing; one table per partition of the hash space) and updates the group's accumulators
 * in place; at the end each partition's tables are merged, partitions in parallel, by generated
 * code ({@code mergeRow}). Group rows: the keys, then per call its
 * slots (COUNT: a count; MIN, MAX: the value, NULL until the first input; SUM, AVG: the sum and
 * the number of NULL inputs), then, unless a COUNT(*) call keeps it already, the group's tuple
 * count. SUM and AVG count their NULL inputs (none, in most data) rather than their others, so
 * that a tuple costs them no store but the sum's: their count of inputs is the tuple count minus
 * the NULL ones, and a SUM of no input is NULL. An AVG whose column also has a SUM of the same
 * type shares that SUM's sum.
 * Without GROUP BY an empty input still gives one group (COUNT 0, the others NULL).
 */
public final class AggregateSink implements PipelineSink, StateOwner, AutoCloseable {
    private static final String MEM = "io.ascan.codegen.rt.Mem.";
    private static final String TABLE = AggHashTable.class.getName();

    private final AggregateNode node;
    private final List<DataType> inputTypes;
    private final RowLayout layout;
    private final int[] slots;
    /** The layout column of the group's tuple count: a COUNT(*) call's, or one of its own after the calls'. */
    private final int tuples;
    /** Whether {@link #tuples} is a column of its own that the calls do not update. */
    private final boolean ownTupleCount;
    /** Per call: for an AVG, the slot of its sum (its own, or a SUM's of the same column and type); else -1. */
    private final int[] avgSum;
    /** Per worker: its partitions' tables (a group's partition is picked by high bits of its hash). */
    private final List<AggHashTable[]> locals = new ArrayList<>();
    private final StateSupplier local;
    private long[] groups;
    private boolean registered;

    public AggregateSink(AggregateNode node) {
        this.node = node;
        this.inputTypes = node.input().output().stream().map(OutputColumn::type).toList();
        List<DataType> types = new ArrayList<>();
        for (int k : node.groupKeys()) types.add(inputTypes.get(k));
        slots = new int[node.calls().size()];
        for (int j = 0; j < slots.length; j++) {
            Call c = node.calls().get(j);
            if (c.distinct()) throw new IllegalArgumentException("DISTINCT aggregates are rewritten before execution");
            slots[j] = types.size();
            switch (c.function()) {
                case COUNT -> types.add(DataType.BIGINT);
                case SUM -> {
                    types.add(sumType(c));
                    types.add(DataType.BIGINT);
                }
                case AVG -> {
                    types.add(argType(c).kind() == TypeKind.DOUBLE ? DataType.DOUBLE : DataType.BIGINT);
                    types.add(DataType.BIGINT);
                }
                case MIN, MAX -> types.add(argType(c));
                case VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> types.addAll(List.of(DataType.BIGINT, DataType.DOUBLE, DataType.DOUBLE));
            }
        }
        avgSum = new int[slots.length];
        int star = -1;
        for (int j = 0; j < slots.length; j++) {
            Call c = node.calls().get(j);
            avgSum[j] = -1;
            if (c.function() == AggregateNode.Function.COUNT && c.arg() < 0 && star < 0) star = slots[j];
            if (c.function() != AggregateNode.Function.AVG) continue;
            avgSum[j] = slots[j];
            for (int i = 0; i < slots.length; i++) {
                Call o = node.calls().get(i);
                if (o.function() == AggregateNode.Function.SUM && o.arg() == c.arg() && sameSum(o, types.get(slots[j]))) {
                    avgSum[j] = slots[i];
                    break;
                }
            }
        }
        ownTupleCount = star < 0;
        if (ownTupleCount) {
            star = types.size();
            types.add(DataType.BIGINT);
        }
        this.tuples = star;
        this.layout = new RowLayout(types);
        this.local = w -> {
            synchronized (this) {
                if (!registered) {
                    registered = true;
                    w.query().defer(this);
                }
                AggHashTable[] t = new AggHashTable[partitions(w.query())];
                locals.add(t); // before filling it: a failed allocation leaves only live tables to close
                for (int p = 0; p < t.length; p++) t[p] = new AggHashTable(layout, w.query().allocator());
                return t;
            }
        };
    }

    /** Whether call j (a SUM or an AVG) adds into a sum of its own. */
    private boolean ownSum(int j) {
        return node.calls().get(j).function() == AggregateNode.Function.SUM || avgSum[j] == slots[j];
    }

    /** Whether SUM call {@code sum} adds the same numbers an AVG of its column adds into a slot of {@code avgSumType}. */
    private boolean sameSum(Call sum, DataType avgSumType) {
        DataType arg = argType(sum), st = sumType(sum);
        if (avgSumType.kind() == TypeKind.DOUBLE) return st.kind() == TypeKind.DOUBLE && arg.kind() == TypeKind.DOUBLE;
        if (arg.kind() == TypeKind.DECIMAL) return st.kind() == TypeKind.DECIMAL && st.scale() == arg.scale();
        return st.kind() == TypeKind.BIGINT && (arg.kind() == TypeKind.INTEGER || arg.kind() == TypeKind.BIGINT);
    }

    private DataType argType(Call c) {
        return inputTypes.get(c.arg());
    }

    private DataType sumType(Call c) {
        return c.type().kind() == TypeKind.DOUBLE ? DataType.DOUBLE : c.type().kind() == TypeKind.DECIMAL ? c.type() : DataType.BIGINT;
    }

    private boolean nullUntilFirst(Call c) {
        return c.function() == AggregateNode.Function.MIN || c.function() == AggregateNode.Function.MAX;
    }

    public RowLayout layout() {
        return layout;
    }

    // ---- consume: probe and update ----

    @Override
    public void consume(Tuple in, PipelineCodegen gen) {
        CodeBuilder code = gen.code;
        String partitions = gen.state(TABLE + "[]", local);
        if (gen.once("mergeRow")) mergeMethod(gen);
        PipelineCodegen.SourceLoop loop = gen.loop();
        if (node.groupKeys().length == 0 && loop != null) {
            new LocalAccumulators(gen, loop, partitions).consume(in);
            return;
        }
        List<DictionaryCode> codes = loop == null || needsStore() ? null : dictionaryKeys(in, code);
        String r, table;
        if (codes == null && loop != null && !needsStore() && fixedWidthKeys()) {
            r = lookupByRuns(in, gen, partitions, loop);
            table = null; // no call writes into the store (needsStore)
        } else if (codes == null) {
            String[] found = lookup(in, gen, partitions);
            r = found[0];
            table = found[1];
        } else {
            r = lookupByCodes(in, gen, partitions, loop, codes);
            table = null; // no call writes into the store (needsStore)
        }
        ValueCode[] args = readArguments(in, code);
        for (int j = 0; j < slots.length; j++) update(gen, r, j, args[j], table);
        if (ownTupleCount) {
            String at = r + " + " + layout.valueOffset(tuples) + "L";
            code.line(MEM + "putLong(" + at + ", " + MEM + "getLong(" + at + ") + 1L);");
        }
    }

    /**
     * Each call's argument (null for COUNT(*)), every column read once however many calls take it
     * (SUM and AVG of one column): the reads are statements at the loop body's level, so their
     * locals stay in scope for every update after them.
     */
    private ValueCode[] readArguments(Tuple in, CodeBuilder code) {
        java.util.Map<Integer, ValueCode> read = new java.util.HashMap<>();
        ValueCode[] args = new ValueCode[slots.length];
        for (int j = 0; j < slots.length; j++) {
            int arg = node.calls().get(j).arg();
            if (arg >= 0) args[j] = read.computeIfAbsent(arg, c -> in.read(c, code));
        }
        return args;
    }

    /** Emits the group's lookup by its keys' hash, inserting it if new; returns the names of its row and its table. */
    private String[] lookup(Tuple in, PipelineCodegen gen, String partitions) {
        List<ValueCode> keys = new ArrayList<>();
        for (int k : node.groupKeys()) keys.add(in.read(k, gen.code));
        return lookup(keys, gen, partitions);
    }

    private String[] lookup(List<ValueCode> keys, PipelineCodegen gen, String partitions) {
        CodeBuilder code = gen.code;
        String h = keys.isEmpty() ? Hash.finish(Hash.SEED) + "L" : StoreCode.hash(code, keys);
        String table = code.fresh("table");
        code.line(TABLE + " " + table + " = " + partitions + "[(int) (" + h + " >>> " + PARTITION_SHIFT + ") & (" + partitions
                + ".length - 1)];");
        return new String[] {findOrInsert(gen, table, h, keys), table};
    }

    /** Whether every group key is a fixed-width value (no VARCHAR), which a local can keep. */
    private boolean fixedWidthKeys() {
        for (int k : node.groupKeys()) if (inputTypes.get(k).kind() == TypeKind.VARCHAR) return false;
        return true;
    }

    /** Rowsets a run check that found too few runs stays off for before it is tried again. */
    static final int RUNS_OFF_ROWSETS = 32;

    /**
     * Emits the lookup of a group by hash, skipped while a tuple has the same keys as the one
     * before it: input clustered by the keys (lineitem by l_orderkey) arrives in runs of equal
     * keys, and the run's tuples reuse its group's row. The check costs a compare per tuple, so it
     * keeps itself on only while the runs pay: a rowset with fewer than one repeat per
     * four lookups turns it off for the next {@value #RUNS_OFF_ROWSETS} rowsets (of this worker's
     * pipeline instance), after which one rowset measures again. Returns the name of the group
     * row's local.
     */
    private String lookupByRuns(Tuple in, PipelineCodegen gen, String partitions, PipelineCodegen.SourceLoop loop) {
        CodeBuilder code = gen.code;
        String off = code.fresh("runsOff"), on = code.fresh("runsOn"), hits = code.fresh("runHits"), misses = code.fresh("runMisses"),
                last = code.fresh("runGroup");
        gen.rawField("private int " + off + ";");
        List<ValueCode> keys = new ArrayList<>();
        for (int k : node.groupKeys()) keys.add(in.read(k, code));
        String pad = "        ";
        StringBuilder before = new StringBuilder();
        before.append(pad).append("boolean ").append(on).append(" = ").append(off).append(" == 0;\n");
        before.append(pad).append("if (!").append(on).append(") ").append(off).append("--;\n");
        before.append(pad).append("long ").append(hits).append(" = 0L, ").append(misses).append(" = 0L, ").append(last).append(" = 0L;\n");
        List<ValueCode> previous = new ArrayList<>();
        List<String> same = new ArrayList<>();
        for (ValueCode k : keys) {
            String v = code.fresh("runKey"), n = code.fresh("runKeyNull");
            before.append(pad).append(javaType(k.type())).append(' ').append(v).append(" = ").append(defaultValue(k.type())).append(";\n");
            before.append(pad).append("boolean ").append(n).append(" = false;\n");
            ValueCode prev = ValueCode.of(n, v, k.type());
            previous.add(prev);
            same.add(StoreCode.sameGroup(k, prev));
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
        code.line(g + " = " + lookup(keys, gen, partitions)[0] + ";");
        code.line(last + " = " + g + ";");
        code.line(misses + "++;");
        for (int i = 0; i < keys.size(); i++) {
            code.line(previous.get(i).isNull() + " = " + keys.get(i).isNull() + ";");
            code.line(previous.get(i).value() + " = " + keys.get(i).value() + ";");
        }
        code.close();
        return g;
    }

    /** Whether some call copies strings into the group's store (MIN or MAX of a VARCHAR). */
    private boolean needsStore() {
        for (Call c : node.calls()) {
            if ((c.function() == AggregateNode.Function.MIN || c.function() == AggregateNode.Function.MAX)
                    && argType(c).kind() == TypeKind.VARCHAR) return true;
        }
        return false;
    }

    /** The group keys' dictionary codes when every key is a rowset column that may be dictionary-encoded; else null. */
    private List<DictionaryCode> dictionaryKeys(Tuple in, CodeBuilder code) {
        int mark = code.mark();
        List<DictionaryCode> codes = new ArrayList<>();
        for (int k : node.groupKeys()) {
            DictionaryCode d = in.dictionary(k, code);
            if (d == null) {
                code.cut(mark); // drop the NULL tests already emitted
                return null;
            }
            codes.add(d);
        }
        return codes;
    }

    /** Most entries (combinations of the keys' codes, NULL included) of a per-rowset code-to-group map. */
    static final int MAX_CODE_GROUPS = 1 << 16;

    /**
     * Emits the lookup of a group whose keys are dictionary-encoded columns: while every key is
     * encoded in the rowset, the group of each combination of codes is found by hash once per
     * rowset and kept in an array indexed by the codes, so a tuple costs an array load instead of
     * hashing and comparing strings. Returns the name of the group row's local.
     */
    private String lookupByCodes(Tuple in, PipelineCodegen gen, String partitions, PipelineCodegen.SourceLoop loop,
                                 List<DictionaryCode> codes) {
        CodeBuilder code = gen.code;
        String field = code.fresh("groupsByCode"), map = code.fresh("byCode"), on = code.fresh("byCodeOn"), n = code.fresh("codes");
        gen.rawField("private long[] " + field + " = new long[0];");
        StringBuilder encoded = new StringBuilder();
        String entries = null; // capped at MAX_CODE_GROUPS + 1 after each factor: no overflow
        for (DictionaryCode d : codes) {
            encoded.append(encoded.isEmpty() ? "" : " && ").append(d.encoded());
            String factor = "(long) (" + d.size() + " + 1)";
            entries = entries == null ? factor : "Math.min(" + (MAX_CODE_GROUPS + 1) + "L, " + entries + " * " + factor + ")";
        }
        String pad = "        ";
        loop.before(pad + "long[] " + map + " = null;\n"
                + pad + "long " + n + " = " + entries + ";\n"
                + pad + "boolean " + on + " = " + encoded + " && (" + n + " <= 1024L || " + n + " <= rows) && " + n + " <= "
                + MAX_CODE_GROUPS + "L;\n"
                + pad + "if (" + on + ") {\n"
                + pad + "    if (" + field + ".length < " + n + ") " + field + " = new long[(int) " + n + "];\n"
                + pad + "    else java.util.Arrays.fill(" + field + ", 0, (int) " + n + ", 0L);\n"
                + pad + "    " + map + " = " + field + ";\n"
                + pad + "}\n");
        String g = code.fresh("group"), at = code.fresh("codeAt");
        code.line("long " + g + " = 0L;");
        code.line("int " + at + " = -1;");
        code.open("if (" + on + ")");
        String index = null;
        for (DictionaryCode d : codes) {
            String one = "(" + d.isNull() + " ? " + d.size() + " : " + d.code() + ")"; // NULL: the entry after the last code
            index = index == null ? one : "(" + index + ") * (" + d.size() + " + 1) + " + one;
        }
        code.line(at + " = " + index + ";");
        code.line(g + " = " + map + "[" + at + "];");
        code.close();
        code.open("if (" + g + " == 0L)");
        code.line(g + " = " + lookup(in, gen, partitions)[0] + ";");
        code.line("if (" + at + " >= 0) " + map + "[" + at + "] = " + g + ";");
        code.close();
        return g;
    }

    /**
     * Without GROUP BY: the one group is found once per loop of the source (per rowset) and each
     * call's running value lives in locals for the whole loop (the JIT keeps them in registers), to
     * be added to the group's row after it. A running SUM still fails on overflow, per tuple.
     * MIN and MAX of VARCHAR (strings copied into the store) update the row per tuple.
     */
    private final class LocalAccumulators {
        private final PipelineCodegen gen;
        private final CodeBuilder code;
        private final String group, table;
        private final String[] value, count, any;
        private final String tupleCount;

        LocalAccumulators(PipelineCodegen gen, PipelineCodegen.SourceLoop loop, String partitions) {
            this.gen = gen;
            this.code = gen.code;
            int indent = code.indent(), mark = code.mark();
            code.setIndent(2);
            String h = Hash.finish(Hash.SEED) + "L";
            table = code.fresh("table");
            code.line(TABLE + " " + table + " = " + partitions + "[(int) (" + h + " >>> " + PARTITION_SHIFT + ") & (" + partitions
                    + ".length - 1)];");
            group = findOrInsert(gen, table, h, List.of());
            tupleCount = declare("long", "tuples", "0L");
            value = new String[slots.length];
            count = new String[slots.length];
            any = new String[slots.length];
            for (int j = 0; j < slots.length; j++) {
                Call c = node.calls().get(j);
                if (!local(c)) continue;
                switch (c.function()) {
                    case COUNT -> count[j] = declare("long", "count", "0L");
                    case SUM, AVG -> {
                        if (ownSum(j)) value[j] = declare(javaType(layout.types().get(slots[j])), "sum", "0");
                        count[j] = declare("long", "count", "0L");
                    }
                    case MIN, MAX -> {
                        value[j] = declare(javaType(argType(c)), "extreme", defaultValue(argType(c)));
                        any[j] = declare("boolean", "anyExtreme", "false");
                    }
                }
            }
            loop.before(code.cut(mark));
            for (int j = 0; j < slots.length; j++) if (local(node.calls().get(j))) flush(j);
            if (ownTupleCount) {
                String at = group + " + " + layout.valueOffset(tuples) + "L";
                code.line(MEM + "putLong(" + at + ", " + MEM + "getLong(" + at + ") + " + tupleCount + ");");
            }
            loop.after(code.cut(mark));
            code.setIndent(indent);
        }

        /** Whether call c runs in locals; VARCHAR MIN/MAX and the variances update the group's row per tuple. */
        private boolean local(Call c) {
            return !((c.function() == AggregateNode.Function.MIN || c.function() == AggregateNode.Function.MAX)
                    && argType(c).kind() == TypeKind.VARCHAR) && !c.function().isVariance();
        }

        private String declare(String type, String prefix, String init) {
            String name = code.fresh(prefix);
            code.line(type + " " + name + " = " + init + ";");
            return name;
        }

        void consume(Tuple in) {
            ValueCode[] args = readArguments(in, code);
            code.line(tupleCount + "++;");
            for (int j = 0; j < slots.length; j++) {
                Call c = node.calls().get(j);
                ValueCode a = args[j];
                if (!local(c)) {
                    update(gen, group, j, a, table);
                    continue;
                }
                boolean nullable = a != null && !a.isNull().equals("false");
                if (nullable) code.open("if (!" + a.isNull() + ")");
                switch (c.function()) {
                    case COUNT -> code.line(count[j] + "++;");
                    case SUM, AVG -> {
                        if (value[j] != null) {
                            code.line(value[j] + " = " + plus(layout.types().get(slots[j]), value[j], a.value(), what(gen, c)) + ";");
                        }
                        code.line(count[j] + "++;");
                    }
                    case MIN, MAX -> {
                        code.open("if (!" + any[j] + " || " + better(a, ValueCode.of("false", value[j], a.type()),
                                c.function() == AggregateNode.Function.MIN) + ")");
                        code.line(value[j] + " = " + a.value() + ";");
                        code.line(any[j] + " = true;");
                        code.close();
                    }
                }
                if (nullable) code.close();
            }
        }

        /** Adds call j's locals to the group's row. */
        private void flush(int j) {
            Call c = node.calls().get(j);
            int s = slots[j];
            String at = group + " + " + layout.valueOffset(s) + "L";
            switch (c.function()) {
                case COUNT -> code.line(MEM + "putLong(" + at + ", " + MEM + "getLong(" + at + ") + " + count[j] + ");");
                case SUM, AVG -> {
                    if (value[j] != null) add(code, at, layout.types().get(s), value[j], what(gen, c));
                    String nulls = group + " + " + layout.valueOffset(s + 1) + "L";
                    code.line(MEM + "putLong(" + nulls + ", " + MEM + "getLong(" + nulls + ") + (" + tupleCount + " - " + count[j] + "));");
                }
                case MIN, MAX -> {
                    code.open("if (" + any[j] + ")");
                    keepExtreme(code, group, s, ValueCode.of("false", value[j], argType(c)), c.function() == AggregateNode.Function.MIN,
                            table + ".store()");
                    code.close();
                }
            }
        }
    }

    private static String javaType(DataType t) {
        return switch (t.kind()) {
            case BOOLEAN -> "boolean";
            case INTEGER, DATE -> "int";
            case BIGINT, DECIMAL, TIMESTAMP -> "long";
            case DOUBLE -> "double";
            case VARCHAR -> throw new IllegalArgumentException("no local for a VARCHAR accumulator");
        };
    }

    private static String defaultValue(DataType t) {
        return t.kind() == TypeKind.BOOLEAN ? "false" : "0";
    }

    /** The Java expression {@code sum + value} for an accumulator of {@code slotType}: checked for overflow unless DOUBLE. */
    private static String plus(DataType slotType, String sum, String value, String what) {
        if (slotType.kind() == TypeKind.DOUBLE) return sum + " + " + value;
        return "io.ascan.codegen.rt.Arith.add(" + sum + ", (long) " + value + ", " + what + ")";
    }

    /** The probe: finds the group of {@code keys} (hash {@code h}) in {@code table} or inserts it; returns the row's local. */
    private String findOrInsert(PipelineCodegen gen, String table, String h, List<ValueCode> keys) {
        return findOrInsert(gen, table, h, keys, null);
    }

    /** As above; with {@code adopt} (the merge's row of another table), a new group adopts that row and the method returns. */
    private String findOrInsert(PipelineCodegen gen, String table, String h, List<ValueCode> keys, String adopt) {
        CodeBuilder code = gen.code;
        String r = code.fresh("group"), p = code.fresh("p");
        code.line("long " + r + ";");
        code.line("long " + p + " = " + h + " & " + table + ".mask();");
        code.open("while (true)");
        code.line(r + " = " + table + ".slot(" + p + ");");
        code.open("if (" + r + " == 0L)");
        if (adopt != null) {
            code.line(table + ".adopt(" + h + ", " + p + ", " + adopt + ");");
            code.line("return;");
            code.close();
        }
        if (adopt == null) code.line(r + " = " + table + ".insert(" + h + ", " + p + ");");
        if (adopt == null) {
            for (int w = 0; w < initialNullWords().length; w++) {
                long bits = initialNullWords()[w];
                if (bits != 0) code.line(MEM + "putLong(" + r + " + " + (16 + 8 * w) + "L, " + bits + "L);");
            }
            for (int i = 0; i < keys.size(); i++) StoreCode.write(code, r, layout, i, keys.get(i), table + ".store()");
            code.line("break;");
            code.close();
        }
        if (keys.isEmpty()) {
            code.line("break; // one group");
            code.close();
            return r;
        }
        code.open("if (" + MEM + "getLong(" + r + " + 8L) == " + h + ")");
        List<String> same = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) same.add(StoreCode.sameGroup(keys.get(i), StoreCode.read(code, r, layout, i)));
        code.line("if (" + String.join(" && ", same) + ") break;");
        code.close();
        code.line(p + " = (" + p + " + 1L) & " + table + ".mask();");
        code.close();
        return r;
    }

    /** Null bits a new group starts with: MIN and MAX are NULL until their first input. */
    long[] initialNullWords() {
        long[] words = new long[(layout.columns() + 63) / 64 == 0 ? 1 : (layout.columns() + 63) / 64];
        for (int j = 0; j < slots.length; j++) {
            if (nullUntilFirst(node.calls().get(j))) words[slots[j] >>> 6] |= RowLayout.nullMask(slots[j]);
        }
        return words;
    }

    private String what(PipelineCodegen gen, Call c) {
        String arg = c.arg() < 0 ? "*" : node.input().output().get(c.arg()).name();
        return gen.code.constant("String", c.function() + "(" + arg + ")");
    }

    private void update(PipelineCodegen gen, String r, int j, ValueCode a, String table) {
        CodeBuilder code = gen.code;
        Call c = node.calls().get(j);
        int s = slots[j];
        String at = r + " + " + layout.valueOffset(s) + "L";
        if (c.function() == AggregateNode.Function.SUM || c.function() == AggregateNode.Function.AVG) {
            boolean nullable = !a.isNull().equals("false"), ownSum = ownSum(j);
            if (nullable) {
                String nulls = r + " + " + layout.valueOffset(s + 1) + "L";
                code.open("if (" + a.isNull() + ")");
                code.line(MEM + "putLong(" + nulls + ", " + MEM + "getLong(" + nulls + ") + 1L);");
                code.close();
                if (ownSum) code.open("else");
            }
            if (ownSum) add(code, at, layout.types().get(s), a.value(), what(gen, c));
            if (nullable && ownSum) code.close();
            return;
        }
        if (a != null && !a.isNull().equals("false")) code.open("if (!" + a.isNull() + ")");
        switch (c.function()) {
            case COUNT -> code.line(MEM + "putLong(" + at + ", " + MEM + "getLong(" + at + ") + 1L);");
            case SUM, AVG -> throw new AssertionError("SUM and AVG are updated above");
            case MIN, MAX -> keepExtreme(code, r, s, a, c.function() == AggregateNode.Function.MIN, table + ".store()");
            case VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> code.line(VARIANCE + "add(" + variance(r, s) + ", " + asDouble(a) + ");");
        }
        if (a != null && !a.isNull().equals("false")) code.close();
    }

    private static final String VARIANCE = "io.ascan.codegen.rt.Variance.";

    /** The addresses of a variance's three columns (count, mean, squared deviations) in row r, from column s. */
    private String variance(String r, int s) {
        return r + " + " + layout.valueOffset(s) + "L, " + r + " + " + layout.valueOffset(s + 1) + "L, " + r + " + " + layout.valueOffset(s + 2) + "L";
    }

    /** A numeric value as a DOUBLE. */
    private static String asDouble(ValueCode a) {
        return switch (a.type().kind()) {
            case DECIMAL -> "io.ascan.codegen.rt.Decimals.toDouble(" + a.value() + ", " + a.type().scale() + ")";
            case DOUBLE -> a.value();
            default -> "(double) " + a.value();
        };
    }

    private static void add(CodeBuilder code, String at, DataType slotType, String value, String what) {
        String get = slotType.kind() == TypeKind.DOUBLE ? MEM + "getDouble(" + at + ")" : MEM + "getLong(" + at + ")";
        code.line(MEM + (slotType.kind() == TypeKind.DOUBLE ? "putDouble(" : "putLong(") + at + ", " + plus(slotType, get, value, what) + ");");
    }

    /** A Java condition: non-NULL {@code a} goes before (MIN) or after (MAX) non-NULL {@code cur}. */
    private static String better(ValueCode a, ValueCode cur, boolean min) {
        return switch (a.type().kind()) {
            case VARCHAR -> "io.ascan.codegen.rt.Strings.compare(" + a.value() + ", " + a.length() + ", " + cur.value() + ", " + cur.length()
                    + ") " + (min ? "<" : ">") + " 0";
            case BOOLEAN -> min ? "!" + a.value() + " && " + cur.value() : a.value() + " && !" + cur.value();
            // SQL order, as ORDER BY: NaN above every number, so MAX over a NaN is NaN (DuckDB, PostgreSQL)
            case DOUBLE -> "io.ascan.codegen.rt.Compare.doubles(" + a.value() + ", " + cur.value() + ") " + (min ? "<" : ">") + " 0";
            default -> a.value() + (min ? " < " : " > ") + cur.value();
        };
    }

    private void keepExtreme(CodeBuilder code, String r, int s, ValueCode a, boolean min, String store) {
        ValueCode cur = StoreCode.read(code, r, layout, s);
        code.open("if (" + cur.isNull() + " || " + better(a, cur, min) + ")");
        StoreCode.writeValue(code, r, layout, s, a, store);
        code.line(StoreCode.clearNull(r, layout, s));
        code.close();
    }

    // ---- the merge of worker tables, generated into the same class ----

    private void mergeMethod(PipelineCodegen gen) {
        CodeBuilder code = gen.code;
        int mark = code.mark(), indent = code.indent();
        code.setIndent(2);
        code.line(TABLE + " t = (" + TABLE + ") target;");
        List<ValueCode> keys = new ArrayList<>();
        for (int i = 0; i < node.groupKeys().length; i++) keys.add(StoreCode.read(code, "other", layout, i));
        String h = code.fresh("h");
        code.line("long " + h + " = " + MEM + "getLong(other + 8L);");
        String d = findOrInsert(gen, "t", h, keys, "other");
        for (int j = 0; j < slots.length; j++) {
            Call c = node.calls().get(j);
            int s = slots[j];
            String dst = d + " + " + layout.valueOffset(s) + "L", from = "other + " + layout.valueOffset(s) + "L";
            switch (c.function()) {
                case COUNT -> code.line(MEM + "putLong(" + dst + ", " + MEM + "getLong(" + dst + ") + " + MEM + "getLong(" + from + "));");
                case SUM, AVG -> {
                    DataType st = layout.types().get(s);
                    if (ownSum(j)) { // a shared sum is the SUM's
                        add(code, dst, st, (st.kind() == TypeKind.DOUBLE ? MEM + "getDouble(" : MEM + "getLong(") + from + ")", what(gen, c));
                    }
                    String dc = d + " + " + layout.valueOffset(s + 1) + "L", sc = "other + " + layout.valueOffset(s + 1) + "L";
                    code.line(MEM + "putLong(" + dc + ", " + MEM + "getLong(" + dc + ") + " + MEM + "getLong(" + sc + "));");
                }
                case MIN, MAX -> {
                    ValueCode v = StoreCode.read(code, "other", layout, s);
                    code.open("if (!" + v.isNull() + ")");
                    keepExtreme(code, d, s, v, c.function() == AggregateNode.Function.MIN, "t.store()");
                    code.close();
                }
                case VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> code.line(VARIANCE + "merge(" + variance(d, s) + ", " + MEM + "getLong(other + "
                        + layout.valueOffset(s) + "L), " + MEM + "getDouble(other + " + layout.valueOffset(s + 1) + "L), " + MEM
                        + "getDouble(other + " + layout.valueOffset(s + 2) + "L));");
            }
        }
        if (ownTupleCount) {
            String dst = d + " + " + layout.valueOffset(tuples) + "L";
            code.line(MEM + "putLong(" + dst + ", " + MEM + "getLong(" + dst + ") + " + MEM + "getLong(other + " + layout.valueOffset(tuples)
                    + "L));");
        }
        String body = code.cut(mark);
        code.setIndent(indent);
        code.member("    public void mergeRow(long other, Object target) {\n" + body + "    }\n");
    }

    // ---- finish: merge, then expose the groups ----

    /** Hash bits that pick a group's partition: high ones (a table's slot index uses the low ones). */
    private static final int PARTITION_SHIFT = 40;

    /**
     * Partitions per worker: a power of two, at least the number of threads that merge. Groups
     * of partition p meet only groups of partition p, so the merge runs per partition in parallel
     * with no locks, folding every worker's table p into the largest one.
     */
    static int partitions(QueryContext query) {
        return Integer.highestOneBit(Math.min(64, 2 * query.options().computeThreads() - 1));
    }

    @Override
    public void finish(Pipeline last, QueryContext query) throws Exception {
        List<AggHashTable[]> tables;
        synchronized (this) {
            // No worker ran (e.g. a scan with every slice pruned): empty tables.
            if (locals.isEmpty()) local.get(new io.ascan.exec.WorkerContext(query, 0, null));
            tables = List.copyOf(locals);
        }
        int partitions = tables.getFirst().length;
        List<PipelineCompiler.Instance> instances = last.instances();
        AggHashTable[] results = new AggHashTable[partitions];
        if (tables.size() == 1) {
            System.arraycopy(tables.getFirst(), 0, results, 0, partitions);
        } else {
            int threads = Math.min(partitions, query.options().computeThreads());
            Workers.run(query, "agg-merge", threads, w -> "merge of " + describe(), w -> {
                for (int p = w; p < partitions; p += threads) {
                    results[p] = mergePartition(tables, p, instances.get(w % instances.size()).code());
                }
            });
        }
        long n = 0;
        for (AggHashTable t : results) n += t.groupCount();
        if (node.groupKeys().length == 0 && n == 0) {
            AggHashTable first = results[0];
            long h = Hash.finish(Hash.SEED);
            long row = first.insert(h, h & first.mask());
            long[] words = initialNullWords();
            for (int w = 0; w < words.length; w++) Mem.putLong(row + 16 + 8L * w, words[w]);
            n = 1;
        }
        long[] rows = new long[Math.toIntExact(n)];
        int[] i = {0};
        for (AggHashTable t : results) t.forEachGroup(row -> rows[i[0]++] = row);
        groups = rows;
    }

    /**
     * Folds partition p of every worker into the worker's table p with the most groups (the
     * fewest inserts), grown once to hold them all: a group it lacks adopts the other table's
     * row (no copy), so the other tables keep their rows until {@link #close} and free only their
     * slot arrays here.
     */
    private AggHashTable mergePartition(List<AggHashTable[]> tables, int p, PipelineCode merger) {
        int target = 0;
        long total = 0;
        for (int w = 0; w < tables.size(); w++) {
            total += tables.get(w)[p].groupCount();
            if (tables.get(w)[p].groupCount() > tables.get(target)[p].groupCount()) target = w;
        }
        AggHashTable into = tables.get(target)[p];
        into.reserve(total);
        for (int w = 0; w < tables.size(); w++) {
            if (w == target) continue;
            AggHashTable other = tables.get(w)[p];
            other.forEachGroup(row -> merger.mergeRow(row, into));
            synchronized (this) {
                other.closeSlots();
            }
        }
        return into;
    }

    /** Addresses of the merged groups (after {@link #finish}). */
    public long[] groups() {
        return groups;
    }

    /** The aggregation's output tuple over the group row in field {@code row}: keys, then each call's final value. */
    public Tuple output(String row) {
        List<DataType> types = node.output().stream().map(OutputColumn::type).toList();
        int keys = node.groupKeys().length;
        return new Tuple(types, (c, code) -> {
            if (c < keys) return StoreCode.read(code, row, layout, c);
            Call call = node.calls().get(c - keys);
            int s = slots[c - keys];
            AggregateNode.Function f = call.function();
            if (f.isVariance()) {
                String n = code.fresh("inputs"), isNull = code.fresh("noVariance"), v = code.fresh("variance");
                code.line("long " + n + " = " + MEM + "getLong(" + row + " + " + layout.valueOffset(s) + "L);");
                code.line("boolean " + isNull + " = " + VARIANCE + "isNull(\"" + f + "\", " + n + ");");
                code.line("double " + v + " = " + VARIANCE + "result(\"" + f + "\", " + n + ", " + MEM + "getDouble(" + row + " + "
                        + layout.valueOffset(s + 2) + "L));");
                return ValueCode.of(isNull, v, call.type());
            }
            if (f != AggregateNode.Function.AVG && f != AggregateNode.Function.SUM) return StoreCode.read(code, row, layout, s);
            String cnt = code.fresh("count"), n = code.fresh("noInput"), v = code.fresh("avg");
            code.line("long " + cnt + " = " + MEM + "getLong(" + row + " + " + layout.valueOffset(tuples) + "L) - " + MEM + "getLong(" + row
                    + " + " + layout.valueOffset(s + 1) + "L);");
            code.line("boolean " + n + " = " + cnt + " == 0L;");
            if (f == AggregateNode.Function.SUM) return ValueCode.of(n, StoreCode.read(code, row, layout, s).value(), layout.types().get(s));
            String sumAt = row + " + " + layout.valueOffset(avgSum[c - keys]) + "L";
            DataType arg = argType(call);
            if (call.type().kind() == TypeKind.DECIMAL) {
                code.line("long " + v + " = " + n + " ? 0L : io.ascan.codegen.rt.Aggregates.avgDecimal(" + MEM + "getLong(" + sumAt + "), "
                        + cnt + ", " + arg.scale() + ", " + call.type().scale() + ");");
            } else if (arg.kind() == TypeKind.DOUBLE) {
                code.line("double " + v + " = " + MEM + "getDouble(" + sumAt + ") / " + cnt + ";");
            } else {
                code.line("double " + v + " = " + n + " ? 0.0 : io.ascan.codegen.rt.Aggregates.avgDouble(" + MEM + "getLong(" + sumAt + "), "
                        + cnt + ", " + (arg.kind() == TypeKind.DECIMAL ? arg.scale() : 0) + ");");
            }
            return ValueCode.of(n, v, call.type());
        });
    }

    @Override
    public String describe() {
        StringBuilder sb = new StringBuilder("HashAggregate(keys ").append(java.util.Arrays.toString(node.groupKeys())).append(", ");
        for (int j = 0; j < node.calls().size(); j++) {
            Call c = node.calls().get(j);
            sb.append(j > 0 ? ", " : "").append(c.function()).append('(').append(c.arg() < 0 ? "*" : "$" + c.arg()).append(')');
        }
        return sb.append(')').toString();
    }

    @Override
    public synchronized void close() {
        for (AggHashTable[] w : locals) {
            for (AggHashTable t : w) if (t != null) t.close();
        }
        locals.clear();
    }

    @Override
    public List<StateSupplier> stateSuppliers() {
        return List.of(local);
    }
}
