package io.ascan.planner.rules;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Restates a join conjunct {@code (x IS NULL AND f) OR x = y} as {@code x IS NOT DISTINCT FROM y}
 * where {@code f} is a column of y's input that is {@code y IS NULL} for every row of it, so
 * that the join gets a null-safe hash key instead of running as a nested-loop cross product.
 *
 * <p>Calcite's decorrelator joins a correlated {@code b.g IS NOT DISTINCT FROM a.g} to its value
 * generator in this form: push-down computes {@code g IS NULL} once in a projection under the
 * generator's aggregate, and the join keeps only a reference to it, which no key split
 * recognises. The proof that {@code f} is {@code y IS NULL} follows both columns down through
 * projections, filters, aggregates' group keys and the sides of joins that do not pad them with
 * NULLs (a padded row would make {@code f} NULL where {@code y IS NULL} is TRUE). Each row pair
 * then gets the same truth value, so the rewrite holds for every join type.
 */
public final class ProjectedNullSafeJoins {
    private ProjectedNullSafeJoins() {}

    public static RelNode rewrite(RelNode rel) {
        return JoinConditions.rewrite(rel, ProjectedNullSafeJoins::restate);
    }

    private static RexNode restate(Join join) {
        RexBuilder rex = join.getCluster().getRexBuilder();
        List<RexNode> conjuncts = RelOptUtil.conjunctions(join.getCondition());
        List<RexNode> restated = new ArrayList<>(conjuncts.size());
        boolean changed = false;
        for (RexNode c : conjuncts) {
            RexNode r = nullSafeEquality(join, c, rex);
            changed |= r != c;
            restated.add(r);
        }
        return changed ? RexUtil.composeConjunction(rex, restated) : join.getCondition();
    }

    /** {@code x IS NOT DISTINCT FROM y} if {@code c} means it, else {@code c}. */
    private static RexNode nullSafeEquality(Join join, RexNode c, RexBuilder rex) {
        if (!c.isA(SqlKind.OR)) return c;
        List<RexNode> disjuncts = RelOptUtil.disjunctions(c);
        if (disjuncts.size() != 2) return c;
        for (int i = 0; i < 2; i++) {
            RexNode eq = disjuncts.get(i);
            RexNode nulls = disjuncts.get(1 - i);
            if (!eq.isA(SqlKind.EQUALS)) continue;
            List<RexNode> operands = ((RexCall) eq).getOperands();
            if (!(operands.get(0) instanceof RexInputRef a) || !(operands.get(1) instanceof RexInputRef b)) continue;
            if (bothNull(join, nulls, a.getIndex(), b.getIndex())) {
                return rex.makeCall(SqlStdOperatorTable.IS_NOT_DISTINCT_FROM, a, b);
            }
        }
        return c;
    }

    /** Whether {@code nulls} is {@code a IS NULL AND b IS NULL}, each stated directly or as a column meaning it. */
    private static boolean bothNull(Join join, RexNode nulls, int a, int b) {
        List<RexNode> conjuncts = RelOptUtil.conjunctions(nulls);
        if (conjuncts.size() != 2) return false;
        RexNode first = conjuncts.get(0);
        RexNode second = conjuncts.get(1);
        return isNullOf(join, first, a) && isNullOf(join, second, b)
                || isNullOf(join, first, b) && isNullOf(join, second, a);
    }

    /** Whether {@code test}, over the join's row, is {@code field IS NULL} for every row pair. */
    private static boolean isNullOf(Join join, RexNode test, int field) {
        if (test.isA(SqlKind.IS_NULL) && ((RexCall) test).getOperands().get(0) instanceof RexInputRef r) {
            return r.getIndex() == field;
        }
        if (!(test instanceof RexInputRef f)) return false;
        int leftCount = join.getLeft().getRowType().getFieldCount();
        boolean fLeft = f.getIndex() < leftCount;
        if (fLeft != field < leftCount) return false;
        return fLeft ? isNullColumn(join.getLeft(), f.getIndex(), field)
                : isNullColumn(join.getRight(), f.getIndex() - leftCount, field - leftCount);
    }

    /** Whether column {@code f} of {@code rel} is {@code column IS NULL} in every row of it. */
    static boolean isNullColumn(RelNode rel, int f, int column) {
        RelNode node = rel.stripped();
        if (node instanceof Project p) {
            RexNode def = p.getProjects().get(f);
            RexNode of = p.getProjects().get(column);
            if (def.isA(SqlKind.IS_NULL) && ((RexCall) def).getOperands().get(0).equals(of)) return true;
            return def instanceof RexInputRef d && of instanceof RexInputRef o && isNullColumn(p.getInput(), d.getIndex(), o.getIndex());
        }
        if (node instanceof Filter filter) return isNullColumn(filter.getInput(), f, column);
        if (node instanceof Aggregate agg) {
            if (agg.getGroupType() != Aggregate.Group.SIMPLE || f >= agg.getGroupCount() || column >= agg.getGroupCount()) return false;
            List<Integer> keys = agg.getGroupSet().asList();
            return isNullColumn(agg.getInput(), keys.get(f), keys.get(column));
        }
        if (node instanceof Join join && join.getJoinType().projectsRight()) {
            int leftCount = join.getLeft().getRowType().getFieldCount();
            boolean left = f < leftCount;
            if (left != column < leftCount) return false;
            if (left) return !join.getJoinType().generatesNullsOnLeft() && isNullColumn(join.getLeft(), f, column);
            return !join.getJoinType().generatesNullsOnRight() && isNullColumn(join.getRight(), f - leftCount, column - leftCount);
        }
        if (node instanceof Join join) { // SEMI and ANTI: the left side's rows, unpadded
            return isNullColumn(join.getLeft(), f, column);
        }
        return false;
    }
}
