package io.ascan.codegen;

import io.ascan.codegen.rt.Decimals;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A conjunct of a scan predicate that a selection loop evaluates without branches: a fixed-width
 * column (INTEGER, BIGINT, DECIMAL, DATE, TIMESTAMP, DOUBLE) compared with a constant or with a
 * column of the same representation, BETWEEN two constants, IN a few constants, or any column
 * IS NOT NULL. A NULL operand makes each of these NULL, never TRUE, so the loop ANDs the
 * columns' validity bits in, and {@link #test} only has to be right for non-NULL values.
 *
 * <p>A constant is converted once, here, into the column's representation, so the loop compares
 * raw values: a DECIMAL or integer literal is scaled to the column's scale and, when it falls
 * between two representable values, rounded to the side that keeps the comparison exact
 * ({@code x < 2.345} on a scale-2 column is {@code x < 2.35}); a DOUBLE constant becomes its
 * {@code Branchless.orderKey}. Comparisons the engine makes in another type (an integer column
 * with a DOUBLE literal, DATE with TIMESTAMP, DECIMALs of different scales) are not simple.
 *
 * @param columns the table columns read, without duplicates
 * @param values  whether the test reads the columns' values (false: validity only)
 * @param test    the Java int expression (1: TRUE, 0: FALSE) given the Java expressions of the
 *                columns' values, built from {@code Branchless} calls and {@code &}
 * @param range   for a comparison or BETWEEN of an exact, DATE or TIMESTAMP column with constants,
 *                the values it keeps in the column's representation, so that the conjuncts on one
 *                column become one range test ({@link Range}); else null
 */
