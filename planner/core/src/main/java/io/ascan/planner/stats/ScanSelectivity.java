package io.ascan.planner.stats;

import com.google.common.collect.Range;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.planner.rex.ExprTranslator;
import io.ascan.planner.rex.UnsupportedExpressionException;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;

/**
 * The fraction of a table's rows that pass a scan predicate P, from the columns' statistics:
 * {@code col = c} keeps 1/distinct, an IN list k/distinct, a range the part of the column's
 * [min, max] it covers (values assumed uniform; strings: {@link StringRange}), IS [NOT] NULL the NULL fraction, LIKE the
 * share of a {@link StringSample} it matches, or else by the length of its pattern ({@link #like}); AND multiplies
 * (independence), OR adds the complements.
 * Anything else falls back to Calcite's guesses.
 */
public final class ScanSelectivity {
    /** The share of rows each literal character of a LIKE pattern keeps: five characters keep 13%. */
    static final double LIKE_CHARACTER = 0.67;

    private ScanSelectivity() {}

    /** Selectivity of {@code p} (input ref i = table column i); {@code stats} gives column i's statistics. */
    public static double of(RexNode p, IntFunction<ColumnStats> stats) {
        return of(p, stats, column -> null);
    }

    /** As {@link #of(RexNode, IntFunction)}, with {@code samples} giving column i's string sample (or null). */
    public static double of(RexNode p, IntFunction<ColumnStats> stats, IntFunction<StringSample> samples) {
        if (p == null) return 1;
        double s = switch (p.getKind()) {
            case AND -> ((RexCall) p).getOperands().stream().mapToDouble(o -> of(o, stats, samples)).reduce(1, (a, b) -> a * b);
            case OR -> 1 - ((RexCall) p).getOperands().stream().mapToDouble(o -> 1 - of(o, stats, samples))
                    .reduce(1, (a, b) -> a * b);
            case NOT -> 1 - of(((RexCall) p).getOperands().getFirst(), stats, samples);
            default -> simple((RexCall) (p instanceof RexCall ? p : null), p, stats, samples);
        };
        return Math.clamp(s, 0.0, 1.0);
    }

    private static double simple(RexCall call, RexNode p, IntFunction<ColumnStats> stats, IntFunction<StringSample> samples) {
        double guess = RelMdUtil.guessSelectivity(p);
        if (call == null || call.getOperands().isEmpty() || !(call.getOperands().getFirst() instanceof RexInputRef ref)) {
            return guess;
        }
        ColumnStats c = stats.apply(ref.getIndex());
        List<RexNode> ops = call.getOperands();
        Double value = call.isA(SqlKind.COMPARISON) && ops.size() == 2 ? value(ops.get(1)) : null;
        return switch (call.getKind()) {
            case IS_NULL -> c.nullFraction();
            case IS_NOT_NULL -> 1 - c.nullFraction();
            case EQUALS -> 1 / c.distinct();
            case NOT_EQUALS -> 1 - 1 / c.distinct();
            case LESS_THAN, LESS_THAN_OR_EQUAL -> value != null ? orGuess(c.fractionBelow(value), guess)
                    : stringBelow(c, ops.get(1), true, guess);
            case GREATER_THAN, GREATER_THAN_OR_EQUAL -> value != null ? orGuess(1 - c.fractionBelow(value), guess)
                    : stringBelow(c, ops.get(1), false, guess);
            case SEARCH -> search(c, (RexLiteral) ops.get(1), guess);
            case LIKE -> like(c, call, () -> samples.apply(ref.getIndex()), guess);
            default -> guess;
        };
    }

    /**
     * LIKE keeps the share of the column's {@link StringSample} its pattern matches, but no fewer
     * rows than one of the column's values. Without a sample, fewer rows the more literal
     * characters the pattern has: each keeps {@value #LIKE_CHARACTER} of them (TPC-H:
     * {@code p_name LIKE '%green%'} 13% for a true 5%, {@code p_type LIKE 'PROMO%'} 13% for 17%,
     * {@code o_comment NOT LIKE '%special%requests%'} 99.8% for 99%). Calcite guesses 25% for any
     * pattern. A pattern without wildcards is an equality.
     */
    private static double like(ColumnStats c, RexCall call, Supplier<StringSample> samples, double guess) {
        List<RexNode> ops = call.getOperands();
        if (ops.size() < 2 || !(ops.get(1) instanceof RexLiteral lit) || lit.getValueAs(String.class) == null) return guess;
        String pattern = lit.getValueAs(String.class);
        String escape = ops.size() > 2 && ops.get(2) instanceof RexLiteral e ? e.getValueAs(String.class) : null;
        int literal = 0;
        boolean wildcard = false;
        for (int i = 0; i < pattern.length(); i++) {
            char ch = pattern.charAt(i);
            if (escape != null && escape.length() == 1 && ch == escape.charAt(0) && i + 1 < pattern.length()) {
                literal++;
                i++;
            } else if (ch == '%' || ch == '_') {
                wildcard = true;
            } else {
                literal++;
            }
        }
        if (!wildcard) return 1 / c.distinct() * (1 - c.nullFraction());
        boolean caseSensitive = !(call.getOperator() instanceof SqlLikeOperator l) || l.isCaseSensitive();
        StringSample sample = samples.get();
        double s = sample != null ? sample.share(pattern, escape, caseSensitive) : Double.NaN;
        if (Double.isNaN(s)) s = Math.pow(LIKE_CHARACTER, literal);
        return Math.max(s, 1 / c.distinct()) * (1 - c.nullFraction());
    }

