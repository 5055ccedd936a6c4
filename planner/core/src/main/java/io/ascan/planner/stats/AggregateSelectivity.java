package io.ascan.planner.stats;

import io.ascan.planner.schema.AscanTable;
import java.util.Set;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

/**
 * The fraction of an aggregate's groups that pass a comparison of one of its results with a
 * constant (HAVING {@code sum(l_quantity) > 300}). A group holds g = input rows / groups rows;
 * the aggregated column's values are taken as uniform over its [min, max] (mean m, variance v)
 * and independent, so by the central limit theorem SUM is about normal (g*m, g*v), AVG (m, v/g)
 * and COUNT (g, g); MIN and MAX exceed c with probability (1 - F(c))^g and 1 - F(c)^g. Calcite
 * would guess 50% for any such comparison, which for TPC-H q18 (57 of 1.5 million orders) makes
 * the later joins look a thousand times larger than they are.
 *
 * <p>The model's tails are not to be trusted (group sizes vary, values are not uniform), so no
 * estimate goes below {@value #FLOOR}.
 */
final class AggregateSelectivity {
    /** The smallest selectivity given to a comparison. */
    static final double FLOOR = 0.001;

    private AggregateSelectivity() {}

    /** The selectivity of {@code conjunct} over {@code agg}'s output, or null if it is not such a comparison. */
    static Double of(Aggregate agg, RexNode conjunct, RelMetadataQuery mq) {
        if (!(conjunct instanceof RexCall call) || !call.isA(SqlKind.COMPARISON) || call.getOperands().size() != 2) return null;
        SqlKind kind = call.getKind();
        RexNode a = call.getOperands().get(0), b = call.getOperands().get(1);
        if (a instanceof RexLiteral && b instanceof RexInputRef) {
            RexNode t = a;
            a = b;
            b = t;
            kind = kind.reverse();
        }
        if (!(a instanceof RexInputRef ref) || !(b instanceof RexLiteral) || ref.getIndex() < agg.getGroupCount()) return null;
        Boolean above = switch (kind) {
            case GREATER_THAN, GREATER_THAN_OR_EQUAL -> true;
            case LESS_THAN, LESS_THAN_OR_EQUAL -> false;
            default -> null;
        };
        if (above == null) return null;
        Double c = ScanSelectivity.value(b);
        if (c == null) return null;
        AggregateCall aggCall = agg.getAggCallList().get(ref.getIndex() - agg.getGroupCount());
        Double input = mq.getRowCount(agg.getInput()), groups = mq.getRowCount(agg);
        if (input == null || groups == null || groups <= 0 || aggCall.isDistinct() || aggCall.filterArg >= 0) return null;
        double g = Math.max(1, input / groups);
        Double p = switch (aggCall.getAggregation().getKind()) {
            case COUNT -> aggCall.getArgList().size() > 1 ? null : normalAbove(c, g, Math.sqrt(g));
            case SUM, SUM0, AVG, MIN, MAX -> {
                ColumnStats s = aggCall.getArgList().size() == 1 ? origin(agg, aggCall.getArgList().getFirst(), mq) : null;
                if (s == null || Double.isNaN(s.min())) yield null;
                double mean = (s.min() + s.max()) / 2, sd = (s.max() - s.min()) / Math.sqrt(12);
                yield switch (aggCall.getAggregation().getKind()) {
                    case SUM, SUM0 -> normalAbove(c, g * mean, Math.sqrt(g) * sd);
                    case AVG -> normalAbove(c, mean, sd / Math.sqrt(g));
                    case MIN -> Math.pow(1 - s.fractionBelow(c), g);
                    default -> 1 - Math.pow(s.fractionBelow(c), g);
                };
            }
            default -> null;
        };
        if (p == null || Double.isNaN(p)) return null;
        return Math.clamp(above ? p : 1 - p, FLOOR, 1.0);
    }

    /** Statistics of the table column an aggregate argument comes from unchanged, or null. */
    private static ColumnStats origin(Aggregate agg, int arg, RelMetadataQuery mq) {
        Set<RelColumnOrigin> origins = mq.getColumnOrigins(agg.getInput(), arg);
        if (origins == null || origins.size() != 1) return null;
        RelColumnOrigin o = origins.iterator().next();
        AscanTable table = o.isDerived() ? null : o.getOriginTable().unwrap(AscanTable.class);
        return table == null ? null : table.stats(o.getOriginColumnOrdinal());
    }

    /** P(X > c) for X normal with the given mean and standard deviation. */
    static double normalAbove(double c, double mean, double sd) {
        if (sd <= 0) return c < mean ? 1 : 0;
        return 0.5 * erfc((c - mean) / (sd * Math.sqrt(2)));
    }

    /** The complementary error function (Abramowitz and Stegun 7.1.26, absolute error below 1.5e-7). */
    static double erfc(double x) {
        double t = 1 / (1 + 0.3275911 * Math.abs(x));
        double poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
        double r = poly * Math.exp(-x * x);
        return x >= 0 ? r : 2 - r;
    }
}
