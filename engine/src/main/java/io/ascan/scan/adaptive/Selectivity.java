package io.ascan.scan.adaptive;

import io.ascan.catalog.Table;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceMeta;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An estimate of the fraction of a table's rows a predicate P keeps, from the manifest alone: a
 * comparison of a column with a constant by the column's range in the zone maps (values taken as
 * uniform over it), an equality by the column's distinct count, AND as independent but for ranges
 * of one column (an interval), OR as disjoint at most. What it cannot read (expressions over columns, strings ordered, LIKE) counts
 * as {@link #UNKNOWN_RANGE} or {@link #UNKNOWN}. For the AdaptiveScan's cost model only, where a
 * factor of two matters little.
 */
final class Selectivity {
    static final double UNKNOWN = 0.5;
    static final double UNKNOWN_RANGE = 1.0 / 3;
    static final double UNKNOWN_EQUALITY = 0.1;

    private final Table table;
    private final List<SliceMeta> slices;

    private Selectivity(Table table, List<SliceMeta> slices) {
        this.table = table;
        this.slices = slices;
    }

    /** The estimate for {@code p} (over the table's column indexes) on {@code slices}; 1 without P. */
    static double of(Expr p, Table table, List<SliceMeta> slices) {
        return p == null ? 1 : clamp(new Selectivity(table, slices).estimate(p));
    }

    private static double clamp(double s) {
        return Math.max(0, Math.min(1, s));
    }

    private double estimate(Expr e) {
        if (!(e instanceof Call c)) return UNKNOWN;
        switch (c.op()) {
            case AND -> {
                // Ranges of one column bound one interval: `d >= X AND d < Y` keeps Y - X of the rows, not the
                // product of the two (TPC-H q04's three months of orders, 3.8%: estimated 20.5% as a product).
                Map<Integer, double[]> intervals = new HashMap<>();
                double s = 1;
                for (Expr a : c.args()) {
                    Interval i = interval(a);
                    if (i == null) {
                        s *= clamp(estimate(a));
                    } else {
                        intervals.merge(i.column(), new double[] {i.lo(), i.hi()},
                                (x, y) -> new double[] {Math.max(x[0], y[0]), Math.min(x[1], y[1])});
                    }
                }
                for (double[] i : intervals.values()) s *= clamp(i[1] - i[0]);
                return s;
            }
            case OR -> {
                double s = 0;
                for (Expr a : c.args()) s += clamp(estimate(a));
                return clamp(s);
            }
            case NOT -> {
                return 1 - clamp(estimate(c.arg(0)));
            }
            case EQ, IS_NOT_DISTINCT_FROM -> {
                return equality(c.arg(0), c.arg(1), 1);
            }
            case NE -> {
                return 1 - equality(c.arg(0), c.arg(1), 1);
            }
            case IN -> {
                return equality(c.arg(0), c.arg(1), c.args().size() - 1);
            }
            case LT, LE, GT, GE, BETWEEN -> {
                Interval i = interval(c);
                return i == null ? UNKNOWN_RANGE : clamp(i.hi() - i.lo());
            }
            default -> {
                return UNKNOWN;
            }
        }
    }

    /** {@code column = constant} for {@code values} constants. */
    private double equality(Expr a, Expr b, int values) {
        ColumnRef col = a instanceof ColumnRef r ? r : b instanceof ColumnRef r ? r : null;
        if (col == null) return UNKNOWN_EQUALITY;
        long distinct = table.manifest().distinctCount(col.index());
        return distinct > 0 ? clamp((double) values / distinct) : UNKNOWN_EQUALITY * values;
    }

    /** The rows of {@code column} whose value lies between fractions {@code lo} and {@code hi} of its range. */
    private record Interval(int column, double lo, double hi) {}

    /** The interval a comparison of a column with constants keeps (LT, LE, GT, GE, BETWEEN), or null. */
    private Interval interval(Expr e) {
        if (!(e instanceof Call c)) return null;
        return switch (c.op()) {
            case LT, LE -> bound(c.arg(0), c.arg(1), true);
            case GT, GE -> bound(c.arg(0), c.arg(1), false);
            case BETWEEN -> {
                Interval lo = bound(c.arg(0), c.arg(1), false), hi = bound(c.arg(0), c.arg(2), true);
                yield lo == null || hi == null ? null : new Interval(lo.column(), lo.lo(), hi.hi());
            }
            default -> null;
        };
    }

    /** {@code a < b} ({@code less}) or {@code a > b}, one side a column, the other a constant; null otherwise. */
    private Interval bound(Expr a, Expr b, boolean less) {
        if (b instanceof ColumnRef && a instanceof Literal) return bound(b, a, !less);
        if (!(a instanceof ColumnRef col) || !(b instanceof Literal lit)) return null;
        double v;
        if (lit.value() instanceof Integer || lit.value() instanceof Long || lit.value() instanceof Double) {
            v = ((Number) lit.value()).doubleValue();
        } else if (lit.value() instanceof LocalDate d) {
            v = d.toEpochDay();
        } else {
            return null;
        }
        double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        for (SliceMeta s : slices) {
            SegmentMeta m = s.segment(col.index());
            if (!(m.min() instanceof Number lo) || !(m.max() instanceof Number hi)) return null;
            min = Math.min(min, lo.doubleValue());
            max = Math.max(max, hi.doubleValue());
        }
        if (!(max > min)) return null;
        double below = clamp((v - min) / (max - min));
        return less ? new Interval(col.index(), 0, below) : new Interval(col.index(), below, 1);
    }
}
