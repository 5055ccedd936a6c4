package io.ascan.planner.rules;

import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Aggregates only the groups a join will keep. An inner join of {@code Aggregate(group by k; X)}
 * with B on {@code k = B.key} drops every group whose k matches no B row, so X may first be
 * SEMI-joined with any relation holding a superset of B.key's values, the smaller the better:
 * B itself, or, through inner joins, the input that provides the key or the one its equi-join
 * partner comes from. This is what a decorrelated scalar sub-query needs (TPC-H q2, q17, q20:
 * {@code avg(l_quantity)} per part, for the 200 parts of one brand and container rather than all
 * 200,000), and what DuckDB's delim joins do.
 *
 * <p>Applied where that relation is estimated at most {@value #MAX_FRACTION} of the aggregate's
 * groups; the relation is then evaluated twice, once for the reduction.
 */
public final class AggregateSemiJoinReduction {
    /** The reducing relation's rows, as a fraction of the aggregate's groups, beyond which it does not pay. */
    static final double MAX_FRACTION = 0.2;

    private AggregateSemiJoinReduction() {}

    public static RelNode rewrite(RelNode rel) {
        return rel.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(org.apache.calcite.rel.logical.LogicalJoin join) {
                LogicalJoin j = (LogicalJoin) super.visit(join);
                if (j.getJoinType() != JoinRelType.INNER) return j;
                RelNode left = reduce(j, true), right = reduce(j, false);
                if (left == j.getLeft() && right == j.getRight()) return j;
                return j.copy(j.getTraitSet(), j.getCondition(), left, right, j.getJoinType(), j.isSemiJoinDone());
            }
        });
    }

    /** The input on one side of {@code j}, with its aggregate's input reduced by the other side if that pays. */
    private static RelNode reduce(Join j, boolean aggregateLeft) {
        RelNode side = aggregateLeft ? j.getLeft() : j.getRight();
        RelNode other = aggregateLeft ? j.getRight() : j.getLeft();
        JoinInfo info = JoinInfo.createWithStrictEquality(j.getLeft(), j.getRight(), j.getCondition());
        RelMetadataQuery mq = j.getCluster().getMetadataQuery();
        for (int k = 0; k < info.leftKeys.size(); k++) {
            int sideField = aggregateLeft ? info.leftKeys.get(k) : info.rightKeys.get(k);
            int otherField = aggregateLeft ? info.rightKeys.get(k) : info.leftKeys.get(k);
            RelNode reduced = reduce(side, sideField, other, otherField, mq);
            if (reduced != null) return reduced;
        }
        return side;
    }

    /** {@code side} (an Aggregate, maybe under a projection of its fields) with its input reduced; null if none applies. */
    private static RelNode reduce(RelNode side, int field, RelNode other, int otherField, RelMetadataQuery mq) {
        RelNode s = side.stripped();
        if (s instanceof Project p) {
            if (!(p.getProjects().get(field) instanceof RexInputRef ref)) return null;
            RelNode input = reduce(p.getInput(), ref.getIndex(), other, otherField, mq);
            return input == null ? null : p.copy(p.getTraitSet(), List.of(input));
        }
        if (!(s instanceof Aggregate a) || a.getGroupType() != Aggregate.Group.SIMPLE || field >= a.getGroupCount()) return null;
        KeySource keys = source(other, otherField, mq);
        Double groups = mq.getRowCount(a), keyRows = mq.getRowCount(keys.rel());
        if (groups == null || keyRows == null || keyRows > MAX_FRACTION * groups) return null;
        RelNode x = a.getInput();
        int column = a.getGroupSet().nth(field);
        var xType = x.getRowType().getFieldList().get(column).getType();
        var keyType = keys.rel().getRowType().getFieldList().get(keys.field()).getType();
        if (!SqlTypeUtil.equalSansNullability(a.getCluster().getTypeFactory(), xType, keyType)) return null;
        RexBuilder rex = a.getCluster().getRexBuilder();
        RexNode on = rex.makeCall(SqlStdOperatorTable.EQUALS, new RexInputRef(column, xType),
                new RexInputRef(x.getRowType().getFieldCount() + keys.field(), keyType));
        RelNode semi = LogicalJoin.create(x, keys.rel(), List.of(), on, Set.of(), JoinRelType.SEMI);
        return a.copy(a.getTraitSet(), List.of(semi));
    }

    /** A relation and one of its fields whose values include every value of the field asked for. */
    record KeySource(RelNode rel, int field) {}

    /**
     * The smallest relation found whose {@code field} holds a superset of {@code rel}'s: through
     * projections of the field, and through inner (and semi) joins into the input providing it or,
     * for an equi-join key, into the input of its partner.
     */
    static KeySource source(RelNode rel, int field, RelMetadataQuery mq) {
        RelNode r = rel.stripped();
        if (r instanceof Project p && p.getProjects().get(field) instanceof RexInputRef ref) {
            return source(p.getInput(), ref.getIndex(), mq);
        }
        if (r instanceof Join j && (j.getJoinType() == JoinRelType.INNER || j.getJoinType() == JoinRelType.SEMI)) {
            int width = j.getLeft().getRowType().getFieldCount();
            JoinInfo info = JoinInfo.createWithStrictEquality(j.getLeft(), j.getRight(), j.getCondition());
            KeySource best = field < width ? source(j.getLeft(), field, mq) : source(j.getRight(), field - width, mq);
            for (int k = 0; k < info.leftKeys.size(); k++) {
                KeySource partner = null;
                if (info.leftKeys.get(k) == field) partner = source(j.getRight(), info.rightKeys.get(k), mq);
                if (field >= width && info.rightKeys.get(k) == field - width) partner = source(j.getLeft(), info.leftKeys.get(k), mq);
                if (partner != null && rows(partner, mq) < rows(best, mq)) best = partner;
            }
            return best;
        }
        return new KeySource(r, field);
    }

    private static double rows(KeySource s, RelMetadataQuery mq) {
        Double rows = mq.getRowCount(s.rel());
        return rows == null ? Double.MAX_VALUE : rows;
    }
}
