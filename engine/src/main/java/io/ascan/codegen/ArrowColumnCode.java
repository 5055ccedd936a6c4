package io.ascan.codegen;

import io.ascan.types.DataType;

/**
 * Generated code that reads one value of an Arrow column at the local {@code row}, from locals
 * holding the column's buffer addresses: {@code valid<c>} (0 = no NULLs) and {@code data<c>}.
 * Shared by the expression compiler's batches and the pipelines' rowsets; they differ only in
 * where a VARCHAR finds its offsets and bytes (plain, or through a dictionary).
 */
public final class ArrowColumnCode {
    private static final String MEM = "io.ascan.codegen.rt.Mem.";

    private ArrowColumnCode() {}

    /**
     * @param offsets VARCHAR only: expression for the offsets buffer address
     * @param data    VARCHAR only: expression for the string bytes address
     * @param index   VARCHAR only: expression for the entry of {@code row} in those buffers
     *                ({@code row}, or its dictionary code)
     */
    public static ValueCode read(CodeBuilder code, int c, DataType t, String offsets, String data, String index) {
        String n = code.fresh("c" + c + "Null");
        code.line("boolean " + n + " = valid" + c + " != 0L && !" + MEM + "bit(valid" + c + ", row);");
        String v = code.fresh("c" + c + "_");
        switch (t.kind()) {
            case BOOLEAN -> code.line("boolean " + v + " = " + MEM + "bit(data" + c + ", row);");
            case INTEGER, DATE, BIGINT, DECIMAL, TIMESTAMP, DOUBLE -> code.line(ValueCode.javaType(t) + " " + v + " = " + fixedValue(c, t) + ";");
            case VARCHAR -> {
                String len = code.fresh("c" + c + "Len");
                code.line("long " + v + " = 0L;");
                code.line("int " + len + " = 0;");
                code.open("if (!" + n + ")");
                String ix = code.fresh("ix");
                code.line("int " + ix + " = " + index + ";");
                String start = code.fresh("start");
                code.line("int " + start + " = " + MEM + "getInt(" + offsets + " + 4L * " + ix + ");");
                code.line(len + " = " + MEM + "getInt(" + offsets + " + 4L * " + ix + " + 4L) - " + start + ";");
                code.line(v + " = " + data + " + " + start + ";");
                code.close();
                return new ValueCode(n, v, len, t);
            }
        }
        return ValueCode.of(n, v, t);
    }

    /** The value of {@code row} in fixed-width column {@code c} (not BOOLEAN, not VARCHAR), NULL or not. */
    public static String fixedValue(int c, DataType t) {
        return switch (t.kind()) {
            case INTEGER, DATE -> MEM + "getInt(data" + c + " + 4L * row)";
            case BIGINT, DECIMAL, TIMESTAMP -> MEM + "getLong(data" + c + " + 8L * row)";
            case DOUBLE -> MEM + "getDouble(data" + c + " + 8L * row)";
            case BOOLEAN, VARCHAR -> throw new IllegalArgumentException("not a fixed-width column: " + t);
        };
    }

    /** The dictionary code of {@code row} in a dictionary-encoded column {@code c}. */
    public static String dictionaryCode(int c) {
        return MEM + "getInt(data" + c + " + 4L * row)";
    }
}
