package io.ascan.codegen;

import io.ascan.expr.Call;
import io.ascan.expr.Literal;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.util.List;

/**
 * EXTRACT, PLUS_MONTHS, PLUS_MICROS, TIMESTAMPDIFF, DATE_DIFF, DATE_TRUNC, LAST_DAY, MONTHNAME, DAYNAME,
 * EPOCH, STRFTIME, STRPTIME, MAKE_DATE, MAKE_TIMESTAMP, CURRENT_DATE and CURRENT_TIMESTAMP. The
 * unit is a literal, so each call compiles to the one calendar computation it needs.
 */
final class DateTimeCodegen {
    private final ExprCodegen g;

    DateTimeCodegen(ExprCodegen g) {
        this.g = g;
    }

    ValueCode function(Call c) {
        String what = g.what(c);
        String rt = ExprCodegen.RT + "Dates.";
        return switch (c.op()) {
            case EXTRACT -> g.strict("extract", List.of(c.arg(1)), c.type(), (ops, r) -> {
                ValueCode x = ops.get(0);
                boolean ts = x.type().kind() == TypeKind.TIMESTAMP;
                String days = ts ? rt + "dayOf(" + x.value() + ")" : "(long) " + x.value();
                String time = ts ? rt + "timeOf(" + x.value() + ")" : "0L";
                String unit = unit(c);
                String v = switch (unit) {
                    case "YEAR", "MONTH", "DAY", "QUARTER", "DOW", "ISODOW", "DOY", "DECADE", "CENTURY", "MILLENNIUM" ->
                            rt + unit.toLowerCase() + "(" + days + ")";
                    case "WEEK" -> rt + "isoWeek(" + days + ")";
                    case "ISOYEAR" -> rt + "isoYear(" + days + ")";
                    case "HOUR" -> time + " / 3600000000L";
                    case "MINUTE" -> time + " / 60000000L % 60";
                    case "SECOND" -> time + " / 1000000L % 60";
                    case "MILLISECOND" -> time + " / 1000L % 60000";
                    case "MICROSECOND" -> time + " % 60000000L";
                    case "EPOCH" -> ts ? "Math.floorDiv(" + x.value() + ", 1000000L)" : days + " * 86400L";
                    default -> throw new IllegalArgumentException("EXTRACT does not support " + unit + ": " + c);
                };
                g.code.line(r.value() + " = " + g.cast.convert(ValueCode.of("false", "(long) (" + v + ")", DataType.BIGINT), c.type(), what) + ";");
            });
            case PLUS_MONTHS -> g.strict("plusMonths", c.args(), c.type(), (ops, r) -> {
                ValueCode x = ops.get(0);
                String n = "(long) " + ops.get(1).value();
                if (x.type().kind() == TypeKind.DATE) {
                    ValueCode d = ValueCode.of("false", rt + "plusMonths(" + x.value() + ", " + n + ")", DataType.BIGINT);
                    g.code.line(r.value() + " = " + datetime(d, DataType.DATE, c.type(), what) + ";");
                } else {
                    g.code.line(r.value() + " = " + rt + "plusMonthsTimestamp(" + x.value() + ", " + n + ");");
                }
            });
            case PLUS_MICROS -> g.strict("plusMicros", c.args(), c.type(), (ops, r) -> {
                ValueCode x = ops.get(0);
                String n = "(long) " + ops.get(1).value();
                String ar = ExprCodegen.RT + "Arith.";
                if (x.type().kind() == TypeKind.DATE && c.type().kind() == TypeKind.DATE) {
                    // whole days only can keep a DATE: the time part of the interval is dropped (floor)
                    g.code.line(r.value() + " = " + ar + "toInt(" + ar + "add((long) " + x.value() + ", Math.floorDiv(" + n + ", "
                            + rt + "MICROS_PER_DAY), " + what + "), " + what + ");");
                } else {
                    String micros = x.type().kind() == TypeKind.DATE ? x.value() + " * " + rt + "MICROS_PER_DAY" : x.value();
                    g.code.line(r.value() + " = " + ar + "add(" + micros + ", " + n + ", " + what + ");");
                }
            });
            case TIMESTAMP_DIFF -> g.strict("tsDiff", List.of(c.arg(1), c.arg(2)), c.type(), (ops, r) -> {
                String from = micros(ops.get(0)), to = micros(ops.get(1));
                String unit = unit(c);
                String ar = ExprCodegen.RT + "Arith.";
                String elapsed = ar + "subtract(" + to + ", " + from + ", " + what + ")";
                String v = switch (unit) {
                    case "MICROSECOND" -> elapsed;
                    case "MILLISECOND" -> elapsed + " / 1000L";
                    case "SECOND" -> elapsed + " / 1000000L";
                    case "MINUTE" -> elapsed + " / 60000000L";
                    case "HOUR" -> elapsed + " / 3600000000L";
                    case "DAY" -> elapsed + " / " + rt + "MICROS_PER_DAY";
                    case "WEEK" -> elapsed + " / (7 * " + rt + "MICROS_PER_DAY)";
                    case "MONTH" -> rt + "months(" + from + ", " + to + ")";
                    case "QUARTER" -> rt + "months(" + from + ", " + to + ") / 3";
                    case "YEAR" -> rt + "months(" + from + ", " + to + ") / 12";
                    default -> throw new IllegalArgumentException("TIMESTAMPDIFF does not support " + unit + ": " + c);
                };
                g.code.line(r.value() + " = " + g.cast.convert(ValueCode.of("false", v, DataType.BIGINT), c.type(), what) + ";");
            });
            case DATE_TRUNC -> g.strict("dateTrunc", List.of(c.arg(1)), c.type(), (ops, r) -> {
                String unit = unit(c);
                if (!io.ascan.codegen.rt.Dates.isTruncUnit(unit)) throw new IllegalArgumentException("DATE_TRUNC does not support " + unit + ": " + c);
                g.code.line(r.value() + " = " + rt + "truncate(\"" + unit + "\", " + micros(ops.get(0)) + ");");
            });
            case MAKE_DATE -> g.strict("makeDate", c.args(), c.type(), (ops, r) -> g.code.line(r.value() + " = " + rt + "makeDate((long) "
                    + ops.get(0).value() + ", (long) " + ops.get(1).value() + ", (long) " + ops.get(2).value() + ", " + what + ");"));
            case CURRENT_DATE -> g.strict("today", List.of(), c.type(), (ops, r) -> g.code.line(r.value() + " = " + rt + "currentDate();"));
            case CURRENT_TIMESTAMP -> g.strict("now", List.of(), c.type(), (ops, r) -> g.code.line(r.value() + " = " + rt + "currentTimestamp();"));
            case DATE_DIFF -> g.strict("dateDiff", List.of(c.arg(1), c.arg(2)), c.type(), (ops, r) -> {
                String unit = io.ascan.codegen.rt.Dates.diffUnit(unit(c));
                if (unit == null) throw new IllegalArgumentException("DATE_DIFF does not support " + unit(c) + ": " + c);
                ValueCode v = ValueCode.of("false", rt + "dateDiff(\"" + unit + "\", " + micros(ops.get(0)) + ", " + micros(ops.get(1)) + ")",
                        DataType.BIGINT);
                g.code.line(r.value() + " = " + g.cast.convert(v, c.type(), what) + ";");
            });
            case LAST_DAY -> g.strict("lastDay", c.args(), c.type(), (ops, r) -> g.code.line(r.value() + " = " + rt + "lastDay(" + days(ops.get(0)) + ");"));
            case MONTHNAME, DAYNAME -> g.strict(c.op() == io.ascan.expr.Operator.MONTHNAME ? "monthName" : "dayName", c.args(), DataType.VARCHAR,
                    (ops, r) -> {
                        String fn = c.op() == io.ascan.expr.Operator.MONTHNAME ? "monthName" : "dayName";
                        g.code.line(r.value() + " = " + ExprCodegen.RT + "Strings.fromJava(" + ExprCodegen.SCRATCH + ", " + rt + fn + "("
                                + days(ops.get(0)) + "));");
                        g.code.line(r.length() + " = " + ExprCodegen.SCRATCH + ".lastLength();");
                    });
            case STRFTIME -> g.strict("strftime", c.args(), DataType.VARCHAR, (ops, r) -> {
                g.code.line(r.value() + " = " + ExprCodegen.RT + "DateFormats.format(" + ExprCodegen.SCRATCH + ", " + micros(ops.get(0)) + ", "
                        + format(c, ops.get(1)) + ", " + what + ");");
                g.code.line(r.length() + " = " + ExprCodegen.SCRATCH + ".lastLength();");
            });
            case STRPTIME -> g.strict("strptime", c.args(), c.type(), (ops, r) -> g.code.line(r.value() + " = " + ExprCodegen.RT
                    + "DateFormats.parse(" + ops.get(0).value() + ", " + ops.get(0).length() + ", " + format(c, ops.get(1)) + ", " + what + ");"));
            case EPOCH -> g.strict("epoch", c.args(), c.type(), (ops, r) -> g.code.line(r.value() + " = " + rt + "epochSeconds(" + micros(ops.get(0)) + ");"));
            case MAKE_TIMESTAMP -> g.strict("makeTimestamp", c.args(), c.type(), (ops, r) -> g.code.line(r.value() + " = " + rt + "makeTimestamp((long) "
                    + ops.get(0).value() + ", (long) " + ops.get(1).value() + ", (long) " + ops.get(2).value() + ", (long) " + ops.get(3).value()
                    + ", (long) " + ops.get(4).value() + ", (double) " + ops.get(5).value() + ", " + what + ");"));
            default -> throw new IllegalStateException(c.op().name());
        };
    }

