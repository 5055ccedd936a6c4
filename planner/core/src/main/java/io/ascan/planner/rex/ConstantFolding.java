package io.ascan.planner.rex;

import io.ascan.codegen.rt.Arith;
import io.ascan.planner.rules.BottomUp;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.plan.Strong;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimestampString;

/**
 * Evaluates the constant expressions Calcite leaves in a plan, so that predicates compare columns
 * with literals, which zone maps prune on and statistics estimate: a date or timestamp plus or
 * minus an interval literal ({@code date '1994-01-01' + interval '1' year}, TPC-H q1, q4-q6,
 * q10, q12, q14, q20), exact arithmetic of numeric literals ({@code 0.06 - 0.01}), negation, and
 * CASTs of literals Calcite can convert exactly. Everything is computed exactly as the engine
 * would (months added with the day clamped to the month's length, decimals without rounding);
 * whatever would need rounding, overflow or a time of day on a DATE is left alone.
 *
 * <p>Calcite's own ReduceExpressionsRule would compile each constant into Java with Janino at
 * planning time, and runs after the filters already moved into the scans.
 */
public final class ConstantFolding extends RexShuttle {
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private final RexBuilder rex;
    private final RexSimplify simplifier;

    private ConstantFolding(RexBuilder rex) {
        this.rex = rex;
        this.simplifier = new RexSimplify(rex, RelOptPredicateList.EMPTY, RexUtil.EXECUTOR);
    }

    /** {@code rel} with the constant expressions of every operator folded. */
    public static RelNode fold(RelNode rel) {
        ConstantFolding folding = new ConstantFolding(rel.getCluster().getRexBuilder());
        return BottomUp.rewrite(rel, r -> r instanceof Project p ? folding.project(p) : r.accept(folding));
    }

    /**
     * {@code p} with its expressions folded, each kept at its type: folding may leave an
     * expression NOT NULL where the projection's field is nullable, and a row type must not change.
     * (A filter's or join's condition takes either, and Calcite refuses a CAST there that changes
     * only nullability.)
     */
    private RelNode project(Project p) {
        List<RexNode> folded = new ArrayList<>();
        boolean changed = false;
        for (RexNode e : p.getProjects()) {
            RexNode f = e.accept(this);
            if (!f.getType().equals(e.getType())) f = rex.makeAbstractCast(e.getType(), f, false);
            changed |= f != e;
            folded.add(f);
        }
        return changed ? p.copy(p.getTraitSet(), p.getInput(), folded, p.getRowType()) : p;
    }

    /** {@code e} with its constant sub-expressions folded. */
    public static RexNode fold(RexBuilder rex, RexNode e) {
        return e.accept(new ConstantFolding(rex));
    }

    @Override
    public RexNode visitCall(RexCall call) {
        return foldCall(call);
    }

    private RexNode foldCall(RexCall call) {
        RexNode visited = strictlyTyped(rex, flat(super.visitCall(call)));
        if (!(visited instanceof RexCall c) || c.getOperands().isEmpty()) return visited;
        if (comparesWithNull(c, simplifier) || nullOperandOfStrongCall(c)) return rex.makeNullLiteral(c.getType());
        if (c.getKind() == SqlKind.CASE) return caseOfLiteralConditions(c);
        if (c.getKind() == SqlKind.COALESCE) return coalesceWithoutNulls(c);
        for (RexNode o : c.getOperands()) {
            if (!(o instanceof RexLiteral lit) || lit.isNull()) return visited;
        }
        RexNode folded = switch (c.getKind()) {
            case PLUS -> plus(c, false);
            case MINUS -> plus(c, true);
            case TIMES, CHECKED_TIMES -> times(c);
            case MINUS_PREFIX -> negate(c);
            case CAST -> cast(c);
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> compare(c);
            default -> null;
        };
        // Only a literal of exactly the call's type may replace it (row types of projections must not change).
        return folded != null && folded.getType().equals(c.getType()) ? folded : visited;
    }

    /** An AND or OR whose operand folded into an AND or OR (a CASE WHEN TRUE THEN a AND b), flattened as Calcite requires of a condition. */
    private RexNode flat(RexNode e) {
        return e.isA(SqlKind.AND) || e.isA(SqlKind.OR) ? RexUtil.flatten(rex, e) : e;
    }

