package io.ascan.planner;

import io.ascan.planner.rex.ConstantFolding;
import io.ascan.planner.rules.AggregateFilters;
import io.ascan.planner.rules.AggregateSemiJoinReduction;
import io.ascan.planner.rules.AscanRules;
import io.ascan.planner.rules.BooleanLiteralComparisons;
import io.ascan.planner.rules.ConstantGroupKeys;
import io.ascan.planner.rules.DistinctAggregateExpansion;
import io.ascan.planner.rules.DoubleNegations;
import io.ascan.planner.rules.EqualSubQueries;
import io.ascan.planner.rules.FlatFilterProjectTranspose;
import io.ascan.planner.rules.GroupingSetsExpansion;
import io.ascan.planner.rules.SubQueryForms;
import io.ascan.planner.rules.OrPredicateDerivation;
import io.ascan.planner.rules.ApproxCountDistinct;
import io.ascan.planner.rules.HolisticAggregates;
import io.ascan.planner.rules.SemiJoinRules;
import io.ascan.planner.rules.SetOpAllExpansion;
import io.ascan.planner.rules.SingleValues;
import io.ascan.planner.rules.StrictlyTypedRelBuilder;
import io.ascan.planner.rules.ProjectReduction;
import io.ascan.planner.rules.ProjectedNullSafeJoins;
import io.ascan.planner.rules.SubQueryJoins;
import io.ascan.planner.rules.SubQueryWindows;
import io.ascan.planner.rules.TypedCasePredicates;
import io.ascan.planner.rules.UncorrelatedCorrelates;
import io.ascan.planner.rules.WellFormedWindows;
import io.ascan.planner.rules.ConstantWindowOrder;
import io.ascan.planner.rules.JoinEnumerator;
import io.ascan.planner.rules.NullJoinComparisons;
import io.ascan.planner.rules.OuterJoinPreAggregation;
import io.ascan.exec.CancelSignal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.RelOptCostImpl;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.PruneEmptyRules;
import org.apache.calcite.sql2rel.AscanRelDecorrelator;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.tools.RelBuilderFactory;

/**
 * Rewrites a freshly converted logical plan into the optimised logical plan (Convention.NONE)
 * whose leaves are AdaptiveScans owning their predicates and projections. Fixed phases of
 * heuristic (Hep) rewriting, each with Calcite's standard rules plus ours:
 *
 * <ol>
 *   <li>[NOT] EXISTS and NOT IN into SEMI and ANTI joins ({@link SubQueryJoins});
 *       correlated MIN/MAX sub-queries over the outer query's own tables into windows over its
 *       rows ({@link SubQueryWindows}, TPC-H q02); other
 *       sub-queries into joins/correlates (after making the converter's copies of one sub-query
 *       one, {@link EqualSubQueries}, and restating the forms Calcite's rule gets wrong,
 *       {@link SubQueryForms}), then decorrelation (aggregates grouped only by
 *       constants made global first, {@link ConstantGroupKeys}); join conditions' comparisons
 *       with NULL made UNKNOWN ({@link NullJoinComparisons}); columns of type NULL made INTEGER
 *       NULLs ({@link UntypedNullColumns});</li>
 *   <li>aggregates' FILTER clauses into CASE arguments ({@link AggregateFilters}); GROUPING SETS,
 *       ROLLUP and CUBE into a UNION ALL of aggregates ({@link GroupingSetsExpansion}); INTERSECT ALL and
 *       EXCEPT ALL into their DISTINCT forms over numbered rows ({@link SetOpAllExpansion}); STRING_AGG,
 *       MEDIAN, PERCENTILE_* into window functions over the group's rows ({@link HolisticAggregates});
 *       APPROX_COUNT_DISTINCT into the engine's sketch aggregate ({@link ApproxCountDistinct}); projections
 *       with window functions (OVER) into a projection over a Window (RANGE offsets over a constant
 *       key restated first, {@link ConstantWindowOrder}; the Windows mended after, {@link WellFormedWindows});</li>
 *   <li>constant folding ({@link ConstantFolding}: dates plus intervals, literal arithmetic);</li>
 *   <li>predicate push-down: filters into joins and below projections/aggregates, constant
 *       reduction, semi-joins, and scan-local conjuncts into the AdaptiveScans (P); scalar
 *       sub-queries' SINGLE_VALUE read through a checked MIN ({@link SingleValues}); then again
 *       with the single-input filters implied by join conditions' ORs ({@link OrPredicateDerivation});
 *       null-safe equalities whose NULL test push-down projected restated, so they become hash
 *       keys ({@link ProjectedNullSafeJoins});</li>
 *   <li>field trimming, so each scan delivers only the columns used above it;</li>
 *   <li>join ordering: joins become a MultiJoin that {@link JoinEnumerator} orders by dynamic
 *       programming over bushy trees, from the estimates of {@code AscanMetadata} (manifest rows
 *       after zone-map pruning, times P's selectivity; distinct counts for join sizes);
 *       LoptOptimizeJoinRule orders those with outer joins;</li>
 *   <li>aggregates that feed an inner join aggregate only the groups it keeps
 *       ({@link AggregateSemiJoinReduction}); counts of an outer join's null-producing side taken
 *       per join key before the join ({@link OuterJoinPreAggregation}, TPC-H q13's groupjoin);</li>
 *   <li>clean-up: projections merged and absorbed into the scans.</li>
 * </ol>
 *
 * Cost-based choices between physical alternatives (join build sides, later the engine
 * operators) belong to the Volcano phase of the physical convention, which comes next.
 */
