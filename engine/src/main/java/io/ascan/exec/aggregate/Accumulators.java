package io.ascan.exec.aggregate;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.StoreCode;
import io.ascan.exec.store.RowLayout;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;

/** Code shared by the aggregate functions: counters, checked sums and the running extremes of a group row. */
final class Accumulators {
    private static final String MEM = AggregateFunction.MEM;

    private Accumulators() {}

    /** Emits {@code *at += delta} for a BIGINT column. */
    static void increment(CodeBuilder code, String at, String delta) {
        code.line(MEM + "putLong(" + at + ", " + MEM + "getLong(" + at + ") + " + delta + ");");
    }

    /** Emits {@code *at += value} for a sum column of {@code slotType}, checked for overflow unless DOUBLE. */
    static void add(CodeBuilder code, String at, DataType slotType, String value, String what) {
        String get = slotType.kind() == TypeKind.DOUBLE ? MEM + "getDouble(" + at + ")" : MEM + "getLong(" + at + ")";
        code.line(MEM + (slotType.kind() == TypeKind.DOUBLE ? "putDouble(" : "putLong(") + at + ", " + plus(slotType, get, value, what) + ");");
    }

    /** The Java expression {@code sum + value} for an accumulator of {@code slotType}: checked for overflow unless DOUBLE. */
    static String plus(DataType slotType, String sum, String value, String what) {
        if (slotType.kind() == TypeKind.DOUBLE) return sum + " + " + value;
        return "io.ascan.codegen.rt.Arith.add(" + sum + ", (long) " + value + ", " + what + ")";
    }

    /** A Java condition: non-NULL {@code a} goes before (MIN) or after (MAX) non-NULL {@code cur}. */
    static String better(ValueCode a, ValueCode cur, boolean min) {
        return switch (a.type().kind()) {
            case VARCHAR -> "io.ascan.codegen.rt.Strings.compare(" + a.value() + ", " + a.length() + ", " + cur.value() + ", " + cur.length()
                    + ") " + (min ? "<" : ">") + " 0";
            case BOOLEAN -> min ? "!" + a.value() + " && " + cur.value() : a.value() + " && !" + cur.value();
            // SQL order, as ORDER BY: NaN above every number, so MAX over a NaN is NaN (DuckDB, PostgreSQL)
            case DOUBLE -> "io.ascan.codegen.rt.Compare.doubles(" + a.value() + ", " + cur.value() + ") " + (min ? "<" : ">") + " 0";
            default -> a.value() + (min ? " < " : " > ") + cur.value();
        };
    }

    /** Emits: column {@code s} of {@code r} takes non-NULL {@code a} if it is NULL or {@code a} is {@link #better}. */
    static void keepExtreme(CodeBuilder code, RowLayout layout, String r, int s, ValueCode a, boolean min, String store) {
        ValueCode cur = StoreCode.read(code, r, layout, s);
        code.open("if (" + cur.isNull() + " || " + better(a, cur, min) + ")");
        StoreCode.writeValue(code, r, layout, s, a, store);
        code.line(StoreCode.clearNull(r, layout, s));
        code.close();
    }

    /** The Java type of a local that keeps a value of {@code t}. */
    static String javaType(DataType t) {
        return switch (t.kind()) {
            case BOOLEAN -> "boolean";
            case INTEGER, DATE -> "int";
            case BIGINT, DECIMAL, TIMESTAMP -> "long";
            case DOUBLE -> "double";
            case VARCHAR -> throw new IllegalArgumentException("no local for a VARCHAR accumulator");
        };
    }

    static String defaultValue(DataType t) {
        return t.kind() == TypeKind.BOOLEAN ? "false" : "0";
    }
}
