package io.ascan.codegen;

import io.ascan.exec.store.RowLayout;
import io.ascan.types.DataType;
import java.util.List;

/**
 * Generated-code fragments over {@link RowLayout} rows (join build sides, aggregation groups,
 * sort runs): typed reads and writes by constant offsets, key hashing and key equality. Values
 * hash by value with integers widened to long, so INTEGER and BIGINT keys of equal value meet.
 */
public final class StoreCode {
    static final String MEM = "io.ascan.codegen.rt.Mem.";
    static final String HASH = "io.ascan.codegen.rt.Hash.";

    private StoreCode() {}

    /** Reads column {@code c} of the row at address {@code row} (a Java expression). */
    public static ValueCode read(CodeBuilder code, String row, RowLayout layout, int c) {
        return read(code, row, layout, c, null);
    }

    /**
     * {@link #read(CodeBuilder, String, RowLayout, int)}, NULL without a load where the Java
     * expression {@code padded} (if not null) is true: an outer join's missing row.
     */
    public static ValueCode read(CodeBuilder code, String row, RowLayout layout, int c, String padded) {
        DataType t = layout.types().get(c);
        String n = code.fresh("s" + c + "Null");
        code.line("boolean " + n + " = " + (padded == null ? "" : padded + " || ") + "(" + MEM + "getLong(" + row + " + "
                + layout.nullWordOffset(c) + "L) & " + RowLayout.nullMask(c) + "L) != 0L;");
        String at = row + " + " + layout.valueOffset(c) + "L";
        String v = code.fresh("s" + c + "_");
        // guarded, a padded row's value is the type's default, as Tuple.nulls gives
        String load = padded == null ? "" : padded + " ? " + switch (t.kind()) {
            case BOOLEAN -> "false";
            case DOUBLE -> "0.0";
            case INTEGER, DATE -> "0";
            default -> "0L";
        } + " : ";
        switch (t.kind()) {
            case BOOLEAN -> code.line("boolean " + v + " = " + load + MEM + "getLong(" + at + ") != 0L;");
            case INTEGER, DATE -> code.line("int " + v + " = " + load + "(int) " + MEM + "getLong(" + at + ");");
            case BIGINT, DECIMAL, TIMESTAMP -> code.line("long " + v + " = " + load + MEM + "getLong(" + at + ");");
            case DOUBLE -> code.line("double " + v + " = " + load + MEM + "getDouble(" + at + ");");
            case VARCHAR -> {
                String a = code.fresh("s" + c + "Str");
                code.line("long " + a + " = " + load + MEM + "getLong(" + at + ");");
                String len = code.fresh("s" + c + "Len");
                code.line("int " + len + " = " + a + " == 0L ? 0 : " + MEM + "getInt(" + a + ");");
                code.line("long " + v + " = " + a + " + 4L;");
                return new ValueCode(n, v, len, t, null, true);
            }
        }
        return ValueCode.of(n, v, t);
    }

    /**
     * Writes {@code v} into column {@code c}; strings are copied into {@code store} (a TupleStore
     * expression) unless they are a store's already ({@link ValueCode#stored}).
     */
    public static void write(CodeBuilder code, String row, RowLayout layout, int c, ValueCode v, String store) {
        write(code, row, layout, c, v, store, false);
    }

    /**
     * {@link #write(CodeBuilder, String, RowLayout, int, ValueCode, String)}; with {@code intern}, a
     * string that can be interned ({@link ValueCode#interned}) is: for a store that keeps every
     * string it is given until the query ends (a join's build side), not one that copies its rows
     * elsewhere and frees them as it goes (a top-k), which would leave the intern table pointing at freed memory.
     */
    public static void write(CodeBuilder code, String row, RowLayout layout, int c, ValueCode v, String store, boolean intern) {
        boolean nullable = !v.isNull().equals("false");
        if (nullable) code.open("if (" + v.isNull() + ")").line(setNull(row, layout, c)).close().open("else");
        if (intern && !v.stored() && v.interned() != null) {
            code.line(MEM + "putLong(" + row + " + " + layout.valueOffset(c) + "L, " + v.interned().apply(store) + ");");
        } else {
            writeValue(code, row, layout, c, v, store);
        }
        if (nullable) code.close();
    }

