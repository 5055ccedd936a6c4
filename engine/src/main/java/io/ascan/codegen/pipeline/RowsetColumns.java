package io.ascan.codegen.pipeline;

import io.ascan.codegen.ArrowColumnCode;
import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.VectorColumnAccess;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.BitSet;
import java.util.List;

/**
 * Reads column {@code c} of rowset tuple {@code row} from fields the variant method loads once
 * per rowset. A VARCHAR segment may be dictionary-encoded or plain, slice by slice, so the
 * string read picks codes or row numbers by a per-rowset flag (a perfectly predicted branch).
 *
 * <p>Counting lines (the STAGING variant while the interconnect is emulated): every read also
 * marks the 64-byte lines it touches in a {@code LineTracker} field, buffer by buffer, so the
 * consumer can charge the distinct lines the parent's code really read. Other variants, and
 * STAGING without emulation, carry no such code. The per-rowset passes over a dictionary
 * (predicate tables, entry hashes) are not counted: a dictionary is small next to its codes.
 */
public final class RowsetColumns implements VectorColumnAccess {
    private final List<DataType> types;
    private static final String MEM = "io.ascan.codegen.rt.Mem.";

    private final PipelineCodegen gen;
    private final String lines;
    private final BitSet used = new BitSet();
    private final StringBuilder perBatch = new StringBuilder();
    private final StringBuilder passes = new StringBuilder();

    /** @param lines the LineTracker field to mark touched lines in, or null for no counting */
    public RowsetColumns(List<DataType> types, PipelineCodegen gen, String lines) {
        this.types = types;
        this.gen = gen;
        this.lines = lines;
    }

    /** Statements to run once per rowset, after {@link #bind}: the per-dictionary tables of predicates. */
    public String perBatchStatements() {
        return perBatch.toString();
    }

    public BitSet used() {
        return used;
    }

    private final java.util.Map<Integer, String> dictionaryHashes = new java.util.HashMap<>();

    @Override
    public ValueCode read(int c, CodeBuilder code) {
        used.set(c);
        DataType t = types.get(c);
        if (lines != null) touchValue(c, t, code);
        // A rowset's VARCHAR may be plain or dictionary-encoded, decided per slice: the flag is a field.
        ValueCode v = ArrowColumnCode.read(code, c, t, "strOffsets" + c, "strData" + c,
                "dict" + c + " ? " + ArrowColumnCode.dictionaryCode(c) + " : row");
        if (lines != null && t.kind() == TypeKind.VARCHAR) {
            code.open("if (!" + v.isNull() + ")");
            code.line(lines + ".touch(lineOffsets" + c + ", strOffsets" + c + " + 4L * (dict" + c + " ? "
                    + ArrowColumnCode.dictionaryCode(c) + " : row), 8);");
            code.line(lines + ".touch(lineStrings" + c + ", " + v.value() + ", " + v.length() + ");");
            code.close();
        }
        if (v.length() == null) return v;
        // Hashing (join and group keys) looks the hash of a dictionary entry up, computed once per rowset.
        return new ValueCode(v.isNull(), v.value(), v.length(), v.type(), () -> "(dict" + c + " ? " + dictionaryHashes(c) + "["
                + ArrowColumnCode.dictionaryCode(c) + "] : io.ascan.codegen.rt.Hash.ofBytes(" + v.value() + ", " + v.length() + "))",
                false, store -> interned(c, store, v));
    }

    private final java.util.Map<Integer, String> internTables = new java.util.HashMap<>();

    /**
     * A store string holding {@code v}, column c's value: in a dictionary-encoded rowset the entry's
     * one copy for this rowset ({@link io.ascan.exec.store.TupleStore#intern}), else a copy.
     */
    private String interned(int c, String store, ValueCode v) {
        String table = internTables.computeIfAbsent(c, k -> {
            String f = gen.field("long[]", "interned");
            perBatch.append("        ").append(f).append(" = io.ascan.exec.store.TupleStore.internTable(").append(f)
                    .append(", dict").append(c).append(" ? dictSize").append(c).append(" : 0);\n");
            return f;
        });
        return "(" + table + " != null ? " + store + ".intern(" + table + ", " + ArrowColumnCode.dictionaryCode(c) + ", " + v.value()
                + ", " + v.length() + ") : " + store + ".appendString(" + v.value() + ", " + v.length() + "))";
    }

    @Override
    public String validity(int c) {
        used.set(c);
        return "valid" + c;
    }

    @Override
    public void touchValidity(int c, CodeBuilder code) {
        used.set(c);
        if (lines != null) code.line("if (valid" + c + " != 0L) " + lines + ".touch(lineValid" + c + ", valid" + c + " + (row >>> 3));");
    }

    @Override
    public String value(int c, CodeBuilder code) {
        used.set(c);
        DataType t = types.get(c);
        if (lines != null) touchValue(c, t, code);
        return ArrowColumnCode.fixedValue(c, t);
    }

    @Override
    public boolean mayBeDictionary(int c) {
        return types.get(c).kind() == TypeKind.VARCHAR;
    }

