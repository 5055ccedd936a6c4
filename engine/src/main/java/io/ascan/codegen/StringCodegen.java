package io.ascan.codegen;

import io.ascan.codegen.rt.Like;
import io.ascan.codegen.rt.Utf8;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.ArrayList;
import java.util.List;

/**
 * LIKE, SUBSTRING, UPPER, LOWER, CHAR_LENGTH and || on UTF-8 (address, length) values.
 * SUBSTRING returns a slice of its input (no copy); UPPER, LOWER and || write into scratch.
 */
final class StringCodegen {
    private final ExprCodegen g;

    StringCodegen(ExprCodegen g) {
        this.g = g;
    }

    ValueCode like(Call c) {
        String escape = null;
        if (c.args().size() == 3) {
            if (!(c.arg(2) instanceof Literal e)) throw new IllegalArgumentException("LIKE ESCAPE must be a literal: " + c);
            if (e.isNull()) return g.literal(Literal.ofNull(DataType.BOOLEAN));
            escape = (String) e.value();
        }
        if (c.arg(1) instanceof Literal p) {
            if (p.isNull()) return g.literal(Literal.ofNull(DataType.BOOLEAN));
            Like like = Like.compile((String) p.value(), escape);
            if (c.arg(0) instanceof ColumnRef col) {
                ValueCode d = new ComparisonCodegen(g).dictionaryPredicate(col, like::matches, false, c, () -> likeValues(c, like));
                if (d != null) return d;
            }
            return likeValues(c, like);
        }
        return likeColumns(c, escape);
    }

    /**
     * LIKE with a literal pattern, on the value: compiled into a matcher for its shape, the literal
     * runs as off-heap constants. Only patterns with {@code _} (one code point) fall back to the
     * token matcher.
     */
    private ValueCode likeValues(Call c, Like like) {
        String rt = ExprCodegen.RT;
        return g.strict("like", List.of(c.arg(0)), DataType.BOOLEAN, (ops, r) -> {
            ValueCode s = ops.get(0);
            String a = s.value() + ", " + s.length();
            String test = switch (like.shape()) {
                case GENERAL -> like.runs() != null ? runs(like, s) : g.code.constant(Like.class.getName(), like) + ".matches(" + a + ")";
                case CONTAINS -> like.literal().length == 0 ? "true" : find(s.value(), s.length(), "0", like.literal()) + " >= 0";
                default -> {
                    String k = literal(like.literal());
                    yield switch (like.shape()) {
                        case EXACT -> rt + "Strings.equals(" + a + ", " + k + ")";
                        case PREFIX -> rt + "Strings.startsWith(" + a + ", " + k + ")";
                        case SUFFIX -> rt + "Strings.endsWith(" + a + ", " + k + ")";
                        case CONTAINS, GENERAL -> throw new IllegalStateException();
                    };
                }
            };
            g.code.line(r.value() + " = " + test + "; // " + like);
        });
    }

    /**
     * Emits the match of a pattern whose only wildcard is {@code %} and returns the local holding
     * it: the anchored first and last runs compare in place, each inner run is searched for after
     * the previous one's leftmost match (which never loses a match when the only wildcard is %),
     * within the bytes the last run leaves.
     */
    private String runs(Like like, ValueCode s) {
        String rt = ExprCodegen.RT;
        byte[][] runs = like.runs();
        String a = s.value(), len = s.length();
        String at = g.code.fresh("at"), end = g.code.fresh("end"), ok = g.code.fresh("ok");
        g.code.line("int " + at + " = 0, " + end + " = " + len + ";");
        g.code.line("boolean " + ok + " = true;");
        int first = 0, last = runs.length;
        if (!like.leadingAny()) { // runs is not empty: a pattern of only % is CONTAINS of nothing
            byte[] run = runs[first++];
            g.code.line(ok + " = " + rt + "Strings.startsWith(" + a + ", " + len + ", " + literal(run) + ");");
            g.code.line(at + " = " + run.length + ";");
        }
        if (!like.trailingAny() && last > first) {
            byte[] run = runs[--last];
            g.code.line(ok + " = " + ok + " && " + end + " - " + at + " >= " + run.length + " && " + rt + "Strings.endsWith(" + a + ", " + len
                    + ", " + literal(run) + ");");
            g.code.line(end + " -= " + run.length + ";");
        }
        for (int k = first; k < last; k++) {
            g.code.open("if (" + ok + ")");
            g.code.line(at + " = " + find(a, end, at, runs[k]) + ";");
            g.code.line(ok + " = " + at + " >= 0;");
            g.code.line(at + " += " + runs[k].length + ";");
            g.code.close();
        }
        return ok;
    }

    /**
     * A search for the non-empty bytes {@code needle} in a[from, end). The needle is a constant
     * (not literal bytes in the source) so that queries differing only in the pattern share a class.
     */
    private String find(String a, String end, String from, byte[] needle) {
        return ExprCodegen.RT + "Strings.find(" + a + ", " + end + ", " + from + ", " + literal(needle) + ")";
    }

