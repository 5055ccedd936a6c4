package io.ascan.codegen;

import io.ascan.types.DataType;
import io.ascan.types.TypeKind;

/**
 * CAST between all types, also used for the implicit conversions of operands. Numbers narrow
 * with range checks (an error, never wrapping); DOUBLE to integers rounds half to even, DECIMAL
 * to integers and to smaller scales rounds HALF_UP, as DuckDB does (the planner folds constant
 * casts the same way, see the planner's ConstantFolding). Text parses with
 * DuckDB's leniency (surrounding spaces, a rounded fraction for integers); formatting follows
 * DuckDB's output. Formatting DOUBLE, DATE and TIMESTAMP goes through a Java String (allocates;
 * not a hot path), the other conversions allocate nothing.
 */
final class CastCodegen {
    private final ExprCodegen g;

    CastCodegen(ExprCodegen g) {
        this.g = g;
    }

    /** {@code v} as type {@code to} (null: keep), with statements when a conversion is needed. */
    ValueCode coerce(ValueCode v, DataType to, String what) {
        if (to == null || to.equals(v.type())) return v;
        return cast(v, to, what);
    }

    /** For operands known not to be NULL: the value converted by an expression (non-VARCHAR types). */
    ValueCode coerceValue(ValueCode v, DataType to, String what) {
        if (to.equals(v.type())) return v;
        return ValueCode.of("false", convert(v, to, what), to);
    }

    ValueCode cast(ValueCode v, DataType to, String what) {
        DataType from = v.type();
        if (from.equals(to)) return v;
        if (v.isNull().equals("true")) return new ValueCode("true", ExprCodegen.defaultValue(to), to.kind() == TypeKind.VARCHAR ? "0" : null, to);
        ValueCode r = g.declare("cast", to, v.isNull());
        boolean guard = !v.isNull().equals("false");
        if (guard) g.code.open("if (!" + r.isNull() + ")");
        if (to.kind() == TypeKind.VARCHAR) {
            g.code.line(r.value() + " = " + format(v) + ";");
            g.code.line(r.length() + " = " + ExprCodegen.SCRATCH + ".lastLength();");
        } else {
            g.code.line(r.value() + " = " + convert(v, to, what) + ";");
        }
        if (guard) g.code.close();
        return r;
    }

    /** TRY_CAST: {@link #cast}, NULL where it fails with a data exception (a text that is no number, an overflow). */
    ValueCode tryCast(ValueCode v, DataType to, String what) {
        if (v.type().equals(to) || v.isNull().equals("true")) return cast(v, to, what);
        ValueCode r = g.declare("tryCast", to, "true");
        g.code.open("try");
        ValueCode c = cast(v, to, what);
        g.code.line(r.isNull() + " = " + c.isNull() + ";");
        g.code.line(r.value() + " = " + c.value() + ";");
        if (to.kind() == TypeKind.VARCHAR) g.code.line(r.length() + " = " + c.length() + ";");
        g.code.close();
        g.code.open("catch (" + ExprCodegen.RT + "SqlException dataException)"); // always of class 22
        g.code.line(r.isNull() + " = true;");
        g.code.close();
        return r;
    }

