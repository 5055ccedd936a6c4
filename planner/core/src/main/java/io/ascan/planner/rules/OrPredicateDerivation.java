package io.ascan.planner.rules;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Derives single-input filters from a join condition's disjunctions. Of an OR whose every branch
 * holds conjuncts on the left input only (or the right only), the OR of those conjuncts is implied,
 * so it may filter that input before the join: TPC-H q7's {@code (n1.n_name = 'FRANCE' AND
 * n2.n_name = 'GERMANY') OR (n1.n_name = 'GERMANY' AND n2.n_name = 'FRANCE')} gives each nation
 * scan {@code n_name IN ('FRANCE', 'GERMANY')}, and q19's three brand/container/size/quantity
 * branches give the part scan and the lineitem scan a predicate each, which zone maps and the
 * join's build side profit from. The OR itself stays in the join condition.
 */
public final class OrPredicateDerivation {
    private OrPredicateDerivation() {}

    /** {@code rel} with derived filters under its inner joins; the same instance if there were none. */
    public static RelNode rewrite(RelNode rel) {
        return rel.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(LogicalJoin join) {
                LogicalJoin j = (LogicalJoin) super.visit(join);
                if (j.getJoinType() != JoinRelType.INNER) return j;
                int width = j.getLeft().getRowType().getFieldCount();
                ImmutableBitSet left = ImmutableBitSet.range(width);
                ImmutableBitSet right = ImmutableBitSet.range(width, width + j.getRight().getRowType().getFieldCount());
                List<RexNode> onLeft = new ArrayList<>(), onRight = new ArrayList<>();
                for (RexNode c : RelOptUtil.conjunctions(j.getCondition())) {
                    if (c.getKind() != SqlKind.OR) continue;
                    ImmutableBitSet used = RelOptUtil.InputFinder.bits(c);
                    if (left.contains(used) || right.contains(used)) continue; // pushed down as it is
                    RexBuilder rex = j.getCluster().getRexBuilder();
                    RexNode l = implied(rex, c, left, 0);
                    RexNode r = implied(rex, c, right, width);
                    if (l != null) onLeft.add(l);
                    if (r != null) onRight.add(r);
                }
                if (onLeft.isEmpty() && onRight.isEmpty()) return j;
                RexBuilder rex = j.getCluster().getRexBuilder();
                RelNode newLeft = onLeft.isEmpty() ? j.getLeft() : LogicalFilter.create(j.getLeft(), RexUtil.composeConjunction(rex, onLeft));
                RelNode newRight = onRight.isEmpty() ? j.getRight()
                        : LogicalFilter.create(j.getRight(), RexUtil.composeConjunction(rex, onRight));
                return j.copy(j.getTraitSet(), j.getCondition(), newLeft, newRight, j.getJoinType(), j.isSemiJoinDone());
            }
        });
    }

    /**
     * The OR, over the branches of {@code or}, of each branch's conjuncts that only read fields in
     * {@code side}, shifted down by {@code offset}; null if some branch has none (nothing is implied).
     */
    private static RexNode implied(RexBuilder rex, RexNode or, ImmutableBitSet side, int offset) {
        List<RexNode> branches = new ArrayList<>();
        for (RexNode branch : RelOptUtil.disjunctions(or)) {
            List<RexNode> local = new ArrayList<>();
            for (RexNode c : RelOptUtil.conjunctions(branch)) {
                ImmutableBitSet used = RelOptUtil.InputFinder.bits(c);
                if (!used.isEmpty() && side.contains(used) && RexUtil.isDeterministic(c)) local.add(c);
            }
            if (local.isEmpty()) return null;
            branches.add(RexUtil.composeConjunction(rex, local));
        }
        // Conjuncts common to every branch come out of the OR (q19's ship mode and instruction).
        RexNode derived = RexUtil.pullFactors(rex, RexUtil.composeDisjunction(rex, branches));
        return offset == 0 ? derived : derived.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(ref.getIndex() - offset, ref.getType());
            }
        });
    }
}
