package io.ascan.planner.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Counts the null-producing side of an outer join per join key before the join, the groupjoin
 * of TPC-H q13 ({@code customer LEFT JOIN orders ... GROUP BY c_custkey, count(o_orderkey)}):
 * <pre>
 *   Aggregate(G; COUNT(n.x))                   Aggregate(G; $SUM0(c))
 *     L LEFT JOIN N ON L.k = N.k        =>       L LEFT JOIN Aggregate(N; group N.k; COUNT(x) AS c) ON L.k = N.k
 * </pre>
 * where G holds columns of the preserved side L only. Each L row meets at most one group of
 * N.k, whose count is the number of its matches' non-NULL x, so summing the counts per G gives
 * the original counts; an L row without matches (a NULL key among them) gets a NULL count, which
 * $SUM0 reads as zero, as COUNT counted no value. Nothing is assumed unique: with a unique L.k
 * the upper aggregate merely sees one row per group. The join then probes or builds over one
 * row per key instead of one per N row, and the upper aggregate runs over L's rows instead of
 * the join's; applied where N's rows are estimated at least {@value #MIN_ROWS_PER_KEY} times its
 * distinct keys, and only for a join condition of equalities alone.
 */
public final class OuterJoinPreAggregation {
    /** N's rows per distinct key below which the lower aggregate would not shrink the join. */
    static final double MIN_ROWS_PER_KEY = 2;

    private OuterJoinPreAggregation() {}

    public static RelNode rewrite(RelNode rel) {
        return rel.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(LogicalAggregate aggregate) {
                LogicalAggregate a = (LogicalAggregate) super.visit(aggregate);
                RelNode r = preAggregate(a);
                return r == null ? a : r;
            }
        });
    }

    /** The rewrite of {@code a}, or null when it does not apply. */
    private static RelNode preAggregate(Aggregate a) {
        if (a.getGroupType() != Aggregate.Group.SIMPLE || a.getAggCallList().isEmpty()) return null;
        RelNode input = a.getInput().stripped();
        List<Integer> toJoin = new ArrayList<>(); // each aggregate input field as a join field
        Join j;
        if (input instanceof Project p) {
            for (RexNode e : p.getProjects()) {
                if (!(e instanceof RexInputRef ref)) return null;
                toJoin.add(ref.getIndex());
            }
            if (!(p.getInput().stripped() instanceof Join pj)) return null;
            j = pj;
        } else if (input instanceof Join ij) {
            for (int i = 0; i < ij.getRowType().getFieldCount(); i++) toJoin.add(i);
            j = ij;
        } else {
            return null;
        }
        if (j.getJoinType() != JoinRelType.LEFT && j.getJoinType() != JoinRelType.RIGHT) return null;
        JoinInfo info = JoinInfo.createWithStrictEquality(j.getLeft(), j.getRight(), j.getCondition());
        if (!info.isEqui() || info.leftKeys.isEmpty()) return null;
        boolean leftPreserved = j.getJoinType() == JoinRelType.LEFT;
        RelNode preserved = leftPreserved ? j.getLeft() : j.getRight(), nulled = leftPreserved ? j.getRight() : j.getLeft();
        int leftWidth = j.getLeft().getRowType().getFieldCount();
        int preservedFrom = leftPreserved ? 0 : leftWidth, nulledFrom = leftPreserved ? leftWidth : 0;
        int preservedWidth = preserved.getRowType().getFieldCount(), nulledWidth = nulled.getRowType().getFieldCount();
        List<Integer> preservedKeys = leftPreserved ? info.leftKeys : info.rightKeys;
        List<Integer> nulledKeys = leftPreserved ? info.rightKeys : info.leftKeys;
        if (ImmutableBitSet.of(nulledKeys).cardinality() != nulledKeys.size()) return null;

        // G from the preserved side; each call a plain COUNT of one column of the null-producing side
        List<Integer> group = new ArrayList<>();
        for (int g : a.getGroupSet()) {
            int f = toJoin.get(g) - preservedFrom;
            if (f < 0 || f >= preservedWidth) return null;
            if (!group.isEmpty() && f <= group.getLast()) return null; // G's order must stay: the upper group set is sorted
            group.add(f);
        }
        List<Integer> counted = new ArrayList<>();
        for (AggregateCall c : a.getAggCallList()) {
            if (c.getAggregation().getKind() != SqlKind.COUNT || c.isDistinct() || c.isApproximate() || c.filterArg >= 0
                    || c.getArgList().size() != 1 || !c.collation.getFieldCollations().isEmpty()) return null;
            int f = toJoin.get(c.getArgList().getFirst()) - nulledFrom;
            if (f < 0 || f >= nulledWidth) return null;
            counted.add(f);
        }
        RelMetadataQuery mq = a.getCluster().getMetadataQuery();
        Double rows = mq.getRowCount(nulled), keys = mq.getDistinctRowCount(nulled, ImmutableBitSet.of(nulledKeys), null);
        if (rows == null || keys == null || rows < MIN_ROWS_PER_KEY * keys) return null;

        // the lower aggregate: N's keys (in field order, as Aggregate groups), then one count per call
        ImmutableBitSet lowerGroup = ImmutableBitSet.of(nulledKeys);
        List<AggregateCall> lowerCalls = new ArrayList<>();
        for (int i = 0; i < counted.size(); i++) {
            AggregateCall c = a.getAggCallList().get(i);
            lowerCalls.add(AggregateCall.create(SqlStdOperatorTable.COUNT, false, false, false, List.of(), List.of(counted.get(i)),
                    -1, null, c.collation, c.getType(), "c" + i));
        }
        RelNode lower = LogicalAggregate.create(nulled, List.of(), lowerGroup, null, lowerCalls);

        // the join on the same keys, the preserved side where it was
        RexBuilder rex = a.getCluster().getRexBuilder();
        RelNode left = leftPreserved ? preserved : lower, right = leftPreserved ? lower : preserved;
        int newLeftWidth = left.getRowType().getFieldCount();
        List<RexNode> equalities = new ArrayList<>();
        for (int k = 0; k < preservedKeys.size(); k++) {
            int p = preservedKeys.get(k), n = lowerGroup.indexOf(nulledKeys.get(k));
            int l = leftPreserved ? p : n, r = leftPreserved ? n : p;
            equalities.add(rex.makeCall(SqlStdOperatorTable.EQUALS,
                    new RexInputRef(l, left.getRowType().getFieldList().get(l).getType()),
                    new RexInputRef(newLeftWidth + r, right.getRowType().getFieldList().get(r).getType())));
        }
        RelNode join = LogicalJoin.create(left, right, List.of(), RexUtil.composeConjunction(rex, equalities), Set.of(),
                j.getJoinType());

        // the upper aggregate: G from the preserved side, each count summed
        int preservedAt = leftPreserved ? 0 : newLeftWidth, countsAt = (leftPreserved ? newLeftWidth : 0) + lowerGroup.cardinality();
        ImmutableBitSet upperGroup = ImmutableBitSet.of(group.stream().map(f -> f + preservedAt).toList());
        List<AggregateCall> upperCalls = new ArrayList<>();
        for (int i = 0; i < counted.size(); i++) {
            AggregateCall c = a.getAggCallList().get(i);
            upperCalls.add(AggregateCall.create(SqlStdOperatorTable.SUM0, false, false, false, List.of(), List.of(countsAt + i), -1,
                    null, c.collation, c.getType(), c.getName()));
        }
        return LogicalAggregate.create(join, List.of(), upperGroup, null, upperCalls);
    }
}