    /** A Java expression converting non-NULL {@code v} to {@code to} (not VARCHAR). */
    String convert(ValueCode v, DataType to, String what) {
        DataType from = v.type();
        String x = v.value(), rt = ExprCodegen.RT;
        TypeKind f = from.kind(), t = to.kind();
        int p = to.kind() == TypeKind.DECIMAL ? to.precision() : 0, s = to.kind() == TypeKind.DECIMAL ? to.scale() : 0;
        if (f == t && f != TypeKind.DECIMAL) return x;
        return switch (f) {
            case BOOLEAN -> switch (t) {
                case INTEGER -> "(" + x + " ? 1 : 0)";
                case BIGINT -> "(" + x + " ? 1L : 0L)";
                case DOUBLE -> "(" + x + " ? 1.0 : 0.0)";
                case DECIMAL -> rt + "Decimals.check(" + x + " ? " + rt + "Decimals.POW10[" + s + "] : 0L, " + p + ", " + what + ")";
                default -> unsupported(from, to);
            };
            case INTEGER, BIGINT -> switch (t) {
                case BOOLEAN -> x + " != 0";
                case INTEGER -> rt + "Arith.toInt(" + x + ", " + what + ")";
                case BIGINT -> "(long) " + x;
                case DOUBLE -> "(double) " + x;
                case DECIMAL -> rt + "Decimals.fromLong(" + x + ", " + s + ", " + p + ", " + what + ")";
                default -> unsupported(from, to);
            };
            case DOUBLE -> switch (t) {
                case BOOLEAN -> x + " != 0";
                case INTEGER -> rt + "Arith.doubleToInt(" + x + ", " + what + ")";
                case BIGINT -> rt + "Arith.doubleToLong(" + x + ", " + what + ")";
                case DECIMAL -> rt + "Decimals.fromDouble(" + x + ", " + s + ", " + p + ", " + what + ")";
                default -> unsupported(from, to);
            };
            case DECIMAL -> switch (t) {
                case BOOLEAN -> x + " != 0";
                case INTEGER -> rt + "Arith.toInt(" + rt + "Decimals.scaleDown(" + x + ", " + from.scale() + "), " + what + ")";
                case BIGINT -> rt + "Decimals.scaleDown(" + x + ", " + from.scale() + ")";
                case DOUBLE -> rt + "Decimals.toDouble(" + x + ", " + from.scale() + ")";
                case DECIMAL -> from.scale() == s && from.precision() <= p ? x
                        : rt + "Decimals.check(" + rt + "Decimals.rescale(" + x + ", " + from.scale() + ", " + s + ", " + what + "), "
                        + p + ", " + what + ")";
                default -> unsupported(from, to);
            };
            case DATE -> switch (t) {
                case TIMESTAMP -> x + " * " + rt + "Dates.MICROS_PER_DAY";
                default -> unsupported(from, to);
            };
            case TIMESTAMP -> switch (t) {
                case DATE -> "(int) " + rt + "Dates.dayOf(" + x + ")";
                default -> unsupported(from, to);
            };
            case VARCHAR -> {
                String args = x + ", " + v.length();
                yield switch (t) {
                    case BOOLEAN -> rt + "Numbers.parseBoolean(" + args + ")";
                    case INTEGER -> rt + "Numbers.parseInt(" + args + ")";
                    case BIGINT -> rt + "Numbers.parseLong(" + args + ")";
                    case DOUBLE -> rt + "Numbers.parseDouble(" + args + ")";
                    case DECIMAL -> rt + "Numbers.parseDecimal(" + args + ", " + p + ", " + s + ")";
                    case DATE -> rt + "Arith.toInt(" + rt + "Dates.parseDate(" + args + "), " + what + ")";
                    case TIMESTAMP -> rt + "Dates.parseTimestamp(" + args + ")";
                    case VARCHAR -> x;
                };
            }
        };
    }

    /** A Java expression writing non-NULL {@code v} as text into scratch, returning its address (length in scratch.lastLength()). */
    private String format(ValueCode v) {
        String x = v.value(), rt = ExprCodegen.RT, scratch = ExprCodegen.SCRATCH;
        return switch (v.type().kind()) {
            case BOOLEAN -> rt + "Strings.fromJava(" + scratch + ", " + x + " ? \"true\" : \"false\")";
            case INTEGER, BIGINT -> rt + "Numbers.formatLong(" + scratch + ", " + x + ")";
            case DECIMAL -> rt + "Decimals.format(" + scratch + ", " + x + ", " + v.type().scale() + ")";
            case DOUBLE -> rt + "Strings.fromJava(" + scratch + ", " + rt + "Numbers.formatDouble(" + x + "))";
            case DATE -> rt + "Strings.fromJava(" + scratch + ", " + rt + "Dates.formatDate(" + x + "))";
            case TIMESTAMP -> rt + "Strings.fromJava(" + scratch + ", " + rt + "Dates.formatTimestamp(" + x + "))";
            case VARCHAR -> throw new IllegalStateException();
        };
    }

    private static String unsupported(DataType from, DataType to) {
        throw new IllegalArgumentException("CAST from " + from + " to " + to + " is not supported");
    }
}