final class LogicalOptimizer {
    private LogicalOptimizer() {}

    /**
     * The sub-query rules build without simplifying: they rewrite one sub-query at a time, and
     * Calcite's simplifier, run on an expression whose other sub-query is half rewritten, turned
     * {@code NULLIF(NOT EXISTS (...), x IN (...))} into {@code (a = b AND NULL) OR (a AND a <> b)},
     * NULL instead of {@code a} when the IN is NULL. The push-down phase simplifies afterwards.
     */
    private static final RelBuilderFactory UNSIMPLIFIED = RelBuilder.proto(Contexts.of(RelBuilder.Config.DEFAULT.withSimplify(false)));

    /**
     * Rule applications per phase at most. Each application keeps the plan's meaning, so a phase
     * cut short leaves a correct plan; without a bound, two rules undoing each other on a random
     * query (the fuzzer's, issue 12) planned for an hour, and no query timeout could stop it. Far
     * above what the benchmark queries need: their golden plans are the same under the bound.
     */
    static final int MATCH_LIMIT = 5_000;

    private static final List<RelOptRule> SUB_QUERIES = List.of(
            CoreRules.FILTER_SUB_QUERY_TO_CORRELATE.config.withRelBuilderFactory(UNSIMPLIFIED).toRule(),
            CoreRules.PROJECT_SUB_QUERY_TO_CORRELATE.config.withRelBuilderFactory(UNSIMPLIFIED).toRule(),
            CoreRules.JOIN_SUB_QUERY_TO_CORRELATE.config.withRelBuilderFactory(UNSIMPLIFIED).toRule());

    private static final List<RelOptRule> PUSH_DOWN = concat(List.of(
            StrictlyTypedRelBuilder.FILTER_INTO_JOIN,
            StrictlyTypedRelBuilder.JOIN_CONDITION_PUSH,
            FlatFilterProjectTranspose.INSTANCE,
            CoreRules.FILTER_AGGREGATE_TRANSPOSE,
            CoreRules.FILTER_SET_OP_TRANSPOSE,
            CoreRules.FILTER_MERGE,
            TypedCasePredicates.INSTANCE, // before the reduce rules, which push the same way but mistyped
            CoreRules.FILTER_REDUCE_EXPRESSIONS,
            ProjectReduction.INSTANCE,
            CoreRules.JOIN_REDUCE_EXPRESSIONS,
            CoreRules.PROJECT_MERGE,
            CoreRules.PROJECT_REMOVE,
            CoreRules.AGGREGATE_PROJECT_MERGE,
            SemiJoinRules.PROJECT_TO_SEMI_JOIN,
            SemiJoinRules.JOIN_TO_SEMI_JOIN,
            PruneEmptyRules.FILTER_INSTANCE,
            PruneEmptyRules.PROJECT_INSTANCE,
            PruneEmptyRules.JOIN_LEFT_INSTANCE,
            PruneEmptyRules.JOIN_RIGHT_INSTANCE,
            PruneEmptyRules.AGGREGATE_INSTANCE,
            PruneEmptyRules.SORT_INSTANCE), AscanRules.SCAN_RULES);

    private static final List<RelOptRule> TO_MULTI_JOIN = List.of(
            CoreRules.JOIN_TO_MULTI_JOIN,
            CoreRules.PROJECT_MULTI_JOIN_MERGE,
            CoreRules.FILTER_MULTI_JOIN_MERGE);

    private static final List<RelOptRule> CLEAN_UP = concat(List.of(
            FlatFilterProjectTranspose.INSTANCE,
            CoreRules.FILTER_MERGE,
            CoreRules.PROJECT_MERGE,
            CoreRules.PROJECT_REMOVE), AscanRules.SCAN_RULES);