    /** The constant holding {@code bytes} off-heap, as the (address, length) arguments of a Strings call. */
    private String literal(byte[] bytes) {
        String k = g.code.constant(Utf8.class.getName(), Utf8.unbound(bytes));
        return k + ".address, " + k + ".length";
    }

    /** LIKE with a pattern computed per tuple. */
    private ValueCode likeColumns(Call c, String escape) {
        String rt = ExprCodegen.RT;
        int esc = escape == null ? -1 : escape.getBytes(java.nio.charset.StandardCharsets.UTF_8)[0] & 0xFF;
        if (escape != null && escape.getBytes(java.nio.charset.StandardCharsets.UTF_8).length != 1) {
            throw new IllegalArgumentException("LIKE escape must be one ASCII character: " + c);
        }
        return g.strict("like", List.of(c.arg(0), c.arg(1)), DataType.BOOLEAN, (ops, r) -> g.code.line(r.value() + " = " + rt
                + "Like.matches(" + ops.get(0).value() + ", " + ops.get(0).length() + ", " + ops.get(1).value() + ", "
                + ops.get(1).length() + ", " + esc + ");"));
    }

    ValueCode function(Call c) {
        String rt = ExprCodegen.RT, scratch = ExprCodegen.SCRATCH;
        String what = g.what(c);
        return switch (c.op()) {
            case UPPER, LOWER -> g.strict(c.op().name().toLowerCase(), c.args(), c.type(), (ops, r) -> {
                ValueCode s = ops.get(0);
                g.code.line(r.value() + " = " + rt + "Strings.changeCase(" + scratch + ", " + s.value() + ", " + s.length() + ", "
                        + (c.op() == io.ascan.expr.Operator.UPPER) + ");");
                g.code.line(r.length() + " = " + scratch + ".lastLength();");
            });
            case CHAR_LENGTH -> g.strict("length", c.args(), c.type(), (ops, r) -> {
                ValueCode n = ValueCode.of("false", rt + "Strings.charLength(" + ops.get(0).value() + ", " + ops.get(0).length() + ")",
                        DataType.INTEGER);
                g.code.line(r.value() + " = " + g.cast.convert(n, c.type(), what) + ";");
            });
            case SUBSTRING -> substring(c, what);
            case CONCAT -> concat(c, what);
            default -> throw new IllegalStateException(c.op().name());
        };
    }

    /**
     * SQL-standard (PostgreSQL) SUBSTRING: the characters at positions [start, start + length)
     * that exist; a start before 1 shortens the result (DuckDB instead counts a negative start
     * from the end); a negative length is an error.
     */
    private ValueCode substring(Call c, String what) {
        String rt = ExprCodegen.RT;
        return g.strict("substr", c.args(), DataType.VARCHAR, (ops, r) -> {
            ValueCode s = ops.get(0);
            String start = "(long) " + ops.get(1).value();
            String from = g.code.fresh("from");
            g.code.line("long " + from + " = Math.max(" + start + ", 1L) - 1;");
            String first = g.code.fresh("first");
            g.code.line("int " + first + " = " + rt + "Strings.codePointOffset(" + s.value() + ", " + s.length() + ", " + from + ");");
            String end;
            if (ops.size() == 3) {
                String len = "(long) " + ops.get(2).value();
                g.code.line("if (" + len + " < 0) throw new " + rt + "SqlException(\"22011\", \"negative substring length in \" + " + what + ");");
                String to = g.code.fresh("to");
                g.code.line("long " + to + " = " + start + " + " + len + " - 1;"); // exclusive, 0-based
                end = g.code.fresh("end");
                g.code.line("int " + end + " = " + to + " <= " + from + " ? " + first + " : " + first + " + "
                        + rt + "Strings.codePointOffset(" + s.value() + " + " + first + ", " + s.length() + " - " + first + ", " + to + " - " + from + ");");
            } else {
                end = s.length();
            }
            g.code.line(r.value() + " = " + s.value() + " + " + first + ";");
            g.code.line(r.length() + " = " + end + " - " + first + ";");
        });
    }

    /** a || b || ...: NULL if any operand is NULL (SQL standard, PostgreSQL and DuckDB). */
    private ValueCode concat(Call c, String what) {
        List<Expr> operands = c.args();
        return g.strict("concat", operands, DataType.VARCHAR, (ops, r) -> {
            List<ValueCode> texts = new ArrayList<>();
            for (ValueCode v : ops) texts.add(v.type().kind() == TypeKind.VARCHAR ? v : g.cast.cast(v, DataType.VARCHAR, what));
            StringBuilder total = new StringBuilder();
            for (ValueCode t : texts) total.append(total.isEmpty() ? "" : " + ").append(t.length());
            g.code.line(r.length() + " = " + total + ";");
            g.code.line(r.value() + " = " + ExprCodegen.SCRATCH + ".allocate(" + r.length() + ");");
            String at = "0";
            for (ValueCode t : texts) {
                g.code.line(ExprCodegen.RT + "Mem.copy(" + t.value() + ", " + r.value() + (at.equals("0") ? "" : " + " + at) + ", " + t.length() + ");");
                at = at.equals("0") ? t.length() : at + " + " + t.length();
            }
        });
    }
}