    /** Writes a non-NULL value (the null bit is left as it is). */
    public static void writeValue(CodeBuilder code, String row, RowLayout layout, int c, ValueCode v, String store) {
        String at = row + " + " + layout.valueOffset(c) + "L";
        switch (v.type().kind()) {
            case BOOLEAN -> code.line(MEM + "putLong(" + at + ", " + v.value() + " ? 1L : 0L);");
            case INTEGER, DATE, BIGINT, DECIMAL, TIMESTAMP -> code.line(MEM + "putLong(" + at + ", (long) " + v.value() + ");");
            case DOUBLE -> code.line(MEM + "putDouble(" + at + ", " + v.value() + ");");
            // A string of a store (all live until the query ends) is shared, not copied: fewer bytes
            // written, and rows that share a string keep reading the same, cached bytes.
            case VARCHAR -> code.line(MEM + "putLong(" + at + ", " + (v.stored() ? v.value() + " - 4L"
                    : store + ".appendString(" + v.value() + ", " + v.length() + ")") + ");");
        }
    }

    public static String setNull(String row, RowLayout layout, int c) {
        String w = row + " + " + layout.nullWordOffset(c) + "L";
        return MEM + "putLong(" + w + ", " + MEM + "getLong(" + w + ") | " + RowLayout.nullMask(c) + "L);";
    }

    public static String clearNull(String row, RowLayout layout, int c) {
        String w = row + " + " + layout.nullWordOffset(c) + "L";
        return MEM + "putLong(" + w + ", " + MEM + "getLong(" + w + ") & ~" + RowLayout.nullMask(c) + "L);";
    }

    /** Emits {@code long h = hash(keys)}, NULL keys hashing as {@link io.ascan.codegen.rt.Hash#NULL_VALUE}; returns h's name. */
    public static String hash(CodeBuilder code, List<ValueCode> keys) {
        String h = code.fresh("h");
        code.line("long " + h + " = " + HASH + "SEED;");
        for (ValueCode k : keys) {
            String v = asLong(k);
            if (k.isNull().equals("false")) code.line(h + " = " + HASH + "combine(" + h + ", " + v + ");");
            else code.line(h + " = " + HASH + "combine(" + h + ", " + k.isNull() + " ? " + HASH + "NULL_VALUE : " + v + ");");
        }
        code.line(h + " = " + HASH + "finish(" + h + ");");
        return h;
    }

    private static String asLong(ValueCode k) {
        return switch (k.type().kind()) {
            case BOOLEAN -> "(" + k.value() + " ? 1L : 0L)";
            case INTEGER, DATE, BIGINT, DECIMAL, TIMESTAMP -> "(long) " + k.value();
            case DOUBLE -> HASH + "ofDouble(" + k.value() + ")";
            case VARCHAR -> k.hash() != null ? k.hash().get() : HASH + "ofBytes(" + k.value() + ", " + k.length() + ")";
        };
    }

    /** A Java condition: non-NULL values a and b are equal (SQL equality; NaN equals NaN for grouping). */
    public static String equal(ValueCode a, ValueCode b) {
        return switch (a.type().kind()) {
            case VARCHAR -> "io.ascan.codegen.rt.Strings.equals(" + a.value() + ", " + a.length() + ", " + b.value() + ", " + b.length() + ")";
            case DOUBLE -> "(" + a.value() + " == " + b.value() + " || (" + a.value() + " != " + a.value() + " && " + b.value()
                    + " != " + b.value() + "))";
            default -> a.value() + " == " + b.value();
        };
    }

    /** Grouping equality: NULL equals NULL. */
    public static String sameGroup(ValueCode a, ValueCode b) {
        if (a.isNull().equals("false") && b.isNull().equals("false")) return equal(a, b);
        return "(" + a.isNull() + " ? " + b.isNull() + " : !" + b.isNull() + " && " + equal(a, b) + ")";
    }
}