    private String datetime(ValueCode days, DataType from, DataType to, String what) {
        if (to.kind() == TypeKind.DATE) return ExprCodegen.RT + "Arith.toInt(" + days.value() + ", " + what + ")";
        return days.value() + " * " + ExprCodegen.RT + "Dates.MICROS_PER_DAY";
    }

    /** The format operand as a Java String: a constant once, else the row's text. */
    private String format(Call c, ValueCode f) {
        if (c.arg(1) instanceof Literal l && !l.isNull()) return g.code.constant("String", l.value());
        return ExprCodegen.RT + "Strings.toJava(" + f.value() + ", " + f.length() + ")";
    }

    private static String days(ValueCode v) {
        return v.type().kind() == TypeKind.DATE ? "(long) " + v.value() : ExprCodegen.RT + "Dates.dayOf(" + v.value() + ")";
    }

    private static String micros(ValueCode v) {
        return v.type().kind() == TypeKind.DATE ? v.value() + " * " + ExprCodegen.RT + "Dates.MICROS_PER_DAY" : v.value();
    }

    private static String unit(Call c) {
        if (!(c.arg(0) instanceof Literal l) || l.isNull() || l.type().kind() != TypeKind.VARCHAR) {
            throw new IllegalArgumentException(c.op() + " needs a unit literal: " + c);
        }
        return ((String) l.value()).toUpperCase(java.util.Locale.ROOT);
    }
}
