package io.ascan.planner.rules;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * GROUPING SETS, ROLLUP and CUBE as a UNION ALL of plain aggregates, one per grouping set: each
 * branch groups by its set's keys, gives the keys outside its set as NULL, and GROUPING(...),
 * GROUPING_ID(...) and GROUP_ID() as the constants they are within that set. The input is
 * computed once per set; the simplest correct plan, and the engine's aggregation stays as it is.
 */
public final class GroupingSetsExpansion {
    private GroupingSetsExpansion() {}

    public static RelNode rewrite(RelNode rel, RelBuilder builder) {
        return BottomUp.rewrite(rel, r -> r instanceof LogicalAggregate a && expands(a) ? expand(a, builder) : r);
    }

    /** Whether {@code a} is one this class expands: over grouping sets, or calling GROUPING(). */
    static boolean expands(Aggregate a) {
        return a instanceof LogicalAggregate && (a.getGroupType() != Aggregate.Group.SIMPLE || hasGroupingFunction(a));
    }

    /** {@code a} as the UNION ALL of one plain aggregate per grouping set. */
    static RelNode expand(LogicalAggregate a, RelBuilder builder) {
        RexBuilder rb = a.getCluster().getRexBuilder();
        List<RelDataTypeField> fields = a.getRowType().getFieldList();
        List<Integer> keys = a.getGroupSet().asList();
        List<AggregateCall> plain = new ArrayList<>();
        for (AggregateCall c : a.getAggCallList()) if (!isGroupingFunction(c)) plain.add(c);
        for (int s = 0; s < a.getGroupSets().size(); s++) {
            ImmutableBitSet set = a.getGroupSets().get(s);
            RelNode agg = LogicalAggregate.create(a.getInput(), List.of(), set, null, adapt(plain, set, a));
            builder.push(agg);
            List<RexNode> exprs = new ArrayList<>();
            for (int k = 0; k < keys.size(); k++) {
                RelDataTypeField f = fields.get(k);
                exprs.add(set.get(keys.get(k))
                        ? rb.makeCast(f.getType(), builder.field(set.indexOf(keys.get(k))), true, false)
                        : rb.makeNullLiteral(f.getType()));
            }
            int next = set.cardinality();
            for (int j = 0; j < a.getAggCallList().size(); j++) {
                AggregateCall c = a.getAggCallList().get(j);
                RelDataTypeField f = fields.get(keys.size() + j);
                RexNode e = isGroupingFunction(c) ? rb.makeExactLiteral(BigDecimal.valueOf(grouping(c, set, s, a)), f.getType())
                        : builder.field(next++);
                exprs.add(rb.makeCast(f.getType(), e, true, false));
            }
            builder.project(exprs, a.getRowType().getFieldNames(), true);
        }
        return builder.union(true, a.getGroupSets().size()).build();
    }

    /**
     * Calcite plans a grouping set that GROUPING SETS repeats as a UNION ALL branch of its own, a
     * plain aggregate that still calls GROUPING(...): its values are constants there too.
     */
    private static boolean hasGroupingFunction(Aggregate a) {
        for (AggregateCall c : a.getAggCallList()) if (isGroupingFunction(c)) return true;
        return false;
    }

    private static boolean isGroupingFunction(AggregateCall c) {
        return switch (c.getAggregation().getKind()) {
            case GROUPING, GROUPING_ID, GROUP_ID -> true;
            default -> false;
        };
    }

    /** The calls for an aggregate grouped by {@code set} alone (their types stay those of the original). */
    private static List<AggregateCall> adapt(List<AggregateCall> calls, ImmutableBitSet set, Aggregate a) {
        List<AggregateCall> out = new ArrayList<>();
        for (AggregateCall c : calls) {
            out.add(AggregateCall.create(c.getParserPosition(), c.getAggregation(), c.isDistinct(), c.isApproximate(), c.ignoreNulls(),
                    c.rexList, c.getArgList(), c.filterArg, c.distinctKeys, c.collation, set.cardinality(), a.getInput(), null,
                    c.getName()));
        }
        return out;
    }

    /** GROUPING(a, b, ...) and GROUPING_ID: one bit per argument, the first the most significant, set where it is not grouped; GROUP_ID(): earlier equal sets. */
    private static long grouping(AggregateCall c, ImmutableBitSet set, int index, Aggregate a) {
        if (c.getAggregation().getKind() == org.apache.calcite.sql.SqlKind.GROUP_ID) {
            long earlier = 0;
            for (int i = 0; i < index; i++) if (a.getGroupSets().get(i).equals(set)) earlier++;
            return earlier;
        }
        long v = 0;
        for (int arg : c.getArgList()) v = (v << 1) | (set.get(arg) ? 0 : 1);
        return v;
    }
}
