package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.StoreCode;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.pipeline.PipelineCodegen;
import io.ascan.codegen.pipeline.Tuple;
import io.ascan.codegen.rt.Hash;
import io.ascan.exec.store.AggHashTable;
import io.ascan.exec.store.DirectGroups;
import io.ascan.exec.store.TupleStore;
import java.util.ArrayList;
import java.util.List;

/**
 * The probe of the group tables by hash, inline in generated code: a group's partition is picked
 * by high bits of its hash, its slot by low ones, with linear probing; a missing group is
 * inserted with its keys and its calls' initial NULL bits. {@link RunsProbe} and
 * {@link CodesProbe} skip it for tuples whose group they know already.
 */
final class GroupProbe {
    static final String MEM = AggregateFunction.MEM;
    static final String TABLE = AggHashTable.class.getName();
    static final String STORE = TupleStore.class.getName();
    /** Hash bits that pick a group's partition: high ones (a table's slot index uses the low ones). */
    static final int PARTITION_SHIFT = 40;

    private final AggregateLayout layout;
    private final int[] groupKeys;
    /** Positions among the keys the hash covers; empty: all ({@link io.ascan.plan.AggregateNode#hashedKeys}). */
    private final int[] hashedKeys;

    GroupProbe(AggregateLayout layout, int[] groupKeys, int[] hashedKeys) {
        this.layout = layout;
        this.groupKeys = groupKeys;
        this.hashedKeys = hashedKeys;
    }

    /** A group's row and the store it lives in, as names of locals. */
    record Found(String row, String store) {}

    /** Emits the group's lookup by its keys' hash, inserting it if new. */
    Found lookup(Tuple in, PipelineCodegen gen, String partitions) {
        List<ValueCode> keys = new ArrayList<>();
        for (int k : groupKeys) keys.add(in.read(k, gen.code));
        return lookup(keys, gen, partitions, null);
    }

    /**
     * Emits the group's lookup, inserting it if new: with {@code direct} (the local of the
     * worker's {@link DirectGroups}, null at run time when the range does not suit), a key within
     * {@link DirectKey}'s range finds its group at slot key - min; any other key by hash.
     */
    Found lookup(List<ValueCode> keys, PipelineCodegen gen, String partitions, DirectKey direct) {
        CodeBuilder code = gen.code;
        if (direct == null) {
            String h = keys.isEmpty() ? Hash.finish(Hash.SEED) + "L" : StoreCode.hash(code, hashed(keys));
            String table = partition(code, partitions, h);
            return new Found(findOrInsert(code, table, h, keys, null), table + ".store()");
        }
        ValueCode k = keys.getFirst();
        String g = code.fresh("group"), store = code.fresh("groupStore"), d = code.fresh("slot");
        code.line("long " + g + ";");
        code.line(STORE + " " + store + ";");
        code.line("long " + d + " = " + k.isNull() + " ? -1L : (long) (" + k.value() + ") - " + direct.min() + "L;");
        code.open("if (" + direct.state() + " != null && " + d + " >= 0L && " + d + " < " + direct.span() + "L)");
        code.line(g + " = " + direct.state() + ".find(" + d + ");");
        code.open("if (" + g + " == 0L)");
        code.line(g + " = " + direct.state() + ".insert(" + d + ");");
        initialise(code, g, keys, direct.state() + ".store()");
        code.close();
        code.line(store + " = " + direct.state() + ".store();");
        code.close();
        code.open("else");
        Found hashed = lookup(keys, gen, partitions, null);
        code.line(g + " = " + hashed.row() + ";");
        code.line(store + " = " + hashed.store() + ";");
        code.close();
        return new Found(g, store);
    }

    /** The direct-address groups' per-worker state (its local) and the plan's key range. */
    record DirectKey(String state, long min, long span) {}

    /** Emits the initial NULL bits of a new group's calls and the writes of its keys. */
    private void initialise(CodeBuilder code, String r, List<ValueCode> keys, String store) {
        long[] words = layout.initialNullWords();
        for (int w = 0; w < words.length; w++) {
            if (words[w] != 0) code.line(MEM + "putLong(" + r + " + " + (16 + 8 * w) + "L, " + words[w] + "L);");
        }
        for (int i = 0; i < keys.size(); i++) StoreCode.write(code, r, layout.rows, i, keys.get(i), store);
    }

    private List<ValueCode> hashed(List<ValueCode> keys) {
        if (hashedKeys.length == 0) return keys;
        List<ValueCode> some = new ArrayList<>();
        for (int k : hashedKeys) some.add(keys.get(k));
        return some;
    }

    /** Emits the pick of the table of the partition of hash {@code h}; returns its local. */
    static String partition(CodeBuilder code, String partitions, String h) {
        String table = code.fresh("table");
        code.line(TABLE + " " + table + " = " + partitions + "[(int) (" + h + " >>> " + PARTITION_SHIFT + ") & (" + partitions
                + ".length - 1)];");
        return table;
    }

    /**
     * The probe: finds the group of {@code keys} (hash {@code h}) in {@code table} or inserts it;
     * returns the row's local. With {@code adopt} (the merge's row of another table), a new group
     * adopts that row and the method returns.
     */
    String findOrInsert(CodeBuilder code, String table, String h, List<ValueCode> keys, String adopt) {
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
        } else {
            code.line(r + " = " + table + ".insert(" + h + ", " + p + ");");
            initialise(code, r, keys, table + ".store()");
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
        for (int i = 0; i < keys.size(); i++) same.add(StoreCode.sameGroup(keys.get(i), StoreCode.read(code, r, layout.rows, i)));
        code.line("if (" + String.join(" && ", same) + ") break;");
        code.close();
        code.line(p + " = (" + p + " + 1L) & " + table + ".mask();");
        code.close();
        return r;
    }
}