    /** Marks the validity bit's line and the value's (or dictionary code's) line. */
    private void touchValue(int c, DataType t, CodeBuilder code) {
        touchValidity(c, code);
        String at = switch (t.kind()) {
            case BOOLEAN -> "data" + c + " + (row >>> 3)";
            case INTEGER, DATE, VARCHAR -> "data" + c + " + 4L * row";
            case BIGINT, DECIMAL, TIMESTAMP, DOUBLE -> "data" + c + " + 8L * row";
        };
        String touch = lines + ".touch(lineData" + c + ", " + at + ");";
        code.line(t.kind() == TypeKind.VARCHAR ? "if (dict" + c + ") " + touch : touch);
    }

    /** The field holding Hash.ofBytes of each entry of column c's dictionary in the current rowset. */
    private String dictionaryHashes(int c) {
        return dictionaryHashes.computeIfAbsent(c, k -> perBatch("long[]", "dict" + c + " ? io.ascan.codegen.rt.Hash.ofDictionary(strOffsets"
                + c + ", strData" + c + ", dictSize" + c + ") : null"));
    }

    @Override
    public DictionaryCode dictionary(int c, CodeBuilder code) {
        if (types.get(c).kind() != TypeKind.VARCHAR) return null;
        used.set(c);
        if (lines != null) touchValue(c, types.get(c), code);
        String n = code.fresh("c" + c + "Null");
        code.line("boolean " + n + " = valid" + c + " != 0L && !io.ascan.codegen.rt.Mem.bit(valid" + c + ", row);");
        return new DictionaryCode(n, ArrowColumnCode.dictionaryCode(c), "strOffsets" + c, "strData" + c, "dictSize" + c, "dict" + c);
    }

    @Override
    public String perBatch(String javaType, String init) {
        String f = gen.field(javaType, "perRowset");
        perBatch.append("        ").append(f).append(" = ").append(init).append(";\n");
        return f;
    }

    /**
     * Adds statements run once per rowset after P's selection and before the pipeline's loop:
     * {@code code} may open its own loops over the {@code selected} tuples (tuple {@code at} is
     * row {@link #selectedRow}; columns read with {@link #read} through a local {@code int row})
     * and fill arrays the pipeline's loop then reads by {@code row}. The independent loads of such
     * a pass overlap in the memory system, which the pipeline's branchy fused loop cannot do:
     * hash-table bucket heads are the use. The pass may also drop tuples from the selection when
     * the tuple it was handed says so ({@link Tuple#rowset}): write the rows it keeps to {@code
     * sel[0..]}, lower {@code selected}, and set {@code identity = false}.
     */
    public void pass(String code) {
        passes.append(code);
    }

    /**
     * The row of selected tuple {@code at}: {@code sel[at]}, unless nothing was selected out yet
     * (a variant without P's vectorised conjuncts), where the selection is every row and {@code
     * sel} not filled. The flag is a local set once per rowset: a perfectly predicted branch.
     */
    public static String selectedRow(String at) {
        return "identity ? " + at + " : sel[" + at + "]";
    }

    /** Whether some operator added a {@link #pass}: the variant's loop then runs over a selection vector. */
    public boolean hasPasses() {
        return !passes.isEmpty();
    }

    public String passStatements() {
        return passes.toString();
    }

    /** Field declarations for column c. */
    public static String fields(int c, DataType type) {
        String f = "private long valid" + c + ", data" + c + ";";
        if (type.kind() != TypeKind.VARCHAR) return f;
        return f + "\n    private long strOffsets" + c + ", strData" + c + ";\n    private boolean dict" + c + ";\n    private int dictSize" + c + ";";
    }

    /** Field declarations of the line counting of column c. */
    public static String countingFields(int c) {
        return "private int lineValid" + c + ", lineData" + c + ", lineOffsets" + c + ", lineStrings" + c + ";";
    }

    /** Statements loading column c's addresses from Batch {@code in} (and registering its buffers when counting). */
    public void bind(int c, CodeBuilder code) {
        DataType type = types.get(c);
        code.line("valid" + c + " = in.validity[" + c + "]; data" + c + " = in.data[" + c + "];");
        boolean varchar = type.kind() == TypeKind.VARCHAR;
        if (varchar) {
            code.line("dict" + c + " = in.dictionaryOffsets[" + c + "] != 0L; dictSize" + c + " = in.dictionarySize[" + c + "];");
            code.line("strOffsets" + c + " = dict" + c + " ? in.dictionaryOffsets[" + c + "] : in.offsets[" + c + "]; strData" + c
                    + " = dict" + c + " ? in.dictionaryData[" + c + "] : in.data[" + c + "];");
        }
        if (lines == null) return;
        code.line("lineValid" + c + " = valid" + c + " != 0L ? " + lines + ".register(valid" + c + ", (rows + 7) >>> 3) : -1;");
        if (!varchar) {
            String bytes = switch (type.kind()) {
                case BOOLEAN -> "(rows + 7) >>> 3";
                case INTEGER, DATE -> "4L * rows";
                default -> "8L * rows";
            };
            code.line("lineData" + c + " = " + lines + ".register(data" + c + ", " + bytes + ");");
            return;
        }
        String entries = "(dict" + c + " ? in.dictionarySize[" + c + "] : rows)";
        code.line("lineData" + c + " = dict" + c + " ? " + lines + ".register(data" + c + ", 4L * rows) : -1;");
        code.line("lineOffsets" + c + " = " + lines + ".register(strOffsets" + c + ", 4L * (" + entries + " + 1));");
        code.line("lineStrings" + c + " = " + lines + ".register(strData" + c + ", " + MEM + "getInt(strOffsets" + c + " + 4L * "
                + entries + "));");
    }
}