    /** Points count 1/distinct each, ranges the fraction of [min, max] they cover. */
    private static <C extends Comparable<C>> double search(ColumnStats c, RexLiteral sargLiteral, double guess) {
        @SuppressWarnings("unchecked")
        Sarg<C> sarg = sargLiteral.getValueAs(Sarg.class);
        if (sarg == null) return guess;
        if (sarg.isComplementedPoints()) return Math.max(0, 1 - sarg.rangeSet.complement().asRanges().size() / c.distinct());
        double s = 0;
        for (Range<C> r : sarg.rangeSet.asRanges()) {
            if (r.hasLowerBound() && r.hasUpperBound() && r.lowerEndpoint().compareTo(r.upperEndpoint()) == 0) {
                s += 1 / c.distinct();
                continue;
            }
            Double lo = r.hasLowerBound() ? number(r.lowerEndpoint()) : null;
            Double hi = r.hasUpperBound() ? number(r.upperEndpoint()) : null;
            if (r.hasLowerBound() && lo == null || r.hasUpperBound() && hi == null) { // a string range: no numeric bounds
                double share = StringRange.share(c.minString(), c.maxString(),
                        r.hasLowerBound() ? string(r.lowerEndpoint()) : null, r.hasUpperBound() ? string(r.upperEndpoint()) : null);
                boolean strings = (!r.hasLowerBound() || string(r.lowerEndpoint()) != null)
                        && (!r.hasUpperBound() || string(r.upperEndpoint()) != null);
                s += strings && !Double.isNaN(share) ? Math.max(share, 1 / c.distinct()) : guess;
                continue;
            }
            double below = hi == null ? 1 : c.fractionBelow(hi), above = lo == null ? 0 : c.fractionBelow(lo);
            // a closed integer range [lo, hi] holds hi - lo + 1 points: count the upper one too
            double point = r.hasUpperBound() && hi != null ? 1 / c.distinct() : 0;
            s += Double.isNaN(below - above) ? guess : Math.max(below - above + point, 1 / c.distinct());
        }
        return Math.min(1, s) * (1 - c.nullFraction());
    }

    private static double orGuess(double s, double guess) {
        return Double.isNaN(s) ? guess : s;
    }

    /** A literal in its column's units (number, DATE days, TIMESTAMP microseconds), or null. */
    static Double value(RexNode n) {
        if (!(n instanceof RexLiteral lit)) return null;
        try {
            Expr e = ExprTranslator.translate(lit);
            return e instanceof Literal l && l.value() instanceof Number v ? ColumnStats.real(v, l.type()) : null;
        } catch (UnsupportedExpressionException e) {
            return null;
        }
    }

    /** The share of a string column's values below (or else above) a character literal. */
    private static double stringBelow(ColumnStats c, RexNode literal, boolean below, double guess) {
        String v = stringLiteral(literal);
        if (v == null) return guess;
        return orGuess(below ? StringRange.share(c.minString(), c.maxString(), null, v)
                : StringRange.share(c.minString(), c.maxString(), v, null), guess);
    }

    /** A character literal's value, or null. */
    private static String stringLiteral(RexNode n) {
        return n instanceof RexLiteral lit && SqlTypeUtil.inCharFamily(lit.getType()) ? lit.getValueAs(String.class) : null;
    }

    private static String string(Object endpoint) {
        return endpoint instanceof NlsString s ? s.getValue() : null;
    }

    private static Double number(Object endpoint) {
        return switch (endpoint) {
            case java.math.BigDecimal d -> d.doubleValue();
            case org.apache.calcite.util.DateString d -> (double) d.getDaysSinceEpoch();
            case org.apache.calcite.util.TimestampString t -> (double) t.getMillisSinceEpoch() * 1000;
            default -> null;
        };
    }
}
