package io.ascan.codegen;

import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.math.BigDecimal;

/**
 * The values {@code [lo, hi]} (inclusive, in a column's representation) that a column's comparisons
 * with constants keep, so that a selection loop tests the conjuncts on one column as one range:
 * {@code l_shipdate >= d1 AND l_shipdate < d2} or a BETWEEN becomes one subtraction and one unsigned
 * comparison ({@code Branchless.within}) instead of two tests and an AND. The first selection loop
 * of a scan runs over every tuple, so its operations per tuple are what it costs.
 *
 * @param intValues whether the column's values are Java ints (INTEGER, DATE): bounds beyond int
 *                  are clamped to it
 */
record Range(long lo, long hi, boolean intValues) {
    private static final String BRANCHLESS = ExprCodegen.RT + "Branchless.";

    /** x op k for an exact, DATE or TIMESTAMP column as a range, or null when it is not one (=, <>, other types, a NULL k). */
    static Range of(Operator op, DataType column, Literal k) {
        if (k.isNull() || !(op == Operator.LT || op == Operator.LE || op == Operator.GT || op == Operator.GE)) return null;
        long bound;
        switch (column.kind()) {
            case INTEGER, BIGINT, DECIMAL -> {
                BigDecimal w = SimpleConjunct.exact(k);
                if (w == null) return null;
                BigDecimal b = SimpleConjunct.exactBound(op, w.movePointRight(TypeRules.scale(column)));
                if (b == null || !SimpleConjunct.fitsLong(b)) return null;
                bound = b.longValueExact();
            }
            case DATE -> {
                if (k.type().kind() != TypeKind.DATE) return null;
                bound = (Integer) k.value();
            }
            case TIMESTAMP -> {
                if (k.type().kind() != TypeKind.TIMESTAMP) return null;
                bound = (Long) k.value();
            }
            default -> {
                return null;
            }
        }
        boolean ints = column.kind() == TypeKind.INTEGER || column.kind() == TypeKind.DATE;
        return switch (op) {
            case LT -> bound == Long.MIN_VALUE ? empty(ints) : new Range(Long.MIN_VALUE, bound - 1, ints);
            case LE -> new Range(Long.MIN_VALUE, bound, ints);
            case GT -> bound == Long.MAX_VALUE ? empty(ints) : new Range(bound + 1, Long.MAX_VALUE, ints);
            case GE -> new Range(bound, Long.MAX_VALUE, ints);
            default -> throw new IllegalArgumentException(op.name());
        };
    }

    private static Range empty(boolean ints) {
        return new Range(1, 0, ints);
    }

    /** The values both ranges keep. */
    Range and(Range o) {
        return new Range(Math.max(lo, o.lo), Math.min(hi, o.hi), intValues);
    }

    /** The test "x in the range" as a Java int expression (1: TRUE, 0: FALSE), given x's Java expression. */
    String test(String x) {
        long min = intValues ? Integer.MIN_VALUE : Long.MIN_VALUE, max = intValues ? Integer.MAX_VALUE : Long.MAX_VALUE;
        long l = Math.max(lo, min), h = Math.min(hi, max);
        if (l > h) return "0";
        if (l == min && h == max) return "1";
        if (l == min) return lt(x, h + 1);
        if (h == max) return "(1 - " + lt(x, l) + ")";
        long span = h - l; // as unsigned: the values kept, less one
        if (intValues || span >= 0 && span < Long.MAX_VALUE) {
            return BRANCHLESS + "within(" + x + ", " + literal(l) + ", " + (span + 1) + "L)";
        }
        return "((1 - " + lt(x, l) + ") & " + lt(x, h + 1) + ")"; // half the longs or more: two tests
    }

    private String lt(String x, long c) {
        return intValues ? BRANCHLESS + "lt(" + x + ", " + literal(c) + ")" : BRANCHLESS + "ltConstant(" + x + ", " + literal(c) + ")";
    }

    private String literal(long v) {
        if (intValues) return v == Integer.MIN_VALUE ? "Integer.MIN_VALUE" : v < 0 ? "(" + v + ")" : Long.toString(v);
        return v == Long.MIN_VALUE ? "Long.MIN_VALUE" : v < 0 ? "(" + v + "L)" : v + "L";
    }
}
