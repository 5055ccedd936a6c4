package io.ascan.codegen;

import io.ascan.expr.Call;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;


/**
 * +, -, *, /, MOD, unary minus and ABS in the call's result type. Integers: overflow is an
 * error. DECIMAL: exact on unscaled longs, operands rescaled, HALF_UP to the result scale, out of
 * the result's precision is an error. DOUBLE: IEEE (DuckDB), except that division by zero is an
 * error as in PostgreSQL and as for integers (DuckDB 2.0 errors for integer division by zero too,
 * but returns ±Infinity for DOUBLE).
 */
final class ArithmeticCodegen {
    private final ExprCodegen g;

    ArithmeticCodegen(ExprCodegen g) {
        this.g = g;
    }

    ValueCode arithmetic(Call c) {
        DataType t = c.type();
        String what = g.what(c);
        String rt = ExprCodegen.RT;
        boolean unary = c.args().size() == 1;
        if (t.kind() == TypeKind.DECIMAL) return decimal(c, what);
        if (!TypeRules.isNumeric(t.kind())) {
            throw new IllegalArgumentException("arithmetic on " + t + " is not supported: " + c);
        }
        return g.strict(prefix(c), c.args(), t, (ops, r) -> {
            ValueCode a = g.cast.coerceValue(ops.get(0), t, what);
            String x = a.value();
            if (unary) {
                String v = switch (c.op()) {
                    case NEGATE -> t.kind() == TypeKind.DOUBLE ? "-(" + x + ")" : rt + "Arith.negate(" + x + ", " + what + ")";
                    case ABS -> t.kind() == TypeKind.DOUBLE ? "Math.abs(" + x + ")" : rt + "Arith.abs(" + x + ", " + what + ")";
                    default -> throw new IllegalStateException(c.op().name());
                };
                g.code.line(r.value() + " = " + v + ";");
                return;
            }
            String y = g.cast.coerceValue(ops.get(1), t, what).value();
            String v;
            if (t.kind() == TypeKind.DOUBLE) {
                v = switch (c.op()) {
                    case PLUS -> x + " + " + y;
                    case MINUS -> x + " - " + y;
                    case TIMES -> x + " * " + y;
                    case DIVIDE -> rt + "Arith.divide(" + x + ", " + y + ", " + what + ")";
                    case MOD -> rt + "Arith.mod(" + x + ", " + y + ", " + what + ")";
                    default -> throw new IllegalStateException(c.op().name());
                };
            } else {
                String fn = switch (c.op()) {
                    case PLUS -> "add";
                    case MINUS -> "subtract";
                    case TIMES -> "multiply";
                    case DIVIDE -> "divide";
                    case MOD -> "mod";
                    default -> throw new IllegalStateException(c.op().name());
                };
                v = rt + "Arith." + fn + "(" + x + ", " + y + ", " + what + ")";
            }
            g.code.line(r.value() + " = " + v + ";");
        });
    }

    private ValueCode decimal(Call c, String what) {
        DataType t = c.type();
        int s = t.scale(), p = t.precision();
        String rt = ExprCodegen.RT;
        for (var a : c.args()) {
            if (!TypeRules.isExact(a.type().kind())) {
                throw new IllegalArgumentException("DECIMAL arithmetic on " + a.type() + " is not supported: " + c);
            }
        }
        return g.strict(prefix(c), c.args(), t, (ops, r) -> {
            ValueCode a = ops.get(0);
            int sa = TypeRules.scale(a.type());
            String x = a.value();
            String v;
            if (ops.size() == 1) {
                String m = c.op() == io.ascan.expr.Operator.NEGATE ? "negate" : "abs";
                v = rescale(rt + "Arith." + m + "((long) " + x + ", " + what + ")", sa, s, what);
            } else {
                ValueCode b = ops.get(1);
                int sb = TypeRules.scale(b.type());
                String y = b.value();
                int cs = Math.max(sa, sb);
                v = switch (c.op()) {
                    case PLUS, MINUS -> rescale(rt + "Arith." + (c.op() == io.ascan.expr.Operator.PLUS ? "add" : "subtract")
                            + "(" + up(x, cs - sa, what) + ", " + up(y, cs - sb, what) + ", " + what + ")", cs, s, what);
                    case TIMES -> rt + "Decimals.multiply(" + x + ", " + sa + ", " + y + ", " + sb + ", " + s + ", " + what + ")";
                    case DIVIDE -> rt + "Decimals.divide(" + x + ", " + sa + ", " + y + ", " + sb + ", " + s + ", " + what + ")";
                    case MOD -> rescale(rt + "Decimals.mod(" + up(x, cs - sa, what) + ", " + up(y, cs - sb, what) + ", " + what + ")",
                            cs, s, what);
                    default -> throw new IllegalStateException(c.op().name());
                };
            }
            g.code.line(r.value() + " = " + rt + "Decimals.check(" + v + ", " + p + ", " + what + ");");
        });
    }

    /** An unscaled value brought up {@code by} decimal places (widened to long). */
    private static String up(String x, int by, String what) {
        return by == 0 ? "(long) " + x : ExprCodegen.RT + "Decimals.scaleUp(" + x + ", " + by + ", " + what + ")";
    }

    private static String rescale(String x, int from, int to, String what) {
        return from == to ? x : ExprCodegen.RT + "Decimals.rescale(" + x + ", " + from + ", " + to + ", " + what + ")";
    }

    private static String prefix(Call c) {
        return switch (c.op()) {
            case PLUS -> "sum";
            case MINUS -> "diff";
            case TIMES -> "product";
            case DIVIDE -> "quotient";
            case MOD -> "mod";
            case NEGATE -> "neg";
            default -> "abs";
        };
    }

}
