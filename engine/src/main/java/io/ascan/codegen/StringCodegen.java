package io.ascan.codegen;

import io.ascan.codegen.rt.Like;
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

    /** LIKE with a literal pattern, on the value. */
    private ValueCode likeValues(Call c, Like like) {
        String rt = ExprCodegen.RT;
        return g.strict("like", List.of(c.arg(0)), DataType.BOOLEAN, (ops, r) -> {
            ValueCode s = ops.get(0);
            String a = s.value() + ", " + s.length();
            String test = switch (like.shape()) {
                case GENERAL -> g.code.constant(Like.class.getName(), like) + ".matches(" + a + ")";
                default -> {
                    String k = g.utf8(new String(like.literal(), java.nio.charset.StandardCharsets.UTF_8));
                    String lit = k + ".address, " + k + ".length";
                    yield switch (like.shape()) {
                        case EXACT -> rt + "Strings.equals(" + a + ", " + lit + ")";
                        case PREFIX -> rt + "Strings.startsWith(" + a + ", " + lit + ")";
                        case SUFFIX -> rt + "Strings.endsWith(" + a + ", " + lit + ")";
                        case CONTAINS -> rt + "Strings.indexOf(" + a + ", " + lit + ", 0) >= 0";
                        case GENERAL -> throw new IllegalStateException();
                    };
                }
            };
            g.code.line(r.value() + " = " + test + "; // " + like);
        });
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
                g.code.line("if (" + len + " < 0) throw new " + rt + "SqlException(\"negative substring length in \" + " + what + ");");
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
