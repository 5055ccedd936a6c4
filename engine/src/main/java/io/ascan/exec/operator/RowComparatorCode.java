package io.ascan.exec.operator;

import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.codegen.StoreCode;
import io.ascan.exec.store.RowLayout;
import io.ascan.plan.SortNode;
import java.util.List;

/**
 * Generated comparisons of two store rows {@code a} and {@code b} by sort keys (ASC/DESC, NULLS
 * FIRST/LAST, DOUBLE in SQL order, strings by code point): the statements of a method body.
 */
final class RowComparatorCode {
    private RowComparatorCode() {}

    /**
     * Emits, per key, a comparison that returns from the method when the rows differ on it:
     * {@code differ} if non-null, else the key's signed order. Falls through when all keys are equal.
     */
    static void compare(CodeBuilder code, RowLayout layout, List<SortNode.Key> keys, String differ) {
        for (SortNode.Key k : keys) {
            ValueCode a = StoreCode.read(code, "a", layout, k.column());
            ValueCode b = StoreCode.read(code, "b", layout, k.column());
            code.open("if (" + a.isNull() + " || " + b.isNull() + ")");
            String first = differ != null ? differ : k.nullsFirst() ? "-1" : "1";
            String last = differ != null ? differ : k.nullsFirst() ? "1" : "-1";
            code.line("if (!" + a.isNull() + ") return " + last + ";");
            code.line("if (!" + b.isNull() + ") return " + first + ";");
            code.close();
            code.open("else");
            String cmp = switch (a.type().kind()) {
                case BOOLEAN -> "Boolean.compare(" + a.value() + ", " + b.value() + ")";
                case INTEGER, DATE -> "Integer.compare(" + a.value() + ", " + b.value() + ")";
                case BIGINT, DECIMAL, TIMESTAMP -> "Long.compare(" + a.value() + ", " + b.value() + ")";
                // SQL order, as = and GROUP BY: -0.0 equals 0.0, NaN equals NaN and sorts above every number
                case DOUBLE -> "io.ascan.codegen.rt.Compare.doubles(" + a.value() + ", " + b.value() + ")";
                case VARCHAR -> "io.ascan.codegen.rt.Strings.compare(" + a.value() + ", " + a.length() + ", " + b.value() + ", " + b.length() + ")";
            };
            String c = code.fresh("cmp");
            code.line("int " + c + " = " + cmp + ";");
            code.line("if (" + c + " != 0) return " + (differ != null ? differ : (k.descending() ? "-" : "") + c) + ";");
            code.close();
        }
    }

    /** Adds member {@code public int name(long a, long b)}: the body {@code body} emits, then {@code return fallThrough;}. */
    static void member(CodeBuilder code, String name, java.util.function.Consumer<CodeBuilder> body, String fallThrough) {
        int mark = code.mark(), indent = code.indent();
        code.setIndent(2);
        body.accept(code);
        code.line("return " + fallThrough + ";");
        String text = code.cut(mark);
        code.setIndent(indent);
        code.member("    public int " + name + "(long a, long b) {\n" + text + "    }\n");
    }
}
