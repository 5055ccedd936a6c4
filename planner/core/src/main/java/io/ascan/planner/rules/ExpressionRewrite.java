package io.ascan.planner.rules;

import java.util.function.BiFunction;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttle;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;

/**
 * A rewrite of every expression of a plan, those in its sub-queries' plans included: a subclass
 * restates calls ({@code visitCall}) or sub-queries (calling this class's {@code visitSubQuery}
 * first, which rewrites the sub-query's plan the same way).
 */
abstract class ExpressionRewrite extends RexShuttle {
    protected final RexBuilder rex;
    private final RelShuttle rels;

    protected ExpressionRewrite(RexBuilder rex, RelShuttle rels) {
        this.rex = rex;
        this.rels = rels;
    }

    /** {@code rel} with each node's expressions rewritten by the shuttle {@code rewrite} makes for it. */
    static RelNode apply(RelNode rel, BiFunction<RexBuilder, RelShuttle, ExpressionRewrite> rewrite) {
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode r = super.visit(other);
                return r.accept(rewrite.apply(r.getCluster().getRexBuilder(), this));
            }
        });
    }

    @Override
    public RexNode visitSubQuery(RexSubQuery s) {
        RexSubQuery visited = (RexSubQuery) super.visitSubQuery(s);
        RelNode inner = visited.rel.accept(rels);
        return inner == visited.rel ? visited : visited.clone(inner);
    }
}
