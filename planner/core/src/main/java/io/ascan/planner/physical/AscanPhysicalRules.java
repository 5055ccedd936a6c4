package io.ascan.planner.physical;

import io.ascan.planner.rel.AdaptiveScan;
import java.util.List;
import java.util.function.Function;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalSort;
import org.apache.calcite.rel.logical.LogicalUnion;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rel.logical.LogicalWindow;

/**
 * The converter rules from Calcite's logical operators (Convention.NONE) into the ascan
 * convention. One rule per operator; only the join rule offers alternatives (build left or
 * right) for the Volcano planner to choose from by cost.
 */
public final class AscanPhysicalRules {
    private AscanPhysicalRules() {}

    public static final RelOptRule SCAN = rule(AdaptiveScan.class, "AscanScanRule",
            r -> r.copy(r.getTraitSet().replace(AscanRel.CONVENTION), List.of()));

    public static final RelOptRule FILTER = rule(LogicalFilter.class, "AscanFilterRule", r -> {
        LogicalFilter f = (LogicalFilter) r;
        return new AscanFilter(f.getCluster(), ascan(f), physical(f.getInput()), f.getCondition());
    });

    public static final RelOptRule PROJECT = rule(LogicalProject.class, "AscanProjectRule", r -> {
        LogicalProject p = (LogicalProject) r;
        return new AscanProject(p.getCluster(), ascan(p), physical(p.getInput()), p.getProjects(), p.getRowType());
    });

    public static final RelOptRule AGGREGATE = rule(LogicalAggregate.class, "AscanAggregateRule", r -> {
        LogicalAggregate a = (LogicalAggregate) r;
        return new AscanAggregate(a.getCluster(), ascan(a), physical(a.getInput()), a.getGroupSet(), a.getGroupSets(),
                a.getAggCallList());
    });

    public static final RelOptRule SORT = rule(LogicalSort.class, "AscanSortRule", r -> {
        LogicalSort s = (LogicalSort) r;
        return new AscanSort(s.getCluster(), ascan(s), physical(s.getInput()), s.getCollation(), s.offset, s.fetch);
    });

    public static final RelOptRule UNION = rule(LogicalUnion.class, "AscanUnionRule", r -> {
        LogicalUnion u = (LogicalUnion) r;
        if (!u.all) return null; // expanded into UNION ALL + Aggregate before this phase
        return new AscanUnion(u.getCluster(), ascan(u), u.getInputs().stream().map(AscanPhysicalRules::physical).toList());
    });

    public static final RelOptRule VALUES = rule(LogicalValues.class, "AscanValuesRule", r -> {
        LogicalValues v = (LogicalValues) r;
        return new AscanValues(v.getCluster(), v.getRowType(), v.getTuples(), ascan(v));
    });

    /** A hash join building on the right, and the same join building on the left. */
    public static final RelOptRule HASH_JOIN = ConverterRule.Config.INSTANCE
            .withConversion(LogicalJoin.class, Convention.NONE, AscanRel.CONVENTION, "AscanHashJoinRule")
            .withRuleFactory(config -> new ConverterRule(config) {
                @Override
                public RelNode convert(RelNode rel) {
                    return join((LogicalJoin) rel, true);
                }

                @Override
                public void onMatch(RelOptRuleCall call) {
                    LogicalJoin j = call.rel(0);
                    call.transformTo(join(j, true));
                    call.transformTo(join(j, false));
                }
            }).toRule();

    public static final RelOptRule WINDOW = rule(LogicalWindow.class, "AscanWindowRule", r -> {
        LogicalWindow w = (LogicalWindow) r;
        return new AscanWindow(w.getCluster(), ascan(w), physical(w.getInput()), w.getConstants(), w.getRowType(), w.groups);
    });

    public static final List<RelOptRule> RULES = List.of(SCAN, FILTER, PROJECT, AGGREGATE, SORT, UNION, VALUES, WINDOW, HASH_JOIN);

    private static AscanHashJoin join(LogicalJoin j, boolean buildRight) {
        return new AscanHashJoin(j.getCluster(), ascan(j), physical(j.getLeft()), physical(j.getRight()),
                j.getCondition(), j.getJoinType(), buildRight);
    }

    private static RelTraitSet ascan(RelNode r) {
        return r.getTraitSet().replace(AscanRel.CONVENTION);
    }

    private static RelNode physical(RelNode input) {
        return RelOptRule.convert(input, input.getTraitSet().replace(AscanRel.CONVENTION));
    }

    private static RelOptRule rule(Class<? extends RelNode> type, String name, Function<RelNode, RelNode> convert) {
        return ConverterRule.Config.INSTANCE
                .withConversion(type, Convention.NONE, AscanRel.CONVENTION, name)
                .withRuleFactory(config -> new ConverterRule(config) {
                    @Override
                    public RelNode convert(RelNode rel) {
                        return convert.apply(rel);
                    }
                }).toRule();
    }
}
