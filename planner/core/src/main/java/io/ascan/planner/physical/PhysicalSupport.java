package io.ascan.planner.physical;

import io.ascan.planner.rel.AdaptiveScan;
import io.ascan.planner.rex.ExprTranslator;
import io.ascan.planner.rex.UnsupportedExpressionException;
import java.util.Locale;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;

/**
 * Checks, before the Volcano phase, that every operator and expression of a logical plan has an
 * engine form, so that what the engine lacks is reported by name ("window functions") instead of
 * as Calcite's dump of an unplannable search space.
 */
final class PhysicalSupport {
    private PhysicalSupport() {}

    static void check(RelNode rel) {
        switch (rel) {
            case AdaptiveScan s -> { }
            case Filter f -> expr(f.getCondition(), "WHERE/HAVING");
            case Project p -> p.getProjects().forEach(e -> expr(e, "SELECT"));
            case Join j -> {
                switch (j.getJoinType()) {
                    case INNER, LEFT, RIGHT, FULL, SEMI, ANTI -> { }
                    default -> throw new UnsupportedPlanException(j.getJoinType() + " joins are not supported");
                }
                expr(j.getCondition(), "join condition");
            }
            case Aggregate a -> aggregate(a);
            case Sort s -> {
                constant(s.offset, "OFFSET");
                constant(s.fetch, "LIMIT/FETCH");
            }
            case Union u -> { }
            case Values v -> { }
            case Correlate c -> throw new UnsupportedPlanException(
                    "a correlated subquery that could not be decorrelated (rewrite it as a join)");
            case Window w -> window(w);
            default -> throw new UnsupportedPlanException(rel.getRelTypeName().replace("Logical", "")
                    .toUpperCase(Locale.ROOT) + " is not supported");
        }
        for (RelNode in : rel.getInputs()) check(in);
    }

    private static void window(Window w) {
        for (Window.Group g : w.groups) {
            for (Window.RexWinAggCall c : g.aggCalls) {
                String name = c.getOperator().getName();
                if (io.ascan.planner.rules.HolisticAggregates.WINDOW_FORMS.contains(c.getOperator())) continue;
                switch (c.getOperator().getKind()) {
                    case ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST, NTILE, LAG, LEAD, FIRST_VALUE, LAST_VALUE,
                         NTH_VALUE, COUNT, SUM, SUM0, MIN, MAX -> { }
                    default -> throw new UnsupportedPlanException("window function " + name + " is not supported");
                }
                if (c.distinct) throw new UnsupportedPlanException(name + "(DISTINCT ...) OVER (...) is not supported");
                if (c.ignoreNulls) throw new UnsupportedPlanException(name + "(...) IGNORE NULLS is not supported");
            }
        }
    }

    private static void aggregate(Aggregate a) {
        if (a.getGroupType() != Aggregate.Group.SIMPLE) {
            throw new UnsupportedPlanException("GROUPING SETS, ROLLUP and CUBE are not supported");
        }
        for (AggregateCall c : a.getAggCallList()) {
            String name = c.getAggregation().getName();
            if (c.getAggregation() == io.ascan.planner.rules.ApproxCountDistinct.FUNCTION) continue;
            var own = io.ascan.planner.AscanAggregates.engineFunction(c.getAggregation());
            if (own != null) {
                if (c.isDistinct() && own.binary()) throw new UnsupportedPlanException(name + "(DISTINCT ...) is not supported");
                if (!c.collation.getFieldCollations().isEmpty()) {
                    throw new UnsupportedPlanException(name + "(... ORDER BY ...) is not supported");
                }
                if (c.filterArg >= 0) throw new UnsupportedPlanException(name + "(...) FILTER (WHERE ...) is not supported");
                continue;
            }
            switch (c.getAggregation().getKind()) {
                case COUNT, SUM, SUM0, AVG, MIN, MAX, ANY_VALUE -> { }
                case BIT_AND, BIT_OR, BIT_XOR -> {
                    if (!org.apache.calcite.sql.type.SqlTypeUtil.isIntType(c.getType())) {
                        throw new UnsupportedPlanException(name + " of type " + c.getType() + " is not supported (only integers)");
                    }
                }
                case VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP -> {
                    if (c.getType().getSqlTypeName() != org.apache.calcite.sql.type.SqlTypeName.DOUBLE) {
                        throw new UnsupportedPlanException(name + " of type " + c.getType() + " is not supported");
                    }
                }
                case LITERAL_AGG -> c.rexList.forEach(e -> expr(e, "aggregate"));
                default -> throw new UnsupportedPlanException("aggregate function " + name + " is not supported");
            }
            if (c.getArgList().size() > 1) throw new UnsupportedPlanException(name + " of several arguments is not supported");
            if (c.filterArg >= 0) throw new UnsupportedPlanException(name + "(...) FILTER (WHERE ...) is not supported");
            if (!c.collation.getFieldCollations().isEmpty()) {
                throw new UnsupportedPlanException(name + "(...) WITHIN GROUP (ORDER BY ...) is not supported");
            }
        }
    }

    private static void constant(RexNode n, String clause) {
        if (n != null && !(n instanceof RexLiteral) && !(n instanceof RexDynamicParam)) {
            throw new UnsupportedPlanException(clause + " must be a constant, not " + n);
        }
    }

    private static void expr(RexNode e, String clause) {
        if (RexOver.containsOver(e)) throw new UnsupportedPlanException("window functions (OVER) are not supported");
        try {
            ExprTranslator.translate(e);
        } catch (UnsupportedExpressionException ex) {
            throw new UnsupportedPlanException("in " + clause + ": " + ex.getMessage());
        }
    }
}