    /**
     * A strong call (NULL exactly when an operand is: arithmetic, comparisons) typed nullable over
     * operands none of which is nullable any more, after folding: typed NOT NULL, as Calcite's
     * simplifier requires of such a call (RexSimplify.validateStrongPolicy).
     */
    public static RexNode strictlyTyped(RexBuilder rex, RexNode e) {
        if (!(e instanceof RexCall c) || !c.getType().isNullable() || c.getOperands().isEmpty()
                || Strong.policy(c) != Strong.Policy.ANY || c.getOperands().stream().anyMatch(o -> o.getType().isNullable())) {
            return e;
        }
        return c.clone(rex.getTypeFactory().createTypeWithNullability(c.getType(), false), c.getOperands());
    }

    /**
     * A CASE without its branches whose condition is a FALSE or NULL literal, and the value of a
     * first branch whose condition is TRUE, kept at the CASE's type. Left to Calcite's simplifier,
     * such a CASE became its non-nullable ELSE value under a parent call still typed nullable, which
     * Calcite's own type check then rejected (an AssertionError in RexSimplify.validateStrongPolicy:
     * {@code x IN (SELECT 1.5 + NULLIF(0.000001, CAST(NULL AS DECIMAL(12,2))) ...)}).
     */
    private RexNode caseOfLiteralConditions(RexCall c) {
        List<RexNode> ops = c.getOperands();
        List<RexNode> kept = new ArrayList<>();
        for (int i = 0; i + 1 < ops.size(); i += 2) {
            RexNode cond = decided(ops.get(i));
            if (cond.isAlwaysFalse() || RexUtil.isNullLiteral(cond, true)) continue;
            if (cond.isAlwaysTrue() && kept.isEmpty()) return fit(c.getType(), ops.get(i + 1));
            kept.add(cond);
            kept.add(ops.get(i + 1));
        }
        RexNode otherwise = ops.getLast();
        if (kept.size() == ops.size() - 1) return c;
        if (kept.isEmpty()) return fit(c.getType(), otherwise);
        kept.add(otherwise);
        return rex.makeCall(c.getType(), c.getOperator(), kept);
    }

    /**
     * A CASE condition over literals only, as the TRUE, FALSE or NULL literal it always is, else as
     * it is. {@link #compare} folds numbers only; a NULLIF of dates, times or strings left its CASE
     * for Calcite's simplifier, which reduced it to its NOT NULL ELSE value under a parent still
     * typed nullable, and then rejected that parent (validateStrongPolicy: {@code x NOT IN (SELECT
     * EXTRACT(YEAR FROM NULLIF(DATE '1995-06-17', DATE '1969-12-31')) ...)}, fuzzer seed 14 q380).
     * A condition is taken only when UNKNOWN, so NULL decides like FALSE.
     */
    private RexNode decided(RexNode cond) {
        if (cond instanceof RexLiteral || !RexUtil.isConstant(cond) || !RexUtil.isDeterministic(cond)) return cond;
        RexNode s = simplifier.simplifyUnknownAsFalse(cond);
        return s instanceof RexLiteral ? s : cond;
    }

    /**
     * A COALESCE without its NULL-literal operands, and its first operand when that is a non-NULL
     * literal or the only one left, kept at the COALESCE's type. Left unfolded, a constant such as
     * {@code NULLIF(0, COALESCE(NULL, 0))} stayed a CASE over a COALESCE in a projection; a join
     * comparing with it then had Calcite's simplifier reduce it to NULL inside a comparison it
     * kept, which its predicate list rejects ("Comparison with NULL in pulledUpPredicates", an
     * AssertionError; fuzzer seed 323 q110).
     */
    private RexNode coalesceWithoutNulls(RexCall c) {
        List<RexNode> kept = c.getOperands().stream().filter(o -> !RexUtil.isNullLiteral(o, true)).toList();
        if (kept.isEmpty()) return rex.makeNullLiteral(c.getType());
        if (kept.size() == 1 || kept.getFirst() instanceof RexLiteral) return fit(c.getType(), kept.getFirst());
        return kept.size() == c.getOperands().size() ? c : rex.makeCall(c.getType(), c.getOperator(), kept);
    }

