package io.ascan.planner;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimestampString;

/** Bound parameter values (JDBC mapping, already converted to the parameter's type) as Calcite literal values. */
final class ParameterLiterals {
    private ParameterLiterals() {}

    static Object toCalcite(Object v, RelDataType type) {
        return switch (v) {
            case null -> null;
            case Integer i -> BigDecimal.valueOf(i);
            case Long l -> BigDecimal.valueOf(l);
            case Double d -> BigDecimal.valueOf(d);
            case BigDecimal d -> d;
            case String s -> new NlsString(s, null, null);
            case Boolean b -> b;
            case LocalDate d -> new DateString(d.getYear(), d.getMonthValue(), d.getDayOfMonth());
            case LocalDateTime t -> new TimestampString(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(),
                    t.getMinute(), t.getSecond()).withNanos(t.getNano());
            default -> throw new IllegalArgumentException("cannot bind a " + v.getClass().getSimpleName()
                    + " to a parameter of type " + type.getFullTypeString());
        };
    }
}
