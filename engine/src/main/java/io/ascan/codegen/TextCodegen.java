package io.ascan.codegen;

import io.ascan.codegen.rt.Regex;
import io.ascan.expr.Call;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The text functions beyond {@link StringCodegen}'s: TRIM's family, REPLACE, STRPOS, LPAD/RPAD,
 * LEFT/RIGHT, REVERSE, REPEAT, STARTS_WITH/ENDS_WITH, SPLIT_PART, CONCAT, OCTET_LENGTH, ASCII, CHR, MD5,
 * TRANSLATE and the regular expressions. Each is one call of {@code rt.Text} or {@code rt.Regex} on the operands' (address,
 * length) pairs, writing text results into the scratch; constant patterns compile once, here.
 */
final class TextCodegen {
    private final ExprCodegen g;

    TextCodegen(ExprCodegen g) {
        this.g = g;
    }

    ValueCode function(Call c) {
        String what = g.what(c);
        String text = ExprCodegen.RT + "Text.", s = ExprCodegen.SCRATCH;
        return switch (c.op()) {
            case LTRIM, RTRIM, BTRIM -> toText(c, (ops) -> text + "trim(" + s + ", " + str(ops, 0) + ", " + str(ops, 1) + ", "
                    + (c.op() != Operator.RTRIM) + ", " + (c.op() != Operator.LTRIM) + ")");
            case REPLACE -> toText(c, ops -> text + "replace(" + s + ", " + str(ops, 0) + ", " + str(ops, 1) + ", " + str(ops, 2) + ")");
            case LPAD, RPAD -> toText(c, ops -> text + "pad(" + s + ", " + str(ops, 0) + ", (long) " + ops.get(1).value() + ", "
                    + str(ops, 2) + ", " + (c.op() == Operator.LPAD) + ", " + what + ")");
            case LEFT, RIGHT -> toText(c, ops -> text + "leftRight(" + s + ", " + str(ops, 0) + ", (long) " + ops.get(1).value() + ", "
                    + (c.op() == Operator.LEFT) + ")");
            case REVERSE -> toText(c, ops -> text + "reverse(" + s + ", " + str(ops, 0) + ")");
            case REPEAT -> toText(c, ops -> text + "repeat(" + s + ", " + str(ops, 0) + ", (long) " + ops.get(1).value() + ", " + what + ")");
            case SPLIT_PART -> toText(c, ops -> text + "splitPart(" + s + ", " + str(ops, 0) + ", " + str(ops, 1) + ", (long) "
                    + ops.get(2).value() + ")");
            case STRPOS -> g.strict("strpos", c.args(), c.type(), (ops, r) -> g.code.line(r.value() + " = " + g.cast.convert(
                    ValueCode.of("false", text + "strpos(" + str(ops, 0) + ", " + str(ops, 1) + ")", DataType.INTEGER), c.type(), what) + ";"));
            case STARTS_WITH, ENDS_WITH -> g.strict(c.op().name().toLowerCase(), c.args(), c.type(), (ops, r) -> {
                String fn = ExprCodegen.RT + (c.op() == Operator.STARTS_WITH ? "Strings.startsWith" : "Strings.endsWith");
                g.code.line(r.value() + " = " + fn + "(" + str(ops, 0) + ", " + str(ops, 1) + ");");
            });
            case CONCAT_FUNCTION -> concat(c, what);
            case CONCAT_WS -> concatWs(c, what);
            case REGEXP_MATCHES, REGEXP_REPLACE -> regex(c, what);
            case REGEXP_EXTRACT -> extract(c, what);
            case OCTET_LENGTH -> g.strict("octetLength", c.args(), c.type(), (ops, r) -> g.code.line(r.value() + " = "
                    + g.cast.convert(ValueCode.of("false", ops.get(0).length(), DataType.INTEGER), c.type(), what) + ";"));
            case ASCII -> g.strict("ascii", c.args(), c.type(), (ops, r) -> g.code.line(r.value() + " = " + g.cast.convert(
                    ValueCode.of("false", text + "ascii(" + str(ops, 0) + ")", DataType.INTEGER), c.type(), what) + ";"));
            case CHR -> toText(c, ops -> text + "chr(" + s + ", (long) " + ops.get(0).value() + ", " + what + ")");
            case MD5 -> toText(c, ops -> text + "md5(" + s + ", " + str(ops, 0) + ")");
            case TRANSLATE -> toText(c, ops -> text + "translate(" + s + ", " + str(ops, 0) + ", " + str(ops, 1) + ", " + str(ops, 2) + ")");
            default -> throw new IllegalStateException(c.op().name());
        };
    }

