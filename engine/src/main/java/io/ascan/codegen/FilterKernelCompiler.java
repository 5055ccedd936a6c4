package io.ascan.codegen;

import io.ascan.codegen.rt.Batch;
import io.ascan.codegen.rt.Constants;
import io.ascan.codegen.rt.Generated;
import io.ascan.codegen.rt.StringScratch;
import io.ascan.exec.store.BloomFilter;
import io.ascan.expr.Expr;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Compiles the pushdown filter (A-Scan paper IV-B): the scan predicate P, then each runtime filter
 * R (a Bloom filter over some key columns), over a slice's columns where they landed, into loops
 * that write the positions of passing tuples to a selection vector: P's simple conjuncts batch at
 * a time and branch-free ({@link SelectionCodegen}), then the rest of P and each R, each loop over
 * the tuples the ones before kept (an R hashes a chunk of keys, then tests the chunk: see
 * {@link #emitRuntimeFilter}). P's string comparisons
 * with literals run on dictionary codes when a column arrives dictionary-encoded; since that is
 * decided per segment, a kernel is compiled per combination of encodings (the class is cached by
 * its source text, so each combination compiles once). R hashes its keys exactly as the join
 * build does, so a tuple the join could match always passes.
 */
public final class FilterKernelCompiler {
    private static final String CLASS = "GeneratedFilter";
    private static final JaninoClasses CLASSES = new JaninoClasses(CLASS, "generated pushdown filter");

    /** Tuples whose key hashes one R step computes before it tests them: the hashes stay in L1. */
    static final int CHUNK = 1024;
    private static final long[] NO_BOUNDS = {};
    private static final String MEM = "io.ascan.codegen.rt.Mem.";

    private FilterKernelCompiler() {}

    /** Longs per runtime filter in a kernel call's {@code bounds}: its key range's min and max, its bitmap's address. */
    public static final int BOUNDS = 3;

    /** How a runtime filter tests a tuple's keys. */
    public enum KeyTest {
        /** Hash the keys, test the Bloom filter. */
        BLOOM,
        /** One integer key: its range first (two compares), then the Bloom filter on the keys inside. */
        RANGE_THEN_BLOOM,
        /** One integer key: its range alone (to measure what the range removes before the Bloom filter). */
        RANGE,
        /** One integer key: its range and one bit of the build's exact key bitmap, no hashing. */
        BITMAP
    }

    /**
     * One runtime filter R as the kernel tests it: the batch positions of its key columns and the
     * test. The range and bitmap arrive with each call ({@link #BOUNDS}), so the kernel's source,
     * and its class, do not depend on them.
     */
    public record RuntimeFilterKeys(int[] columns, KeyTest test) {
        public RuntimeFilterKeys {
            if (test != KeyTest.BLOOM && columns.length != 1) {
                throw new IllegalArgumentException("a runtime filter's " + test + " test needs one key column, not " + columns.length);
            }
        }

        /** Bloom filters alone, over these key columns each. */
        public static List<RuntimeFilterKeys> hashed(List<int[]> columns) {
            return columns.stream().map(c -> new RuntimeFilterKeys(c, KeyTest.BLOOM)).toList();
        }
    }

    /**
     * Emits the key range test of runtime filter {@code f} over the tuples selected so far (every
     * row when {@code first}): one branch-free pass that keeps a tuple if its key lies in
     * {@code [min, max]} (a wrapped difference compared unsigned) or is NULL (the Bloom filter
     * decides those, as without a range). For a filtered dimension whose keys cluster (the dates of
     * one month or year) it drops most tuples for a subtraction and a compare, before any hashing.
     * With the build's exact key bitmap the range and the bit are tested together, unless the
     * range is narrow ({@link #emitBitmapAfterNarrowRange}).
     */
    private static void emitKeyRange(CodeBuilder code, ExprCompiler.BatchColumns batch, int f, int key, boolean first,
                                     boolean bitmap) {
        code.line("// R" + f + ": key range of column " + key + (bitmap ? " and bit of its key bitmap" : ", before its Bloom filter"));
        code.open("");
        code.line("long lo = bounds[" + (BOUNDS * f) + "], span = (bounds[" + (BOUNDS * f + 1) + "] - lo) ^ Long.MIN_VALUE;");
        if (bitmap) code.line("long bits = bounds[" + (BOUNDS * f + 2) + "];");
        code.line("int kept = 0;");
        String end = first ? "rows" : "n";
        for (boolean nulls : new boolean[] {false, true}) {
            if (!nulls) code.open("if (" + batch.validity(key) + " == 0L)");
            else code.open("else");
            if (bitmap) {
                emitBitmapAfterNarrowRange(code, batch, key, first, nulls, end);
            } else {
                keyPass(code, batch, key, first, nulls, end, false);
            }
            code.close();
        }
        code.line("n = kept;");
        code.close();
    }

    /** Tuples whose keys a bitmap R counts inside its range, to choose between its two loops. */
    static final int RANGE_PROBE = 1024;

    /**
     * A bitmap R: the first {@link #RANGE_PROBE} tuples' keys are counted inside the range; if
     * fewer than a quarter are (one month's dates among seven years'), a pass on the range alone
     * keeps those, and the bitmap is tested on them only: the loop over every tuple is a load, a
     * subtraction and a compare (JMH {@code RuntimeFilterBenchmark}: about 1.5x faster there).
     * Else one loop tests range and bit together, which costs less than two passes where most
     * keys lie inside. Either way the result is the same.
     */
    private static void emitBitmapAfterNarrowRange(CodeBuilder code, ExprCompiler.BatchColumns batch, int key, boolean first,
                                                   boolean nulls, String end) {
        code.line("int probe = Math.min(" + end + ", " + RANGE_PROBE + "), probedInside = 0;");
        code.open("for (int at = 0; at < probe; at++)");
        code.line("int row = " + (first ? "at" : "selection[at]") + ";");
        ValueCode p = batch.read(key, code);
        code.line("probedInside += (((long) " + p.value() + " - lo) ^ Long.MIN_VALUE) <= span ? 1 : 0;");
        code.close();
        code.open("if (probedInside * 4 < probe)");
        keyPass(code, batch, key, first, nulls, end, false);
        code.line("int inRange = kept;");
        code.line("kept = 0;");
        keyPass(code, batch, key, false, nulls, "inRange", true);
        code.close();
        code.open("else");
        keyPass(code, batch, key, first, nulls, end, true);
        code.close();
    }

    /**
     * Keeps the tuples whose key lies in the range, and where {@code bit} whose key's bit is set
     * (either, or is NULL where {@code nulls}). A key outside the range reads bit 0 of word 0 and
     * is not kept (the range is never empty), so the load needs no branch and never leaves the
     * bitmap.
     */
    private static void keyPass(CodeBuilder code, ExprCompiler.BatchColumns batch, int key, boolean first, boolean nulls,
                                String end, boolean bit) {
        code.open("for (int at = 0; at < " + end + "; at++)");
        code.line("int row = " + (first ? "at" : "selection[at]") + ";");
        ValueCode v = batch.read(key, code);
        code.line("selection[kept] = row;");
        code.line("long d = (long) " + v.value() + " - lo;");
        String in = "(d ^ Long.MIN_VALUE) <= span";
        if (bit) {
            code.line("boolean inside = " + in + ";");
            code.line("long bit = inside ? d : 0L;");
            in = "(inside & (" + MEM + "getLong(bits + ((bit >>> 6) << 3)) >>> bit & 1L) != 0L)";
        }
        code.line("kept += " + (nulls ? "(" + v.isNull() + " || " + in + ")" : in) + " ? 1 : 0;");
        code.close();
    }

    /**
     * Emits runtime filter {@code f} over the tuples selected so far (every row when {@code first}),
     * a chunk at a time in two loops: the first hashes the keys into {@code hashes}, the second
     * tests them against the filter's words and compacts the selection in place, branch-free. Split
     * so, neither loop waits on the other's latency (the multiplies of the hash, the filter's
     * load), and the filter's address and mask are locals. Where the key columns hold no NULLs in
     * this batch (no validity bitmap) the hash loop skips the NULL test.
     */
    private static void emitRuntimeFilter(CodeBuilder code, ExprCompiler.BatchColumns batch, int f, int[] keys, boolean first) {
        code.line("// R" + f + ": Bloom filter over columns " + Arrays.toString(keys) + ", hashes then tests, " + CHUNK
                + " tuples at a time");
        code.open("");
        String bloom = BloomFilter.class.getName();
        code.line("long words = filters[" + f + "].address(), mask = filters[" + f + "].mask();");
        code.line("int kept = 0;");
        String end = first ? "rows" : "n";
        code.open("for (int base = 0; base < " + end + "; base += " + CHUNK + ")");
        code.line("int to = Math.min(" + end + ", base + " + CHUNK + ");");
        List<String> validity = new ArrayList<>();
        for (int k : keys) validity.add(batch.validity(k));
        code.open("if ((" + String.join(" | ", validity) + ") == 0L)");
        hashLoop(code, batch, keys, first, false);
        code.close();
        code.open("else");
        hashLoop(code, batch, keys, first, true);
        code.close();
        code.open("for (int at = base; at < to; at++)");
        code.line("selection[kept] = " + (first ? "at" : "selection[at]") + ";");
        code.line("kept += " + bloom + ".test(words, mask, hashes[at - base]) ? 1 : 0;");
        code.close();
        code.close();
        code.line("n = kept;");
        code.close();
    }

    private static void hashLoop(CodeBuilder code, ExprCompiler.BatchColumns batch, int[] keys, boolean first, boolean nulls) {
        code.open("for (int at = base; at < to; at++)");
        code.line("int row = " + (first ? "at" : "selection[at]") + ";");
        List<ValueCode> values = new ArrayList<>();
        for (int k : keys) {
            ValueCode v = batch.read(k, code);
            values.add(nulls ? v : new ValueCode("false", v.value(), v.length(), v.type(), v.hash()));
        }
        code.line("hashes[at - base] = " + StoreCode.hash(code, values) + ";");
        code.close();
    }

    /**
     * @param predicate      P over the table's columns (null: none)
     * @param tableToBatch   position in the batch of each table column P reads
     * @param inputs         the batch's columns: type, encoding of this combination, name
     * @param runtimeFilters for each runtime filter, the batch positions of its key columns and
     *                       whether it tests a key range first
     * @param tableNames     names of the table's columns, for error messages of P
     */
    public static Compiled compile(Expr predicate, int[] tableToBatch, List<ExprCompiler.Input> inputs,
                                   List<RuntimeFilterKeys> runtimeFilters, IntFunction<String> tableNames) {
        return compile(predicate, tableToBatch, inputs, runtimeFilters, false, tableNames);
    }

    /**
     * As {@link #compile(Expr, int[], List, List, IntFunction)}; with {@code runtimeFiltersFirst}
     * the runtime filters run before P, and P only over the tuples they kept (the order a
     * {@link io.ascan.scan.materializer.RuntimeFilterOrder} chooses when R removes more per test).
     * Either order selects the same tuples.
     */
    public static Compiled compile(Expr predicate, int[] tableToBatch, List<ExprCompiler.Input> inputs,
                                   List<RuntimeFilterKeys> runtimeFilters, boolean runtimeFiltersFirst,
                                   IntFunction<String> tableNames) {
        CodeBuilder code = new CodeBuilder();
        ExprCompiler.BatchColumns batch = new ExprCompiler.BatchColumns(inputs);
        VectorColumnAccess tableColumns = VectorColumnAccess.remapped(batch, tableToBatch);
        int mark = code.mark();
        code.setIndent(2);
        // P's simple conjuncts branch-free, then the rest of P per tuple, then each R (or each R, then P): each refines the selection
        SelectionCodegen p = SelectionCodegen.of(predicate, tableColumns, tableNames);
        List<SelectionCodegen.Step> steps = new ArrayList<>(p.steps());
        Expr rest = p.restPredicate();
        if (rest != null) steps.add(SelectionCodegen.general(rest, tableColumns, tableNames));
        boolean rFirst = !runtimeFilters.isEmpty() && (steps.isEmpty() || runtimeFiltersFirst);
        if (rFirst) code.line("int n = 0;"); // the first R reads every row
        else SelectionCodegen.emit(code, steps, "selection", "n", "0", "rows");
        for (int f = 0; f < runtimeFilters.size(); f++) {
            RuntimeFilterKeys r = runtimeFilters.get(f);
            boolean first = rFirst && f == 0;
            if (r.test() != KeyTest.BLOOM) emitKeyRange(code, batch, f, r.columns()[0], first, r.test() == KeyTest.BITMAP);
            if (r.test() == KeyTest.BLOOM || r.test() == KeyTest.RANGE_THEN_BLOOM) {
                emitRuntimeFilter(code, batch, f, r.columns(), first && r.test() == KeyTest.BLOOM);
            }
        }
        if (rFirst) SelectionCodegen.refine(code, steps, "selection", "n");
        String body = code.cut(mark);

        String rt = "io.ascan.codegen.rt.";
        StringBuilder src = new StringBuilder();
        src.append("public final class ").append(CLASS).append(" extends ").append(Generated.class.getName())
                .append(" implements ").append(SelectionKernel.class.getName()).append(" {\n");
        for (String f : code.fieldDeclarations()) src.append("    ").append(f).append('\n');
        src.append("    private ").append(rt).append("StringScratch scratch;\n");
        if (!runtimeFilters.isEmpty()) src.append("    private final long[] hashes = new long[").append(CHUNK).append("];\n");
        for (int c : batch.used()) {
            src.append("    private long valid").append(c).append(", data").append(c).append(", offsets").append(c)
                    .append(", dictOffsets").append(c).append(", dictData").append(c).append(";\n");
            src.append("    private int dictSize").append(c).append(";\n");
        }
        for (String f : batch.perBatchFields()) src.append("    ").append(f).append('\n');
        src.append("\n    public ").append(CLASS).append("(Object[] constants) {\n        super(constants);\n    }\n\n");
        src.append("    public int select(").append(rt).append("Batch in, int rows, int[] selection, ").append(rt)
                .append("StringScratch scratch, ").append(BloomFilter.class.getName()).append("[] filters, long[] bounds) {\n");
        src.append("        this.scratch = scratch;\n");
        for (int c : batch.used()) {
            src.append("        valid").append(c).append(" = in.validity[").append(c).append("]; data").append(c).append(" = in.data[")
                    .append(c).append("]; offsets").append(c).append(" = in.offsets[").append(c).append("];\n");
            src.append("        dictOffsets").append(c).append(" = in.dictionaryOffsets[").append(c).append("]; dictData").append(c)
                    .append(" = in.dictionaryData[").append(c).append("]; dictSize").append(c).append(" = in.dictionarySize[")
                    .append(c).append("];\n");
        }
        src.append(batch.perBatchStatements());
        src.append(body);
        src.append("        return n;\n    }\n");
        for (String m : code.members()) src.append('\n').append(m);
        src.append("}\n");
        String source = src.toString();
        return new Compiled(CLASSES.load(source), source, code.constants());
    }

    /** A compiled kernel class with the constants of its compilation. */
    public record Compiled(Class<?> type, String source, Object[] constants) {
        /** An instance whose string constants live in memory from {@code allocator} (one per thread). */
        public Kernel instantiate(BufferAllocator allocator) {
            Constants bound = Constants.bind(constants, allocator);
            try {
                SelectionKernel k = (SelectionKernel) type.getConstructor(Object[].class).newInstance((Object) bound.values());
                return new Kernel(k, bound);
            } catch (ReflectiveOperationException e) {
                bound.close();
                throw new IllegalStateException("cannot instantiate a generated pushdown filter", e);
            }
        }
    }

    /** One thread's instance; closing it releases its constants' memory. */
    public record Kernel(SelectionKernel code, Constants constants) implements AutoCloseable {
        /** For kernels compiled without key ranges. */
        public int select(Batch in, int rows, int[] selection, StringScratch scratch, BloomFilter[] filters) {
            return code.select(in, rows, selection, scratch, filters, NO_BOUNDS);
        }

        /** @param bounds per runtime filter its key range's min and max and its bitmap's address ({@link #BOUNDS}) */
        public int select(Batch in, int rows, int[] selection, StringScratch scratch, BloomFilter[] filters, long[] bounds) {
            return code.select(in, rows, selection, scratch, filters, bounds);
        }

        @Override
        public void close() {
            constants.close();
        }
    }
}
