package io.ascan.planner.rex;

import io.ascan.expr.Literal;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A bound of a range over an exact numeric value (INTEGER, BIGINT, DECIMAL(p,s)) given as a
 * number the value's type may not hold: 0.000001 against a DECIMAL(12,2), 1.5 against an
 * INTEGER, 1e20 against a BIGINT. Decided from the number's exact value, never by rounding it
 * into the type: {@code x > 0.000001} is {@code x >= 0.01} at scale 2, {@code x = 0.000001} is
 * never true, {@code x < 1e20} always is (for a non-NULL x).
 */
record ExactBound(Kind kind, Literal literal) {
    enum Kind {
        /** {@code x >= literal} (lower) or {@code x <= literal} (upper); the literal is of x's type. */
        INCLUSIVE,
        /** {@code x > literal} or {@code x < literal}, the number being of x's type. */
        EXCLUSIVE,
        /** Every non-NULL x satisfies the bound. */
        ALWAYS,
        /** No x does. */
        NEVER
    }

    static boolean applies(DataType t) {
        return t.kind() == TypeKind.INTEGER || t.kind() == TypeKind.BIGINT || t.kind() == TypeKind.DECIMAL;
    }

    /** {@code x >= v} (closed) or {@code x > v}, for x of exact type t. */
    static ExactBound lower(BigDecimal v, boolean closed, DataType t) {
        Literal exact = exact(v, t);
        if (exact != null) return new ExactBound(closed ? Kind.INCLUSIVE : Kind.EXCLUSIVE, exact);
        // v is not a value of t: x >= v and x > v both mean x >= the next value of t above v
        BigDecimal c = v.setScale(scale(t), RoundingMode.CEILING);
        if (c.compareTo(max(t)) > 0) return new ExactBound(Kind.NEVER, null);
        if (c.compareTo(min(t)) < 0) return new ExactBound(Kind.ALWAYS, null);
        return new ExactBound(Kind.INCLUSIVE, exact(c, t));
    }

    /** {@code x <= v} (closed) or {@code x < v}. */
    static ExactBound upper(BigDecimal v, boolean closed, DataType t) {
        Literal exact = exact(v, t);
        if (exact != null) return new ExactBound(closed ? Kind.INCLUSIVE : Kind.EXCLUSIVE, exact);
        BigDecimal f = v.setScale(scale(t), RoundingMode.FLOOR);
        if (f.compareTo(min(t)) < 0) return new ExactBound(Kind.NEVER, null);
        if (f.compareTo(max(t)) > 0) return new ExactBound(Kind.ALWAYS, null);
        return new ExactBound(Kind.INCLUSIVE, exact(f, t));
    }

    /** {@code v} as a literal of t, or null when t has no such value (more scale, or out of range). */
    static Literal exact(BigDecimal v, DataType t) {
        BigDecimal scaled;
        try {
            scaled = v.setScale(scale(t), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            return null;
        }
        if (scaled.compareTo(max(t)) > 0 || scaled.compareTo(min(t)) < 0) return null;
        return switch (t.kind()) {
            case INTEGER -> new Literal(scaled.intValueExact(), t);
            case BIGINT -> new Literal(scaled.longValueExact(), t);
            case DECIMAL -> new Literal(scaled.unscaledValue().longValueExact(), t);
            default -> throw new IllegalArgumentException("not an exact numeric type: " + t);
        };
    }

    private static int scale(DataType t) {
        return t.kind() == TypeKind.DECIMAL ? t.scale() : 0;
    }

    private static BigDecimal max(DataType t) {
        return switch (t.kind()) {
            case INTEGER -> BigDecimal.valueOf(Integer.MAX_VALUE);
            case BIGINT -> BigDecimal.valueOf(Long.MAX_VALUE);
            default -> BigDecimal.TEN.pow(t.precision()).subtract(BigDecimal.ONE).movePointLeft(t.scale());
        };
    }

    private static BigDecimal min(DataType t) {
        return switch (t.kind()) {
            case INTEGER -> BigDecimal.valueOf(Integer.MIN_VALUE);
            case BIGINT -> BigDecimal.valueOf(Long.MIN_VALUE);
            default -> max(t).negate();
        };
    }
}
