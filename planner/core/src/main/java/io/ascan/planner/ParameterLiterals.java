package io.ascan.planner;

import io.ascan.expr.Literal;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Bound parameter values (JDBC mapping, already converted to each parameter's type by {@link ParameterBinder}) as engine literals. */
final class ParameterLiterals {
    private ParameterLiterals() {}

    /** One literal per parameter; null where the parameter's type is unknown (the plan does not use it). */
    static List<Literal> toEngine(List<Object> values, List<DataType> types) {
        List<Literal> out = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) out.add(types.get(i) == null ? null : toEngine(values.get(i), types.get(i)));
        return Collections.unmodifiableList(out);
    }

    static Literal toEngine(Object v, DataType t) {
        if (v == null) return Literal.ofNull(t);
        return switch (t.kind()) {
            case BOOLEAN -> new Literal((Boolean) v, t);
            case INTEGER -> new Literal((Integer) v, t);
            case BIGINT -> new Literal((Long) v, t);
            case DOUBLE -> new Literal((Double) v, t);
            case DECIMAL -> new Literal(((BigDecimal) v).setScale(t.scale(), RoundingMode.UNNECESSARY).unscaledValue().longValueExact(), t);
            case VARCHAR -> new Literal((String) v, t);
            case DATE -> new Literal(Math.toIntExact(((LocalDate) v).toEpochDay()), t);
            case TIMESTAMP -> new Literal((Long) Literal.of((LocalDateTime) v).value(), t);
        };
    }
}