    /**
     * {@code e} in place of an expression of {@code type}: as it is when only NULL-ability differs
     * (a CAST for that alone is refused in a filter's condition; a projection restores its field
     * types itself), else cast.
     */
    private RexNode fit(RelDataType type, RexNode e) {
        RexNode bare = RexUtil.removeNullabilityCast(rex.getTypeFactory(), e); // Calcite's cast of a branch to the CASE's type
        return SqlTypeUtil.equalSansNullability(rex.getTypeFactory(), type, bare.getType()) ? bare : rex.ensureType(type, bare, false);
    }

    /**
     * A comparison with a NULL literal is the UNKNOWN it always is. Calcite's predicate inference
     * over a join asserts that no such comparison remains ("Comparison with NULL in
     * pulledUpPredicates") once simplification exposed the NULL ({@code CASE WHEN TRUE THEN NULL ... END <> k}).
     */
    private static boolean comparesWithNull(RexCall c, RexSimplify simplifier) {
        return c.isA(SqlKind.COMPARISON) && c.getOperands().stream()
                .anyMatch(o -> RexUtil.isNullLiteral(o, true) || o instanceof RexCall && RexUtil.isNullLiteral(simplifier.simplifyPreservingType(o), true));
    }

    /**
     * Arithmetic over a NULL literal ({@code 1 * CAST(NULL AS INTEGER)}) is the NULL it always is. Left
     * as it was, ConstantGroupKeys saw no constant in the key {@code IS NOT NULL(1 * NULL)} of the
     * count Calcite joins in for an uncorrelated NOT IN, and the decorrelator, which does see it,
     * dropped that key: a global count, one row over an empty sub-query instead of none, and the
     * NOT IN FALSE where it is TRUE (fuzzer seed 1 q65). CASTs stay: a CAST of NULL is its typed literal already.
     */
    private static boolean nullOperandOfStrongCall(RexCall c) {
        return c.getKind() != SqlKind.CAST && c.getType().isNullable() && Strong.policy(c) == Strong.Policy.ANY
                && c.getOperands().stream().anyMatch(o -> RexUtil.isNullLiteral(o, true));
    }

    private static RexLiteral operand(RexCall c, int i) {
        return (RexLiteral) c.getOperands().get(i);
    }

    private static boolean interval(RelDataType t) {
        return SqlTypeName.INTERVAL_TYPES.contains(t.getSqlTypeName());
    }

    private static boolean exactNumeric(RelDataType t) {
        return SqlTypeName.EXACT_TYPES.contains(t.getSqlTypeName());
    }

    private RexNode plus(RexCall c, boolean minus) {
        RexLiteral a = operand(c, 0), b = operand(c, 1);
        RelDataType type = c.getType();
        if (interval(b.getType()) && !interval(a.getType())) return datetimePlus(a, b, minus, type);
        if (interval(a.getType()) && !minus && !interval(b.getType())) return datetimePlus(b, a, false, type);
        if (exactNumeric(a.getType()) && exactNumeric(b.getType()) && exactNumeric(type)) {
            BigDecimal x = a.getValueAs(BigDecimal.class), y = b.getValueAs(BigDecimal.class);
            return exact(minus ? x.subtract(y) : x.add(y), type);
        }
        return null;
    }

    private RexNode times(RexCall c) {
        RexLiteral a = operand(c, 0), b = operand(c, 1);
        if (interval(c.getType())) return intervalTimes(interval(a.getType()) ? b : a, interval(a.getType()) ? a : b, c.getType());
        if (!exactNumeric(a.getType()) || !exactNumeric(b.getType()) || !exactNumeric(c.getType())) return null;
        return exact(a.getValueAs(BigDecimal.class).multiply(b.getValueAs(BigDecimal.class)), c.getType());
    }

