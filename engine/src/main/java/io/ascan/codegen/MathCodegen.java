package io.ascan.codegen;

import io.ascan.expr.Call;
import io.ascan.expr.Operator;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;

/**
 * ROUND, TRUNC, CEIL, FLOOR, SIGN, the DOUBLE functions (POWER, SQRT, CBRT, EXP, LN, LOG10, LOG, trigonometry)
 * and GREATEST/LEAST. Exact types stay exact: a DECIMAL is rounded on its unscaled long
 * ({@code rt.Numeric.exact}), never through a DOUBLE.
 */
final class MathCodegen {
    private final ExprCodegen g;

    MathCodegen(ExprCodegen g) {
        this.g = g;
    }

    ValueCode function(Call c) {
        return switch (c.op()) {
            case ROUND, TRUNC, CEIL, FLOOR -> rounding(c);
            case SIGN -> sign(c);
            case GREATEST, LEAST -> extreme(c);
            default -> doubleFunction(c);
        };
    }

    private ValueCode rounding(Call c) {
        DataType t = c.type();
        String what = g.what(c);
        String rt = ExprCodegen.RT;
        char mode = switch (c.op()) {
            case ROUND -> 'r';
            case TRUNC -> 't';
            case CEIL -> 'c';
            default -> 'f';
        };
        return g.strict(c.op().name().toLowerCase(), c.args(), t, (ops, r) -> {
            ValueCode x = ops.getFirst();
            String digits = ops.size() > 1 ? "(int) Math.max(Math.min((long) " + ops.get(1).value() + ", 400L), -400L)" : "0";
            if (t.kind() == TypeKind.DOUBLE) {
                String v = g.cast.coerceValue(x, DataType.DOUBLE, what).value();
                String e = switch (mode) {
                    case 'r' -> rt + "Numeric.round(" + v + ", " + digits + ")";
                    case 't' -> rt + "Numeric.trunc(" + v + ", " + digits + ")";
                    case 'c' -> "Math.ceil(" + v + ")";
                    default -> "Math.floor(" + v + ")";
                };
                g.code.line(r.value() + " = " + e + ";");
                return;
            }
            if (!TypeRules.isExact(x.type().kind()) || !TypeRules.isExact(t.kind())) {
                throw new IllegalArgumentException(c.op() + " of " + x.type() + " as " + t + " is not supported: " + c);
            }
            int sx = TypeRules.scale(x.type());
            String unscaled = rt + "Numeric.exact((long) " + x.value() + ", " + sx + ", " + (ops.size() > 1 ? "(long) " + ops.get(1).value() : "0L")
                    + ", '" + mode + "', " + what + ")";
            ValueCode v = ValueCode.of("false", unscaled, x.type().kind() == TypeKind.DECIMAL ? x.type() : DataType.BIGINT);
            if (t.kind() == TypeKind.DECIMAL) {
                String rescaled = rt + "Decimals.rescale(" + unscaled + ", " + sx + ", " + t.scale() + ", " + what + ")";
                g.code.line(r.value() + " = " + rt + "Decimals.check(" + rescaled + ", " + t.precision() + ", " + what + ");");
            } else {
                g.code.line(r.value() + " = " + g.cast.convert(v, t, what) + ";");
            }
        });
    }

    private ValueCode sign(Call c) {
        DataType t = c.type();
        String what = g.what(c);
        return g.strict("sign", c.args(), t, (ops, r) -> {
            ValueCode x = ops.getFirst();
            String v = switch (x.type().kind()) {
                case DOUBLE -> "Math.signum(" + x.value() + ")";
                case INTEGER -> "Integer.signum(" + x.value() + ")";
                case BIGINT, DECIMAL -> "Long.signum(" + x.value() + ")";
                default -> throw new IllegalArgumentException("SIGN of " + x.type() + ": " + c);
            };
            DataType vt = x.type().kind() == TypeKind.DOUBLE ? DataType.DOUBLE : DataType.INTEGER;
            g.code.line(r.value() + " = " + g.cast.convert(ValueCode.of("false", v, vt), t, what) + ";");
        });
    }

    private ValueCode doubleFunction(Call c) {
        String what = g.what(c);
        String rt = ExprCodegen.RT;
        return g.strict(c.op().name().toLowerCase(), c.args(), c.type(), (ops, r) -> {
            String x = g.cast.coerceValue(ops.getFirst(), DataType.DOUBLE, what).value();
            String y = ops.size() > 1 ? g.cast.coerceValue(ops.get(1), DataType.DOUBLE, what).value() : null;
            String e = switch (c.op()) {
                case POWER -> "Math.pow(" + x + ", " + y + ")";
                case SQRT -> "Math.sqrt(" + x + ")";
                case CBRT -> "Math.cbrt(" + x + ")";
                case EXP -> "Math.exp(" + x + ")";
                case LN -> "Math.log(" + x + ")";
                case LOG10 -> "Math.log10(" + x + ")";
                case LOG -> rt + "Numeric.log(" + x + ", " + y + ")";
                case SIN -> "Math.sin(" + x + ")";
                case COS -> "Math.cos(" + x + ")";
                case TAN -> "Math.tan(" + x + ")";
                case COT -> "1.0 / Math.tan(" + x + ")";
                case ASIN -> "Math.asin(" + x + ")";
                case ACOS -> "Math.acos(" + x + ")";
                case ATAN -> "Math.atan(" + x + ")";
                case ATAN2 -> "Math.atan2(" + x + ", " + y + ")";
                case DEGREES -> "Math.toDegrees(" + x + ")";
                case RADIANS -> "Math.toRadians(" + x + ")";
                default -> throw new IllegalStateException(c.op().name());
            };
            g.code.line(r.value() + " = " + g.cast.convert(ValueCode.of("false", e, DataType.DOUBLE), c.type(), what) + ";");
        });
    }

    /** GREATEST/LEAST: the arguments that are not NULL, each converted to the result type, compared in turn. */
    private ValueCode extreme(Call c) {
        DataType t = c.type();
        String what = g.what(c);
        ValueCode r = g.declare(c.op() == Operator.GREATEST ? "greatest" : "least", t, "true");
        String better = c.op() == Operator.GREATEST ? " > 0" : " < 0";
        for (var arg : c.args()) {
            ValueCode v = g.cast.cast(g.compile(arg), t, what);
            String cond = v.isNull().equals("false") ? "" : "!" + v.isNull() + " && ";
            g.code.open("if (" + cond + "(" + r.isNull() + " || " + compare(v, r) + better + "))");
            g.code.line(r.isNull() + " = false;");
            g.code.line(r.value() + " = " + v.value() + ";");
            if (r.length() != null) g.code.line(r.length() + " = " + v.length() + ";");
            g.code.close();
        }
        return r;
    }

    private static String compare(ValueCode a, ValueCode b) {
        String rt = ExprCodegen.RT;
        return switch (a.type().kind()) {
            case VARCHAR -> rt + "Strings.compare(" + a.value() + ", " + a.length() + ", " + b.value() + ", " + b.length() + ")";
            case DOUBLE -> rt + "Compare.doubles(" + a.value() + ", " + b.value() + ")";
            case BOOLEAN -> "Boolean.compare(" + a.value() + ", " + b.value() + ")";
            case INTEGER, DATE -> "Integer.compare(" + a.value() + ", " + b.value() + ")";
            case BIGINT, DECIMAL, TIMESTAMP -> "Long.compare(" + a.value() + ", " + b.value() + ")";
        };
    }

}