    static RelNode optimize(RelNode rel) {
        RelBuilder builder = RelFactories.LOGICAL_BUILDER.create(rel.getCluster(), null);
        RelNode r = SubQueryJoins.rewrite(DoubleNegations.rewrite(BooleanLiteralComparisons.rewrite(rel)));
        r = SubQueryWindows.rewrite(SubQueryForms.rewrite(EqualSubQueries.rewrite(r)));
        r = tree(r, SUB_QUERIES);
        r = UntypedNullColumns.type(NullJoinComparisons.rewrite(decorrelate(r, builder)));
        r = AggregateFilters.rewrite(r);
        r = GroupingSetsExpansion.rewrite(r, builder);
        r = SetOpAllExpansion.rewrite(r, builder);
        r = HolisticAggregates.rewrite(r, builder);
        r = ApproxCountDistinct.rewrite(r);
        r = hep(r, List.of(DistinctAggregateExpansion.RULE), HepMatchOrder.BOTTOM_UP);
        r = hep(ConstantWindowOrder.rewrite(r), List.of(CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW), HepMatchOrder.BOTTOM_UP);
        r = WellFormedWindows.rewrite(r, builder);
        r = ConstantFolding.fold(r);
        r = hep(r, PUSH_DOWN, HepMatchOrder.DEPTH_FIRST);
        r = SingleValues.rewrite(r, builder);
        RelNode derived = OrPredicateDerivation.rewrite(r);
        if (derived != r) r = hep(derived, PUSH_DOWN, HepMatchOrder.DEPTH_FIRST);
        r = ProjectedNullSafeJoins.rewrite(r);
        r = new ScanFieldTrimmer(builder).trim(r);
        r = hep(r, AscanRules.SCAN_RULES, HepMatchOrder.BOTTOM_UP);
        r = hep(r, TO_MULTI_JOIN, HepMatchOrder.BOTTOM_UP);
        r = JoinEnumerator.rewrite(r);
        r = hep(r, List.of(CoreRules.MULTI_JOIN_OPTIMIZE), HepMatchOrder.BOTTOM_UP);
        r = OuterJoinPreAggregation.rewrite(AggregateSemiJoinReduction.rewrite(r));
        return hep(r, CLEAN_UP, HepMatchOrder.BOTTOM_UP);
    }

    /**
     * Calcite's decorrelation ({@link AscanRelDecorrelator}), after the rewrites that keep it
     * right and complete ({@link UncorrelatedCorrelates}, {@link ConstantGroupKeys});
     * a plan without correlation stays as it is.
     */
    private static RelNode decorrelate(RelNode rel, RelBuilder builder) {
        // constants folded first: a comparison with a NULL that folding exposes
        // (CASE WHEN FALSE THEN 1 ELSE NULL END >= k) failed the decorrelator's predicate inference
        RelNode prepared = ConstantGroupKeys.rewrite(UncorrelatedCorrelates.rewrite(ConstantFolding.fold(rel)));
        RelNode decorrelated = AscanRelDecorrelator.decorrelateQuery(prepared, builder);
        // unchanged: no correlation left, though folding may have been what removed it
        return decorrelated == prepared && !hasCorrelate(rel) ? rel : decorrelated;
    }

    private static boolean hasCorrelate(RelNode rel) {
        return rel instanceof Correlate || rel.getInputs().stream().anyMatch(LogicalOptimizer::hasCorrelate);
    }

    /**
     * The sub-query rules, keeping the plan a tree: Hep otherwise merges equal sub-trees into one
     * node, and the decorrelator, which maps each node to its rewrite by identity, then gave a scan
     * shared by the outer query and a correlated sub-query the rewrite of the correlated
     * occurrence (joined with the correlation values) in both places: the outer query's field
     * references went past its inputs (an index error, a type mismatch, a wrong column).
     */
    private static RelNode tree(RelNode rel, Collection<RelOptRule> rules) {
        HepProgramBuilder program = new HepProgramBuilder().addMatchOrder(HepMatchOrder.DEPTH_FIRST).addMatchLimit(MATCH_LIMIT)
                .addRuleCollection(rules);
        CancelSignal.check();
        HepPlanner planner = CancelChecks.watch(new HepPlanner(program.build(), null, true, null, RelOptCostImpl.FACTORY));
        planner.setRoot(rel);
        return planner.findBestExp();
    }

    private static RelNode hep(RelNode rel, Collection<RelOptRule> rules, HepMatchOrder order) {
        HepProgramBuilder program = new HepProgramBuilder().addMatchOrder(order).addMatchLimit(MATCH_LIMIT).addRuleCollection(rules);
        CancelSignal.check();
        HepPlanner planner = CancelChecks.watch(new HepPlanner(program.build()));
        planner.setRoot(rel);
        return planner.findBestExp();
    }

    private static List<RelOptRule> concat(List<RelOptRule> a, List<RelOptRule> b) {
        List<RelOptRule> all = new ArrayList<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }
}
