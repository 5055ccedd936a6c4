package io.ascan.planner.physical;

import io.ascan.expr.Expr;
import io.ascan.plan.HashJoinNode;
import io.ascan.plan.JoinType;
import io.ascan.plan.PhysicalNode;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;

/**
 * A hash join: equi-keys from the condition ({@link JoinInfo}: {@code =}, whose NULL keys never
 * match, and {@code IS NOT DISTINCT FROM} or its expanded form {@code a = b OR (a IS NULL AND b
 * IS NULL)}, whose NULL keys match NULL: the joins of decorrelated sub-queries over nullable
 * columns), everything else a residual over left then right columns. Without keys the hash table
 * has one bucket and the join is a nested-loop cross product filtered by the residual.
 *
 * <p>{@code buildRight} says which input the hash table is built from. The rule offers the
 * Volcano planner both choices; {@link #computeSelfCost} charges each row of the build side twice
 * its estimated bytes plus the hash table's own bytes per row, and each probe row its bytes plus
 * the work of one lookup, so the cheaper plan builds on the input with fewer rows unless the
 * other is much narrower.
 */
public final class AscanHashJoin extends Join implements AscanRel {
    /** Building costs this many times probing, per byte: hashing, copying, and memory held to the end. */
    static final double BUILD_WEIGHT = 2.0;
    /**
     * Bytes a build row takes beyond its values: its header in the row store (chain pointer, hash,
     * NULL bits: 24 bytes) and its share of the slot array. Inserting it is a random memory access,
     * which this also stands for.
     */
    static final double BUILD_ROW_BYTES = 40;
    /** The work of one probe (hash the key, look it up), counted as bytes of probe input. */
    static final double PROBE_ROW_BYTES = 16;

    private final boolean buildRight;

    public AscanHashJoin(RelOptCluster cluster, RelTraitSet traits, RelNode left, RelNode right, RexNode condition,
                         JoinRelType joinType, boolean buildRight) {
        super(cluster, traits, List.of(), left, right, condition, Set.of(), joinType);
        this.buildRight = buildRight;
    }

    public boolean buildRight() {
        return buildRight;
    }

    /**
     * Equi-keys and the non-equi rest; {@link JoinInfo#nullExclusionFlags} is false for a
     * null-safe key.
     */
    public JoinInfo keys() {
        return JoinInfo.of(left, right, condition);
    }

    @Override
    public AscanHashJoin copy(RelTraitSet traitSet, RexNode conditionExpr, RelNode left, RelNode right,
                              JoinRelType joinType, boolean semiJoinDone) {
        return new AscanHashJoin(getCluster(), traitSet, left, right, conditionExpr, joinType, buildRight);
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        RelNode b = buildRight ? getRight() : getLeft(), p = buildRight ? getLeft() : getRight();
        double build = bytes(b, BUILD_ROW_BYTES, mq), probe = bytes(p, PROBE_ROW_BYTES, mq);
        // Volcano compares costs by their row component: the work goes there, as in Calcite's
        // own EnumerableHashJoin. A left build costs a hair more, so ties keep the usual right build.
        double work = BUILD_WEIGHT * build + probe + (buildRight ? 0 : 1);
        if (keys().leftKeys.isEmpty()) work += mq.getRowCount(getLeft()) * mq.getRowCount(getRight());
        double rows = mq.getRowCount(this);
        return planner.getCostFactory().makeCost(rows + work, work, 0);
    }

    /** Estimated bytes an input delivers, each row counted {@code perRow} bytes wider: rows times (average row width + perRow). */
    static double bytes(RelNode rel, double perRow, RelMetadataQuery mq) {
        Double rows = mq.getRowCount(rel);
        Double width = mq.getAverageRowSize(rel);
        return (rows == null ? 1 : rows) * ((width == null ? 8.0 * rel.getRowType().getFieldCount() : width) + perRow);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("build", buildRight ? "right" : "left");
    }

    @Override
    public PhysicalNode implement(PhysicalTranslator t) {
        JoinInfo info = keys();
        RexNode rest = info.getRemaining(getCluster().getRexBuilder());
        Expr residual = rest.isAlwaysTrue() ? null : t.expr(rest);
        boolean[] nullSafe = new boolean[info.leftKeys.size()];
        for (int i = 0; i < nullSafe.length; i++) nullSafe[i] = !info.nullExclusionFlags.get(i);
        return new HashJoinNode(t.translate(getLeft()), t.translate(getRight()), type(joinType),
                info.leftKeys.toIntArray(), info.rightKeys.toIntArray(), residual, buildRight, nullSafe);
    }

    static JoinType type(JoinRelType t) {
        return switch (t) {
            case INNER -> JoinType.INNER;
            case LEFT -> JoinType.LEFT;
            case RIGHT -> JoinType.RIGHT;
            case FULL -> JoinType.FULL;
            case SEMI -> JoinType.SEMI;
            case ANTI -> JoinType.ANTI;
            default -> throw new IllegalStateException("no engine join for " + t);
        };
    }
}
