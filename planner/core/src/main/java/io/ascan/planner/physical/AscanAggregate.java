package io.ascan.planner.physical;

import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.ProjectNode;
import io.ascan.types.DataType;
import io.ascan.plan.PhysicalNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Hash aggregation over one grouping set (or none: one row). DISTINCT aggregates keep their
 * flag ({@link AggregateNode.Call#distinct()}): the engine de-duplicates per group itself, which
 * is cheaper than Calcite's rewrite into an aggregate of an aggregate joined back.
 * {@link PhysicalPlanner} has rejected grouping sets and functions the engine lacks.
 */
public final class AscanAggregate extends Aggregate implements AscanRel {
    public AscanAggregate(RelOptCluster cluster, RelTraitSet traits, RelNode input, ImmutableBitSet groupSet,
                          @Nullable List<ImmutableBitSet> groupSets, List<AggregateCall> aggCalls) {
        super(cluster, traits, List.of(), input, groupSet, groupSets, aggCalls);
    }

    @Override
    public Aggregate copy(RelTraitSet traitSet, RelNode input, ImmutableBitSet groupSet,
                          @Nullable List<ImmutableBitSet> groupSets, List<AggregateCall> aggCalls) {
        return new AscanAggregate(getCluster(), traitSet, input, groupSet, groupSets, aggCalls);
    }

    /**
     * The engine aggregates the real calls; two of Calcite's internal ones are finished by a
     * projection above: LITERAL_AGG (the constant marker of a rewritten IN / NOT IN sub-query)
     * is that constant, and $SUM0 (a COUNT after decorrelation) is SUM with NULL as zero.
     */
    @Override
    public PhysicalNode implement(PhysicalTranslator t) {
        List<AggregateNode.Call> calls = new ArrayList<>();
        List<String> names = getRowType().getFieldNames();
        int keys = groupSet.cardinality();
        List<Expr> finish = new ArrayList<>();
        for (int k = 0; k < keys; k++) finish.add(new ColumnRef(k, t.type(getRowType().getFieldList().get(k).getType(), names.get(k))));
        boolean needsFinish = false;
        for (int i = 0; i < aggCalls.size(); i++) {
            AggregateCall c = aggCalls.get(i);
            DataType type = t.type(c.getType(), c.toString());
            if (c.getAggregation().getKind() == SqlKind.LITERAL_AGG) {
                finish.add(t.expr(c.rexList.getFirst()));
                needsFinish = true;
                continue;
            }
            int arg = c.getArgList().isEmpty() ? -1 : c.getArgList().getFirst();
            int arg2 = c.getArgList().size() > 1 ? c.getArgList().get(1) : -1;
            ColumnRef result = new ColumnRef(keys + calls.size(), type);
            calls.add(new AggregateNode.Call(function(c), arg, arg2, c.isDistinct(), type, names.get(keys + i)));
            if (c.getAggregation().getKind() == SqlKind.SUM0) {
                finish.add(Call.of(Operator.COALESCE, type, result, zero(type)));
                needsFinish = true;
            } else {
                finish.add(result);
            }
        }
        long[] range = GroupKeyRange.of(getInput(), groupSet.toArray(), getCluster().getMetadataQuery());
        AggregateNode agg = new AggregateNode(t.translate(getInput()), groupSet.toArray(), calls, expectedGroups(),
                DeterminingKeys.of(getInput(), groupSet.toArray(), getCluster().getMetadataQuery()), range[0], range[1]);
        return needsFinish ? new ProjectNode(agg, finish, names) : agg;
    }

    /** The estimated groups, for sizing the group tables (the engine caps what it trusts); 0 without keys or an estimate. */
    long expectedGroups() {
        if (groupSet.isEmpty()) return 0;
        Double rows = getCluster().getMetadataQuery().getRowCount(this);
        return rows == null || rows.isNaN() || rows < 1 ? 0 : (long) Math.min(rows, Long.MAX_VALUE / 4);
    }

    private static Literal zero(DataType type) {
        return switch (type.kind()) {
            case INTEGER -> new Literal(0, type);
            case DOUBLE -> new Literal(0.0, type);
            default -> new Literal(0L, type);
        };
    }

    /** The engine's function for a call {@link PhysicalSupport} has accepted. */
    static AggregateNode.Function function(AggregateCall c) {
        if (c.getAggregation() == io.ascan.planner.rules.ApproxCountDistinct.FUNCTION) return AggregateNode.Function.APPROX_COUNT_DISTINCT;
        AggregateNode.Function own = io.ascan.planner.AscanAggregates.engineFunction(c.getAggregation());
        if (own != null) return own;
        return switch (c.getAggregation().getKind()) {
            case COUNT -> AggregateNode.Function.COUNT;
            case SUM, SUM0 -> AggregateNode.Function.SUM;
            case AVG -> AggregateNode.Function.AVG;
            // any of the group's values that is not NULL (DuckDB's ANY_VALUE): the smallest is one
            case MIN, ANY_VALUE -> AggregateNode.Function.MIN;
            case BIT_AND -> AggregateNode.Function.BIT_AND;
            case BIT_OR -> AggregateNode.Function.BIT_OR;
            case BIT_XOR -> AggregateNode.Function.BIT_XOR;
            case MAX -> AggregateNode.Function.MAX;
            case VAR_POP -> AggregateNode.Function.VAR_POP;
            case VAR_SAMP -> AggregateNode.Function.VAR_SAMP;
            case STDDEV_POP -> AggregateNode.Function.STDDEV_POP;
            case STDDEV_SAMP -> AggregateNode.Function.STDDEV_SAMP;
            default -> throw new IllegalStateException("no engine aggregate for " + c);
        };
    }
}
