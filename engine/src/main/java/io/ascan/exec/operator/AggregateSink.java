package io.ascan.exec.operator;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
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
 * slots (COUNT: a count; SUM, MIN, MAX: the value, NULL until the first input; AVG: sum and count).
 * Without GROUP BY an empty input still gives one group (COUNT 0, the others NULL).
 */
public final class AggregateSink implements PipelineSink, AutoCloseable {
    private static final String MEM = "io.ascan.codegen.rt.Mem.";
    private static final String TABLE = AggHashTable.class.getName();

    private final AggregateNode node;
    private final List<DataType> inputTypes;
    private final RowLayout layout;
    private final int[] slots;
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
                case SUM -> types.add(sumType(c));
                case AVG -> {
                    types.add(argType(c).kind() == TypeKind.DOUBLE ? DataType.DOUBLE : DataType.BIGINT);
                    types.add(DataType.BIGINT);
                }
                case MIN, MAX -> types.add(argType(c));
            }
        }
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

    private DataType argType(Call c) {
        return inputTypes.get(c.arg());
    }

    private DataType sumType(Call c) {
        return c.type().kind() == TypeKind.DOUBLE ? DataType.DOUBLE : c.type().kind() == TypeKind.DECIMAL ? c.type() : DataType.BIGINT;
    }

    private boolean nullUntilFirst(Call c) {
        return c.function() == AggregateNode.Function.SUM || c.function() == AggregateNode.Function.MIN
                || c.function() == AggregateNode.Function.MAX;
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
        List<ValueCode> keys = new ArrayList<>();
        for (int k : node.groupKeys()) keys.add(in.read(k, code));
        String h = keys.isEmpty() ? Hash.finish(Hash.SEED) + "L" : StoreCode.hash(code, keys);
        String table = code.fresh("table");
        code.line(TABLE + " " + table + " = " + partitions + "[(int) (" + h + " >>> " + PARTITION_SHIFT + ") & (" + partitions
                + ".length - 1)];");
        String r = findOrInsert(gen, table, h, keys);
        for (int j = 0; j < slots.length; j++) {
            Call c = node.calls().get(j);
            ValueCode a = c.arg() < 0 ? null : in.read(c.arg(), code);
            update(gen, r, j, a, table);
        }
    }

    /** The probe: finds the group of {@code keys} (hash {@code h}) in {@code table} or inserts it; returns the row's local. */
    private String findOrInsert(PipelineCodegen gen, String table, String h, List<ValueCode> keys) {
        CodeBuilder code = gen.code;
        String r = code.fresh("group"), p = code.fresh("p");
        code.line("long " + r + ";");
        code.line("long " + p + " = " + h + " & " + table + ".mask();");
        code.open("while (true)");
        code.line(r + " = " + table + ".slot(" + p + ");");
        code.open("if (" + r + " == 0L)");
        code.line(r + " = " + table + ".insert(" + h + ", " + p + ");");
        for (int w = 0; w < initialNullWords().length; w++) {
            long bits = initialNullWords()[w];
            if (bits != 0) code.line(MEM + "putLong(" + r + " + " + (16 + 8 * w) + "L, " + bits + "L);");
        }
        for (int i = 0; i < keys.size(); i++) StoreCode.write(code, r, layout, i, keys.get(i), table + ".store()");
        code.line("break;");
        code.close();
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

    /** Null bits a new group starts with: SUM, MIN and MAX are NULL until their first input. */
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
        if (a != null && !a.isNull().equals("false")) code.open("if (!" + a.isNull() + ")");
        switch (c.function()) {
            case COUNT -> code.line(MEM + "putLong(" + at + ", " + MEM + "getLong(" + at + ") + 1L);");
            case SUM -> {
                add(code, at, layout.types().get(s), a.value(), what(gen, c));
                code.line(StoreCode.clearNull(r, layout, s));
            }
            case AVG -> {
                add(code, at, layout.types().get(s), a.value(), what(gen, c));
                String cnt = r + " + " + layout.valueOffset(s + 1) + "L";
                code.line(MEM + "putLong(" + cnt + ", " + MEM + "getLong(" + cnt + ") + 1L);");
            }
            case MIN, MAX -> keepExtreme(code, r, s, a, c.function() == AggregateNode.Function.MIN, table + ".store()");
        }
        if (a != null && !a.isNull().equals("false")) code.close();
    }

    private static void add(CodeBuilder code, String at, DataType slotType, String value, String what) {
        if (slotType.kind() == TypeKind.DOUBLE) {
            code.line(MEM + "putDouble(" + at + ", " + MEM + "getDouble(" + at + ") + " + value + ");");
        } else {
            code.line(MEM + "putLong(" + at + ", io.ascan.codegen.rt.Arith.add(" + MEM + "getLong(" + at + "), (long) " + value + ", "
                    + what + "));");
        }
    }

    private void keepExtreme(CodeBuilder code, String r, int s, ValueCode a, boolean min, String store) {
        ValueCode cur = StoreCode.read(code, r, layout, s);
        String better = switch (a.type().kind()) {
            case VARCHAR -> "io.ascan.codegen.rt.Strings.compare(" + a.value() + ", " + a.length() + ", " + cur.value() + ", " + cur.length()
                    + ") " + (min ? "<" : ">") + " 0";
            case BOOLEAN -> min ? "!" + a.value() + " && " + cur.value() : a.value() + " && !" + cur.value();
            default -> a.value() + (min ? " < " : " > ") + cur.value();
        };
        code.open("if (" + cur.isNull() + " || " + better + ")");
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
        String d = findOrInsert(gen, "t", h, keys);
        for (int j = 0; j < slots.length; j++) {
            Call c = node.calls().get(j);
            int s = slots[j];
            String dst = d + " + " + layout.valueOffset(s) + "L", from = "other + " + layout.valueOffset(s) + "L";
            switch (c.function()) {
                case COUNT -> code.line(MEM + "putLong(" + dst + ", " + MEM + "getLong(" + dst + ") + " + MEM + "getLong(" + from + "));");
                case SUM, AVG -> {
                    DataType st = layout.types().get(s);
                    add(code, dst, st, (st.kind() == TypeKind.DOUBLE ? MEM + "getDouble(" : MEM + "getLong(") + from + ")", what(gen, c));
                    if (c.function() == AggregateNode.Function.AVG) {
                        String dc = d + " + " + layout.valueOffset(s + 1) + "L", sc = "other + " + layout.valueOffset(s + 1) + "L";
                        code.line(MEM + "putLong(" + dc + ", " + MEM + "getLong(" + dc + ") + " + MEM + "getLong(" + sc + "));");
                    } else {
                        ValueCode v = StoreCode.read(code, "other", layout, s);
                        code.line("if (!" + v.isNull() + ") " + StoreCode.clearNull(d, layout, s));
                    }
                }
                case MIN, MAX -> {
                    ValueCode v = StoreCode.read(code, "other", layout, s);
                    code.open("if (!" + v.isNull() + ")");
                    keepExtreme(code, d, s, v, c.function() == AggregateNode.Function.MIN, "t.store()");
                    code.close();
                }
            }
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
            Workers.run(query, "agg-merge", threads, w -> {
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
        for (AggHashTable t : results) t.store().forEachRow(row -> rows[i[0]++] = row);
        groups = rows;
    }

    /**
     * Folds partition p of every worker into the worker's table p with the most groups (the
     * fewest inserts) and closes the others as soon as they are merged.
     */
    private AggHashTable mergePartition(List<AggHashTable[]> tables, int p, PipelineCode merger) {
        int target = 0;
        for (int w = 1; w < tables.size(); w++) if (tables.get(w)[p].groupCount() > tables.get(target)[p].groupCount()) target = w;
        AggHashTable into = tables.get(target)[p];
        for (int w = 0; w < tables.size(); w++) {
            if (w == target) continue;
            AggHashTable other = tables.get(w)[p];
            other.store().forEachRow(row -> merger.mergeRow(row, into));
            synchronized (this) {
                other.close();
                tables.get(w)[p] = null; // closed: close() skips it
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
            if (call.function() != AggregateNode.Function.AVG) return StoreCode.read(code, row, layout, s);
            String cnt = code.fresh("count"), n = code.fresh("avgNull"), v = code.fresh("avg");
            code.line("long " + cnt + " = " + MEM + "getLong(" + row + " + " + layout.valueOffset(s + 1) + "L);");
            code.line("boolean " + n + " = " + cnt + " == 0L;");
            String sumAt = row + " + " + layout.valueOffset(s) + "L";
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
}