    private interface TextCall {
        String call(List<ValueCode> operands);
    }

    /** A strict function with a text result computed into the scratch. */
    private ValueCode toText(Call c, TextCall body) {
        return g.strict(c.op().name().toLowerCase(), c.args(), DataType.VARCHAR, (ops, r) -> {
            g.code.line(r.value() + " = " + body.call(ops) + ";");
            g.code.line(r.length() + " = " + ExprCodegen.SCRATCH + ".lastLength();");
        });
    }

    private static String str(List<ValueCode> ops, int i) {
        ValueCode v = ops.get(i);
        if (v.type().kind() != TypeKind.VARCHAR) throw new IllegalArgumentException("text operand expected, not " + v.type());
        return v.value() + ", " + v.length();
    }

    /** CONCAT: the arguments that are not NULL, as text, one after the other; never NULL. */
    private ValueCode concat(Call c, String what) {
        ValueCode r = g.declare("concat", DataType.VARCHAR, "false");
        g.code.line(r.value() + " = " + ExprCodegen.SCRATCH + ".allocate(0);");
        for (Expr arg : c.args()) {
            ValueCode v = g.compile(arg);
            boolean guard = !v.isNull().equals("false");
            if (guard) g.code.open("if (!" + v.isNull() + ")");
            ValueCode t = v.type().kind() == TypeKind.VARCHAR ? v : g.cast.cast(ValueCode.of("false", v.value(), v.type()), DataType.VARCHAR, what);
            g.code.line(r.value() + " = " + ExprCodegen.RT + "Text.append(" + ExprCodegen.SCRATCH + ", " + r.value() + ", " + r.length() + ", "
                    + t.value() + ", " + t.length() + ");");
            g.code.line(r.length() + " = " + ExprCodegen.SCRATCH + ".lastLength();");
            if (guard) g.code.close();
        }
        return r;
    }

    /** CONCAT_WS: NULL for a NULL separator, else the arguments that are not NULL, as text, separated. */
    private ValueCode concatWs(Call c, String what) {
        String rt = ExprCodegen.RT, s = ExprCodegen.SCRATCH;
        ValueCode sep = g.compile(c.arg(0));
        ValueCode r = g.declare("concatWs", DataType.VARCHAR, sep.isNull());
        boolean guard = !sep.isNull().equals("false");
        if (guard) g.code.open("if (!" + sep.isNull() + ")");
        String first = g.code.fresh("first");
        g.code.line("boolean " + first + " = true;");
        g.code.line(r.value() + " = " + s + ".allocate(0);");
        for (Expr arg : c.args().subList(1, c.args().size())) {
            ValueCode v = g.compile(arg);
            boolean argGuard = !v.isNull().equals("false");
            if (argGuard) g.code.open("if (!" + v.isNull() + ")");
            ValueCode t = v.type().kind() == TypeKind.VARCHAR ? v : g.cast.cast(ValueCode.of("false", v.value(), v.type()), DataType.VARCHAR, what);
            g.code.open("if (!" + first + ")");
            g.code.line(r.value() + " = " + rt + "Text.append(" + s + ", " + r.value() + ", " + r.length() + ", " + sep.value() + ", "
                    + sep.length() + ");");
            g.code.line(r.length() + " = " + s + ".lastLength();");
            g.code.close();
            g.code.line(first + " = false;");
            g.code.line(r.value() + " = " + rt + "Text.append(" + s + ", " + r.value() + ", " + r.length() + ", " + t.value() + ", "
                    + t.length() + ");");
            g.code.line(r.length() + " = " + s + ".lastLength();");
            if (argGuard) g.code.close();
        }
        if (guard) g.code.close();
        return r;
    }