    /**
     * An integer times an interval literal ({@code INTERVAL 30 DAY}, which Calcite reads as
     * {@code 30 * INTERVAL '1' DAY}): the interval literal, so that date arithmetic and RANGE
     * frames see a constant interval.
     */
    private RexNode intervalTimes(RexLiteral n, RexLiteral interval, RelDataType type) {
        if (!exactNumeric(n.getType()) || !interval(interval.getType()) || type.getIntervalQualifier() == null) return null;
        BigDecimal count = n.getValueAs(BigDecimal.class), unit = interval.getValueAs(BigDecimal.class);
        if (count == null || unit == null || count.stripTrailingZeros().scale() > 0) return null;
        BigDecimal v = count.multiply(unit);
        if (v.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 1000)) > 0) return null; // the engine counts microseconds
        RexNode folded = rex.makeIntervalLiteral(v, type.getIntervalQualifier());
        return type.isNullable() ? rex.makeCast(type, folded, true, false) : folded;
    }

    /**
     * A comparison of two exact numeric literals, TRUE or FALSE, so that a CASE over it folds here
     * ({@link #caseOfLiteralConditions}) at the CASE's type. Left to Calcite's simplifier, {@code
     * NULLIF(-0.01, 2.5)} became its NOT NULL value under a parent call still typed nullable
     * ({@code NULLIF(-0.01, 2.5) - 0.000001}), which its own type check rejected (an AssertionError
     * in RexSimplify.validateStrongPolicy). Numbers compare as the engine compares them: exact ones
     * exactly, and as doubles where either is approximate (-0.0 equal to 0.0); other types
     * (strings' order) are left to run time.
     */
    private RexNode compare(RexCall c) {
        RexLiteral a = operand(c, 0), b = operand(c, 1);
        if (!SqlTypeUtil.isNumeric(a.getType()) || !SqlTypeUtil.isNumeric(b.getType())) return null;
        BigDecimal x = a.getValueAs(BigDecimal.class), y = b.getValueAs(BigDecimal.class);
        if (x == null || y == null) return null;
        double dx = x.doubleValue(), dy = y.doubleValue();
        int cmp = exactNumeric(a.getType()) && exactNumeric(b.getType()) ? x.compareTo(y) : dx < dy ? -1 : dx > dy ? 1 : 0;
        boolean result = switch (c.getKind()) {
            case EQUALS -> cmp == 0;
            case NOT_EQUALS -> cmp != 0;
            case LESS_THAN -> cmp < 0;
            case LESS_THAN_OR_EQUAL -> cmp <= 0;
            case GREATER_THAN -> cmp > 0;
            default -> cmp >= 0;
        };
        return rex.makeLiteral(result);
    }

    private RexNode negate(RexCall c) {
        RexLiteral a = operand(c, 0);
        if (!exactNumeric(a.getType()) || !exactNumeric(c.getType())) return null;
        return exact(a.getValueAs(BigDecimal.class).negate(), c.getType());
    }

    /** {@code v} as a literal of {@code type} if it fits exactly (scale and precision), else null. */
    private RexNode exact(BigDecimal v, RelDataType type) {
        int scale = type.getSqlTypeName() == SqlTypeName.DECIMAL ? type.getScale() : 0;
        BigDecimal scaled;
        try {
            scaled = v.setScale(scale, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            return null;
        }
        BigDecimal max = switch (type.getSqlTypeName()) {
            case TINYINT -> BigDecimal.valueOf(Byte.MAX_VALUE);
            case SMALLINT -> BigDecimal.valueOf(Short.MAX_VALUE);
            case INTEGER -> BigDecimal.valueOf(Integer.MAX_VALUE);
            case BIGINT -> BigDecimal.valueOf(Long.MAX_VALUE);
            // the engine holds at most 18 digits of a wider derived type (TypeMapping.toEngine)
            default -> BigDecimal.TEN.pow(Math.min(type.getPrecision(), DataType.MAX_DECIMAL_PRECISION) - scale, MathContext.UNLIMITED)
                    .subtract(BigDecimal.ONE.movePointLeft(scale));
        };
        BigDecimal min = type.getSqlTypeName() == SqlTypeName.BIGINT ? BigDecimal.valueOf(Long.MIN_VALUE)
                : type.getSqlTypeName() == SqlTypeName.INTEGER ? BigDecimal.valueOf(Integer.MIN_VALUE) : max.negate();
        if (scaled.compareTo(max) > 0 || scaled.compareTo(min) < 0) return null;
        return rex.makeExactLiteral(scaled, type);
    }

    /** A DATE or TIMESTAMP literal plus (or minus) an interval literal: months, or milliseconds for day-time intervals. */
    private RexNode datetimePlus(RexLiteral datetime, RexLiteral interval, boolean minus, RelDataType type) {
        BigDecimal amount = interval.getValueAs(BigDecimal.class);
        if (amount == null) return null;
        long n;
        try {
            n = amount.longValueExact();
        } catch (ArithmeticException e) {
            return null;
        }
        if (minus) n = Math.negateExact(n);
        boolean months = interval.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_YEAR_MONTH;
        SqlTypeName target = type.getSqlTypeName();
        if (datetime.getType().getSqlTypeName() == SqlTypeName.DATE && target == SqlTypeName.DATE) {
            LocalDate d = LocalDate.ofEpochDay(datetime.getValueAs(DateString.class).getDaysSinceEpoch());
            if (!months && n % MILLIS_PER_DAY != 0) return null; // a time of day: no DATE holds it
            LocalDate r = months ? d.plusMonths(n) : d.plusDays(n / MILLIS_PER_DAY);
            return rex.makeDateLiteral(DateString.fromDaysSinceEpoch(Math.toIntExact(r.toEpochDay())));
        }
        if (datetime.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP && target == SqlTypeName.TIMESTAMP) {
            TimestampString ts = datetime.getValueAs(TimestampString.class);
            LocalDateTime t = LocalDateTime.parse(ts.toString().replace(' ', 'T'));
            LocalDateTime r = months ? t.plusMonths(n) : t.plusNanos(Math.multiplyExact(n, 1_000_000L));
            TimestampString out = new TimestampString(r.getYear(), r.getMonthValue(), r.getDayOfMonth(), r.getHour(),
                    r.getMinute(), r.getSecond()).withNanos(r.getNano());
            return rex.makeTimestampLiteral(out, type.getPrecision());
        }
        return null;
    }

    /**
     * A CAST of a literal, computed by the engine's own conversions so the constant equals what
     * the same CAST of a column value gives: exact numbers between exact types (HALF_UP when
     * dropping digits), to DOUBLE, DOUBLE to integers (half to even, as DuckDB) and text to DATE.
     * Out of range and unparsable values, and casts to text, are left to run time (which reports
     * errors and formats as the engine does).
     */
    private RexNode cast(RexCall c) {
        RexLiteral lit = operand(c, 0);
        RelDataType from = lit.getType(), to = c.getType();
        SqlTypeName target = to.getSqlTypeName();
        try {
            if (exactNumeric(from) && exactNumeric(to)) {
                BigDecimal v = lit.getValueAs(BigDecimal.class);
                int scale = target == SqlTypeName.DECIMAL ? to.getScale() : 0;
                return v == null ? null : exact(v.setScale(scale, RoundingMode.HALF_UP), to);
            }
            if ((exactNumeric(from) || approximate(from)) && approximate(to)) {
                return rex.makeApproxLiteral(lit.getValueAs(BigDecimal.class), to);
            }
            if (approximate(from) && (target == SqlTypeName.INTEGER || target == SqlTypeName.BIGINT)) {
                double v = lit.getValueAs(Double.class);
                long r = target == SqlTypeName.INTEGER ? Arith.doubleToInt(v, "") : Arith.doubleToLong(v, "");
                return exact(BigDecimal.valueOf(r), to);
            }
            if (SqlTypeName.CHAR_TYPES.contains(from.getSqlTypeName()) && target == SqlTypeName.DATE) {
                LocalDate d = LocalDate.parse(lit.getValueAs(String.class).trim());
                return rex.makeDateLiteral(DateString.fromDaysSinceEpoch(Math.toIntExact(d.toEpochDay())));
            }
        } catch (RuntimeException e) {
            return null; // out of range or not parsable: the engine reports it at run time
        }
        return null;
    }

    private static boolean approximate(RelDataType t) {
        return SqlTypeName.APPROX_TYPES.contains(t.getSqlTypeName());
    }
}
