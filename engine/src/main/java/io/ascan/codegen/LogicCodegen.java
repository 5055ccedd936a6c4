package io.ascan.codegen;

import io.ascan.expr.Call;
import io.ascan.expr.Expr;
import io.ascan.expr.Operator;

/**
 * AND/OR (three-valued, short-circuit), NOT and the IS predicates, CASE and COALESCE. Each
 * short-circuiting construct sets a flag ({@link CodeBuilder#decided}) as soon as its result is
 * known and evaluates each later operand in a block guarded by that flag, so later operands (and
 * the columns they read) are not touched.
 */
final class LogicCodegen {
    private final ExprCodegen g;

    LogicCodegen(ExprCodegen g) {
        this.g = g;
    }

    /** AND is decided by the first FALSE operand, OR by the first TRUE; NULL operands make an undecided result NULL. */
    ValueCode andOr(Call c) {
        boolean and = c.op() == Operator.AND;
        String decisive = and ? "false" : "true";
        ValueCode r = g.declare(and ? "and" : "or", c.type(), "false");
        g.code.line(r.value() + " = " + (and ? "true" : "false") + ";");
        String decided = g.code.decided(and ? "and" : "or");
        boolean first = true;
        for (Expr operand : c.args()) {
            if (!first) g.code.open("if (!" + decided + ")");
            ValueCode v = g.compile(operand);
            String test = (and ? "!" : "") + v.value();
            if (v.isNull().equals("false")) {
                g.code.open("if (" + test + ")");
            } else {
                g.code.line("if (" + v.isNull() + ") " + r.isNull() + " = true;");
                g.code.open("else if (" + test + ")");
            }
            g.code.line(r.isNull() + " = false;");
            g.code.line(r.value() + " = " + decisive + ";");
            g.code.line(decided + " = true;");
            g.code.close();
            if (!first) g.code.close();
            first = false;
        }
        return r;
    }

    ValueCode unary(Call c) {
        ValueCode v = g.compile(c.arg(0));
        String n = v.isNull(), x = v.value();
        String value = switch (c.op()) {
            case IS_NULL -> n;
            case IS_NOT_NULL -> "!" + n;
            case IS_TRUE -> "!" + n + " && " + x;
            case IS_NOT_TRUE -> n + " || !" + x;
            case IS_FALSE -> "!" + n + " && !" + x;
            case IS_NOT_FALSE -> n + " || " + x;
            case NOT -> "!" + x;
            default -> throw new IllegalStateException(c.op().name());
        };
        String r = g.code.fresh(c.op() == Operator.NOT ? "not" : "is");
        g.code.line("boolean " + r + " = " + value + ";");
        return ValueCode.of(c.op() == Operator.NOT ? n : "false", r, c.type());
    }

    /** CASE: the first condition that is TRUE (not NULL, not FALSE) selects its value; else the ELSE value. */
    ValueCode caseWhen(Call c) {
        ValueCode r = g.declare("case", c.type(), "true");
        String decided = g.code.decided("case");
        int n = c.args().size();
        for (int i = 0; i + 1 < n; i += 2) {
            if (i > 0) g.code.open("if (!" + decided + ")");
            ValueCode cond = g.compile(c.arg(i));
            g.code.open("if (" + (cond.isNull().equals("false") ? "" : "!" + cond.isNull() + " && ") + cond.value() + ")");
            assign(r, g.cast.coerce(g.compile(c.arg(i + 1)), c.type(), g.what(c)));
            g.code.line(decided + " = true;");
            g.code.close();
            if (i > 0) g.code.close();
        }
        g.code.open("if (!" + decided + ")");
        assign(r, g.cast.coerce(g.compile(c.arg(n - 1)), c.type(), g.what(c)));
        g.code.close();
        return r;
    }

    /** COALESCE: the first operand that is not NULL; later operands are not evaluated. */
    ValueCode coalesce(Call c) {
        ValueCode r = g.declare("coalesce", c.type(), "true");
        String decided = g.code.decided("coalesce");
        for (Expr operand : c.args()) {
            g.code.open("if (!" + decided + ")");
            ValueCode v = g.cast.coerce(g.compile(operand), c.type(), g.what(c));
            boolean last = v.isNull().equals("false");
            if (!v.isNull().equals("true")) {
                if (!last) g.code.open("if (!" + v.isNull() + ")");
                assign(r, v);
                g.code.line(decided + " = true;");
                if (!last) g.code.close();
            }
            g.code.close();
            if (last) break;
        }
        return r;
    }

    void assign(ValueCode r, ValueCode v) {
        g.code.line(r.isNull() + " = " + v.isNull() + ";");
        g.code.line(r.value() + " = " + v.value() + ";");
        if (r.length() != null) g.code.line(r.length() + " = " + v.length() + ";");
    }
}