    /** REGEXP_MATCHES(value, pattern [, options]) and REGEXP_REPLACE(value, pattern, replacement [, options]). */
    private ValueCode regex(Call c, String what) {
        boolean replace = c.op() == Operator.REGEXP_REPLACE;
        int optionsAt = replace ? 3 : 2;
        String options = "";
        if (c.args().size() > optionsAt) {
            if (!(c.arg(optionsAt) instanceof Literal l)) throw new IllegalArgumentException("regular expression options must be a constant: " + c);
            if (l.isNull()) return g.literal(Literal.ofNull(c.type()));
            options = (String) l.value();
        }
        String rt = ExprCodegen.RT;
        List<Expr> operands = new ArrayList<>(c.args().subList(0, optionsAt));
        String pattern = null;
        if (c.arg(1) instanceof Literal p) {
            if (p.isNull()) return g.literal(Literal.ofNull(c.type()));
            pattern = g.code.constant(Pattern.class.getName(), Regex.compile((String) p.value(), options));
            operands.set(1, Literal.of("")); // compiled already: nothing to evaluate
        } else {
            Regex.compile("", options); // reject bad options now
        }
        String constantPattern = pattern;
        String opts = options;
        String replacement = null;
        if (replace && c.arg(2) instanceof Literal rep && !rep.isNull()) {
            replacement = g.code.constant("String", Regex.replacement((String) rep.value()));
        }
        String constantReplacement = replacement;
        return g.strict(replace ? "regexpReplace" : "regexpMatches", operands, c.type(), (ops, r) -> {
            String p = constantPattern != null ? constantPattern
                    : g.code.constant(Regex.Cache.class.getName(), new Regex.Cache()) + ".pattern(" + str(ops, 1) + ", \"" + opts + "\")";
            if (!replace) {
                g.code.line(r.value() + " = " + rt + "Regex.find(" + p + ", " + str(ops, 0) + ");");
                return;
            }
            String rep = constantReplacement != null ? constantReplacement
                    : rt + "Regex.replacement(" + rt + "Strings.toJava(" + str(ops, 2) + "))";
            g.code.line(r.value() + " = " + rt + "Regex.replace(" + ExprCodegen.SCRATCH + ", " + p + ", " + str(ops, 0) + ", " + rep + ", "
                    + Regex.global(opts) + ", " + what + ");");
            g.code.line(r.length() + " = " + ExprCodegen.SCRATCH + ".lastLength();");
        });
    }

    /** REGEXP_EXTRACT(value, pattern [, group]): the group must be a constant, as DuckDB requires. */
    private ValueCode extract(Call c, String what) {
        int group = 0;
        if (c.args().size() > 2) {
            if (!(c.arg(2) instanceof Literal l)) throw new IllegalArgumentException("REGEXP_EXTRACT's group must be a constant: " + c);
            if (l.isNull()) return g.literal(Literal.ofNull(c.type()));
            group = ((Number) l.value()).intValue();
        }
        String rt = ExprCodegen.RT;
        List<Expr> operands = new ArrayList<>(c.args().subList(0, 2));
        String pattern = null;
        if (c.arg(1) instanceof Literal p) {
            if (p.isNull()) return g.literal(Literal.ofNull(c.type()));
            pattern = g.code.constant(Pattern.class.getName(), Regex.compile((String) p.value(), ""));
            operands.set(1, Literal.of("")); // compiled already: nothing to evaluate
        }
        String constantPattern = pattern;
        int grp = group;
        return g.strict("regexpExtract", operands, DataType.VARCHAR, (ops, r) -> {
            String p = constantPattern != null ? constantPattern
                    : g.code.constant(Regex.Cache.class.getName(), new Regex.Cache()) + ".pattern(" + str(ops, 1) + ", \"\")";
            g.code.line(r.value() + " = " + rt + "Regex.extract(" + ExprCodegen.SCRATCH + ", " + p + ", " + str(ops, 0) + ", " + grp + ", "
                    + what + ");");
            g.code.line(r.length() + " = " + ExprCodegen.SCRATCH + ".lastLength();");
        });
    }
}
