package io.ascan.planner.rules;

import com.google.common.collect.ImmutableList;
import io.ascan.planner.rex.EngineRexExecutor;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttle;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexFieldCollation;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.rex.RexWindow;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.rex.RexWindowBounds;
import org.apache.calcite.sql.SqlKind;

/**
 * A RANGE frame with an offset over a constant order key ({@code ORDER BY 0.1 RANGE BETWEEN 100
 * PRECEDING AND 5 FOLLOWING}, or a key that simplifies to a literal, {@code COALESCE(3000000000, b)}):
 * Calcite's window rule drops the constant key, and a RANGE offset
 * without its key cannot be evaluated (ascan refused the query; DuckDB answers it). Every row has
 * the same key, so every row is a peer of every other, and the frame is known without the key:
 * the whole partition, or no row when a bound lies strictly beyond the current row's key
 * ({@code n FOLLOWING} as the start, {@code n PRECEDING} as the end, with n &gt; 0). A NULL key's
 * frame is its NULL peers: the whole partition. The window is restated with those bounds, or as
 * the function's value over no row (COUNT 0, else NULL).
 */
public final class ConstantWindowOrder {
    private ConstantWindowOrder() {}

    public static RelNode rewrite(RelNode rel) {
        return ExpressionRewrite.apply(rel, Restate::new);
    }

    private static final class Restate extends ExpressionRewrite {
        private final RexSimplify simplifier;

        Restate(RexBuilder rex, RelShuttle rels) {
            super(rex, rels);
            this.simplifier = new RexSimplify(rex, RelOptPredicateList.EMPTY, EngineRexExecutor.INSTANCE);
        }

        @Override
        public RexNode visitOver(RexOver over) {
            RexNode visited = super.visitOver(over);
            if (!(visited instanceof RexOver o)) return visited;
            RexWindow w = o.getWindow();
            RexWindowBound lower = w.getLowerBound(), upper = w.getUpperBound();
            boolean offsets = lower.getOffset() != null || upper.getOffset() != null;
            if (w.isRows() || !offsets || w.orderKeys.size() != 1) return o;
            // as simplified: the window rule simplifies the key too, COALESCE(3000000000, b) to its literal, and drops it then
            if (!(simplifier.simplifyPreservingType(w.orderKeys.getFirst().left) instanceof RexLiteral key)) return o;
            if (!key.isNull()) {
                Boolean empty = beyondCurrentRow(lower, true), emptyToo = beyondCurrentRow(upper, false);
                if (empty == null || emptyToo == null) return o;
                if (empty || emptyToo) return overNoRow(o);
            }
            return rex.makeOver(o.getType(), o.getAggOperator(), o.getOperands(), w.partitionKeys,
                    ImmutableList.<RexFieldCollation>of(), RexWindowBounds.UNBOUNDED_PRECEDING,
                    RexWindowBounds.UNBOUNDED_FOLLOWING, w.getExclude(), false, true, false, o.isDistinct(), o.ignoreNulls());
        }

        /** Whether the bound excludes the current row's peers; null when its offset is not a literal. */
        private static Boolean beyondCurrentRow(RexWindowBound bound, boolean start) {
            if (bound.getOffset() == null) return false;
            if (!(bound.getOffset() instanceof RexLiteral offset)) return null;
            BigDecimal n = offset.getValueAs(BigDecimal.class);
            if (n == null) return null;
            boolean beyond = start ? bound.isFollowing() : bound.isPreceding();
            return beyond && n.signum() > 0;
        }

        /**
         * The window function's value over an empty frame, or the call unchanged where that does not fit its type.
         * A NOT NULL SUM is Calcite's statement of a windowed SUM or AVG (under {@code CASE WHEN COUNT(x) OVER w > 0}),
         * which shows only over rows: 0 stands in for it, as for $SUM0.
         */
        private RexNode overNoRow(RexOver o) {
            SqlKind kind = o.getAggOperator().getKind();
            if (kind == SqlKind.COUNT || kind == SqlKind.SUM0 || kind == SqlKind.SUM && !o.getType().isNullable()) {
                return rex.makeZeroLiteral(o.getType());
            }
            return o.getType().isNullable() ? rex.makeNullLiteral(o.getType()) : o;
        }
    }
}