record SimpleConjunct(Expr source, int[] columns, DataType[] types, boolean values, Function<List<String>, String> test,
        Range range) {
    private static final String BRANCHLESS = ExprCodegen.RT + "Branchless.";
    /** IN lists up to this long become an OR of equalities; longer ones are not simple. */
    static final int MAX_IN_LIST = ComparisonCodegen.INLINE_IN_LIST;

    /** {@code e} as a simple conjunct, or null. */
    static SimpleConjunct of(Expr e) {
        if (!(e instanceof Call c)) return null;
        return switch (c.op()) {
            case IS_NOT_NULL -> c.arg(0) instanceof ColumnRef r ? new SimpleConjunct(e, new int[] {r.index()},
                    new DataType[] {r.type()}, false, v -> "1", null) : null;
            case EQ, NE, LT, LE, GT, GE -> comparison(c);
            case BETWEEN -> between(c);
            case IN -> in(c);
            default -> null;
        };
    }

    private static SimpleConjunct comparison(Call c) {
        Operator op = c.op();
        Expr a = c.arg(0), b = c.arg(1);
        if (a instanceof Literal && b instanceof ColumnRef) {
            Expr t = a;
            a = b;
            b = t;
            op = flip(op);
        }
        if (!(a instanceof ColumnRef x) || !fixedWidth(x.type())) return null;
        if (b instanceof Literal k) {
            UnaryOperator<String> test = constant(op, x.type(), k);
            return test == null ? null : one(c, x, test, Range.of(op, x.type(), k));
        }
        if (b instanceof ColumnRef y && y.index() != x.index() && sameRepresentation(x.type(), y.type())) {
            boolean dbl = x.type().kind() == TypeKind.DOUBLE;
            Operator o = op;
            return new SimpleConjunct(c, new int[] {x.index(), y.index()}, new DataType[] {x.type(), y.type()}, true,
                    v -> compare(o, dbl ? orderKey(v.get(0)) : v.get(0), dbl ? orderKey(v.get(1)) : v.get(1)), null);
        }
        return null;
    }

    private static SimpleConjunct between(Call c) {
        if (!(c.arg(0) instanceof ColumnRef x) || !fixedWidth(x.type()) || !(c.arg(1) instanceof Literal lo)
                || !(c.arg(2) instanceof Literal hi)) {
            return null;
        }
        UnaryOperator<String> low = constant(Operator.GE, x.type(), lo), high = constant(Operator.LE, x.type(), hi);
        if (low == null || high == null) return null;
        Range from = Range.of(Operator.GE, x.type(), lo), to = Range.of(Operator.LE, x.type(), hi);
        return one(c, x, v -> low.apply(v) + " & " + high.apply(v), from == null || to == null ? null : from.and(to));
    }

    /** TRUE on a match; a NULL in the list makes a miss NULL, which is not TRUE either, so NULLs are ignored. */
    private static SimpleConjunct in(Call c) {
        if (!(c.arg(0) instanceof ColumnRef x) || !fixedWidth(x.type()) || c.args().size() - 1 > MAX_IN_LIST) return null;
        List<UnaryOperator<String>> tests = new ArrayList<>();
        for (Expr e : c.args().subList(1, c.args().size())) {
            if (!(e instanceof Literal k)) return null;
            if (k.isNull()) continue;
            UnaryOperator<String> t = constant(Operator.EQ, x.type(), k);
            if (t == null) return null;
            tests.add(t);
        }
        return one(c, x, v -> {
            List<String> terms = new ArrayList<>();
            for (UnaryOperator<String> t : tests) terms.add(t.apply(v));
            return terms.isEmpty() ? "0" : "(" + String.join(" | ", terms) + ")";
        }, null);
    }

    private static SimpleConjunct one(Call c, ColumnRef x, UnaryOperator<String> test, Range range) {
        return new SimpleConjunct(c, new int[] {x.index()}, new DataType[] {x.type()}, true, v -> test.apply(v.getFirst()), range);
    }

    /** The test "x op k" as a function of x's Java expression, or null when k cannot be compared in x's representation. */
    static UnaryOperator<String> constant(Operator op, DataType column, Literal k) {
        if (k.isNull()) return null;
        TypeKind lk = k.type().kind();
        return switch (column.kind()) {
            case INTEGER, BIGINT, DECIMAL -> {
                BigDecimal v = exact(k);
                yield v == null ? null : exactConstant(op, v.movePointRight(TypeRules.scale(column)), column.kind() == TypeKind.INTEGER);
            }
            case DATE -> lk == TypeKind.DATE ? withConstant(op, (Integer) k.value(), true) : null;
            case TIMESTAMP -> lk == TypeKind.TIMESTAMP ? withConstant(op, (Long) k.value(), false) : null;
            case DOUBLE -> {
                Double d = asDouble(k);
                if (d == null) yield null;
                UnaryOperator<String> onKeys = withConstant(op, io.ascan.codegen.rt.Branchless.orderKey(d), false);
                yield x -> onKeys.apply(orderKey(x));
            }
            case BOOLEAN, VARCHAR -> null;
        };
    }

    /**
     * x op w for an exact column whose values are integers in units of its scale and a constant w
     * in the same units: a fractional w is rounded up for {@code <} and {@code >=}, down for
     * {@code <=} and {@code >}; {@code =} never holds, {@code <>} always.
     */
    private static UnaryOperator<String> exactConstant(Operator op, BigDecimal w, boolean intColumn) {
        BigDecimal bound = exactBound(op, w);
        if (bound == null) return x -> op == Operator.EQ ? "0" : "1";
        if (!fitsLong(bound)) return null; // beyond every value: rare enough to leave to the general code
        return withConstant(op, bound.longValueExact(), intColumn);
    }

    /** The integral bound that x op w compares x with (see {@link #exactConstant}); null for a fractional w and = or <>. */
    static BigDecimal exactBound(Operator op, BigDecimal w) {
        boolean integral = w.signum() == 0 || w.stripTrailingZeros().scale() <= 0;
        return switch (op) {
            case LT, GE -> w.setScale(0, RoundingMode.CEILING);
            case LE, GT -> w.setScale(0, RoundingMode.FLOOR);
            case EQ, NE -> integral ? w.setScale(0, RoundingMode.UNNECESSARY) : null;
            default -> throw new IllegalArgumentException(op.name());
        };
    }

    static boolean fitsLong(BigDecimal v) {
        return v.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0 && v.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0;
    }

    /**
     * x op k for a constant k in x's representation, as {@code x < c} or its negation (c = k or
     * k + 1), which for a constant costs three operations ({@code Branchless.ltConstant}).
     */
    private static UnaryOperator<String> withConstant(Operator op, long k, boolean intValues) {
        return switch (op) {
            case EQ, NE -> x -> compare(op, x, literal(k, intValues));
            case LT -> x -> lt(x, k, intValues);
            case GE -> x -> "(1 - " + lt(x, k, intValues) + ")";
            case LE -> k == Long.MAX_VALUE ? x -> "1" : x -> lt(x, k + 1, intValues);
            case GT -> k == Long.MAX_VALUE ? x -> "0" : x -> "(1 - " + lt(x, k + 1, intValues) + ")";
            default -> throw new IllegalArgumentException(op.name());
        };
    }

    private static String lt(String x, long c, boolean intValues) {
        return intValues && c == (int) c ? BRANCHLESS + "lt(" + x + ", " + intLiteral((int) c) + ")"
                : BRANCHLESS + "ltConstant(" + x + ", " + longLiteral(c) + ")";
    }

    private static String literal(long k, boolean intValues) {
        return intValues && k == (int) k ? intLiteral((int) k) : longLiteral(k);
    }

    /** An exact literal's value, or null for other types. */
    static BigDecimal exact(Literal k) {
        return switch (k.type().kind()) {
            case INTEGER -> BigDecimal.valueOf((Integer) k.value());
            case BIGINT -> BigDecimal.valueOf((Long) k.value());
            case DECIMAL -> BigDecimal.valueOf((Long) k.value(), k.type().scale());
            default -> null;
        };
    }

    /** A literal as the engine converts it to compare with a DOUBLE (Decimals.toDouble, exact for these), or null. */
    private static Double asDouble(Literal k) {
        return switch (k.type().kind()) {
            case DOUBLE -> (Double) k.value();
            case INTEGER -> (double) (Integer) k.value();
            case BIGINT -> (double) (Long) k.value();
            case DECIMAL -> {
                long v = (Long) k.value();
                int s = k.type().scale();
                yield Math.abs(v) < (1L << 53) && s <= 22 ? Decimals.toDouble(v, s) : null;
            }
            default -> null;
        };
    }

    static boolean fixedWidth(DataType t) {
        return switch (t.kind()) {
            case INTEGER, BIGINT, DECIMAL, DATE, TIMESTAMP, DOUBLE -> true;
            case BOOLEAN, VARCHAR -> false;
        };
    }

    /** Whether two columns compare by their raw values (integers of any width, DECIMALs of one scale, ...). */
    private static boolean sameRepresentation(DataType x, DataType y) {
        TypeKind a = x.kind(), b = y.kind();
        if (TypeRules.isExact(a) && TypeRules.isExact(b)) return TypeRules.scale(x) == TypeRules.scale(y);
        return a == b && fixedWidth(x);
    }

    static Operator flip(Operator op) {
        return switch (op) {
            case LT -> Operator.GT;
            case LE -> Operator.GE;
            case GT -> Operator.LT;
            case GE -> Operator.LE;
            default -> op;
        };
    }

    private static String compare(Operator op, String x, String y) {
        return switch (op) {
            case LT -> BRANCHLESS + "lt(" + x + ", " + y + ")";
            case LE -> BRANCHLESS + "le(" + x + ", " + y + ")";
            case GT -> BRANCHLESS + "lt(" + y + ", " + x + ")";
            case GE -> BRANCHLESS + "le(" + y + ", " + x + ")";
            case EQ -> BRANCHLESS + "eq(" + x + ", " + y + ")";
            case NE -> BRANCHLESS + "ne(" + x + ", " + y + ")";
            default -> throw new IllegalArgumentException(op.name());
        };
    }

    private static String orderKey(String x) {
        return BRANCHLESS + "orderKey(" + x + ")";
    }

    private static String intLiteral(int v) {
        return v == Integer.MIN_VALUE ? "Integer.MIN_VALUE" : v < 0 ? "(" + v + ")" : Integer.toString(v);
    }

    private static String longLiteral(long v) {
        return v == Long.MIN_VALUE ? "Long.MIN_VALUE" : v < 0 ? "(" + v + "L)" : v + "L";
    }
}
