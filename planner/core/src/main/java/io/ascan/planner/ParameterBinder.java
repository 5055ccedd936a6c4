package io.ascan.planner;

import io.ascan.exec.QueryException;
import io.ascan.exec.SqlStates;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Converts bound parameter values to the Java class of the type the planner inferred for each
 * {@code ?}, so the executor sees exactly one class per SQL type: Boolean, Integer, Long,
 * Double, BigDecimal (at the type's scale), LocalDate, LocalDateTime, String. Lossy conversions
 * (a fraction into INTEGER, too many digits for a DECIMAL) are errors, not silent roundings.
 */
public final class ParameterBinder {
    private ParameterBinder() {}

    public static List<Object> bind(List<DataType> types, List<Object> values) throws QueryException {
        if (values.size() != types.size()) {
            throw new QueryException("the statement has " + types.size() + " parameter(s), " + values.size() + " given",
                    "07001", null);
        }
        List<Object> out = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            Object v = values.get(i);
            try {
                out.add(v == null || types.get(i) == null ? v : convert(v, types.get(i)));
            } catch (RuntimeException e) {
                throw new QueryException("parameter " + (i + 1) + ": cannot use " + describe(v) + " as " + types.get(i)
                        + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"), SqlStates.INVALID_CAST, e);
            }
        }
        return out;
    }

    private static String describe(Object v) {
        return v instanceof String s ? "'" + s + "'" : v + " (" + v.getClass().getSimpleName() + ")";
    }

    static Object convert(Object v, DataType t) {
        return switch (t.kind()) {
            case BOOLEAN -> switch (v) {
                case Boolean b -> b;
                case String s when s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false") -> Boolean.parseBoolean(s);
                default -> throw new IllegalArgumentException("not a boolean");
            };
            case INTEGER -> Math.toIntExact(exact(v).longValueExact());
            case BIGINT -> exact(v).longValueExact();
            case DOUBLE -> switch (v) {
                case Number n -> n.doubleValue();
                case String s -> Double.parseDouble(s.trim());
                default -> throw new IllegalArgumentException("not a number");
            };
            case DECIMAL -> {
                BigDecimal d = decimal(v).setScale(t.scale(), RoundingMode.HALF_UP);
                if (d.precision() > t.precision() && d.signum() != 0) throw new IllegalArgumentException("too many digits");
                yield d;
            }
            case DATE -> switch (v) {
                case LocalDate d -> d;
                case String s -> LocalDate.parse(s.trim());
                default -> throw new IllegalArgumentException("not a date");
            };
            case TIMESTAMP -> switch (v) {
                case LocalDateTime ts -> ts;
                case LocalDate d -> d.atStartOfDay();
                case String s -> parseTimestamp(s.trim());
                default -> throw new IllegalArgumentException("not a timestamp");
            };
            case VARCHAR -> switch (v) {
                case BigDecimal d -> d.toPlainString();
                default -> v.toString();
            };
        };
    }

    /** An integer-valued number; a fraction is an error (ArithmeticException from longValueExact). */
    private static BigDecimal exact(Object v) {
        BigDecimal d = decimal(v);
        if (d.stripTrailingZeros().scale() > 0) throw new IllegalArgumentException("has a fraction");
        return d;
    }

    private static BigDecimal decimal(Object v) {
        return switch (v) {
            case BigDecimal d -> d;
            case Integer i -> BigDecimal.valueOf(i);
            case Long l -> BigDecimal.valueOf(l);
            case Double d -> BigDecimal.valueOf(d);
            case Number n -> new BigDecimal(n.toString());
            case String s -> new BigDecimal(s.trim());
            default -> throw new IllegalArgumentException("not a number");
        };
    }

    private static LocalDateTime parseTimestamp(String s) {
        try {
            return LocalDateTime.parse(s.replace(' ', 'T'));
        } catch (DateTimeParseException e) {
            return LocalDate.parse(s).atStartOfDay();
        }
    }
}
