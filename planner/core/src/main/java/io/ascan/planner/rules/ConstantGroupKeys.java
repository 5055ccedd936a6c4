package io.ascan.planner.rules;

import io.ascan.planner.rex.EngineRexExecutor;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Group keys that are constants (literals or deterministic calls of literals) leave the aggregate and are projected back after it. Aggregates
 * grouped by constants only ({@code GROUP BY 'ab'}, and the {@code Aggregate({true})} Calcite
 * builds for an EXISTS sub-query) become a global aggregate that also counts its rows, kept only
 * when it counted any: one group when the input has rows, none when it is empty.
 *
 * <p>Runs just before {@code RelDecorrelator}, which drops constant group keys of every aggregate
 * it rewrites: {@code GROUP BY 'ab'} over an empty input made one row, an uncorrelated
 * {@code EXISTS (SELECT 1 FROM empty)} next to a correlated sub-query became TRUE, and
 * {@code SELECT DISTINCT 'a', 1, (correlated sub-query)} put the constants back in the wrong
 * places (an AssertionError on the row type, an index error for several of them, and for
 * {@code k IN (SELECT 5 FROM t WHERE <correlated>)} a join of k with the correlation value
 * instead of 5: wrong answers, or a pipeline that did not compile). It folds a constant call
 * to a literal first, so a key such as {@code NULL NOT IN ('a')} or {@code 1.5 <> 0} is one too.
 *
 * <p>An aggregate over grouping sets (or one that calls GROUPING()) with a constant key is first
 * expanded into its plain aggregates ({@link GroupingSetsExpansion}): the decorrelator dropped the
 * key while the grouping sets still named it ({@code GROUP BY GROUPING SETS ((0.5), ())} beside a
 * correlated sub-query: an IllegalArgumentException from {@code ImmutableBitSet.range}).
 */
public final class ConstantGroupKeys {
    private ConstantGroupKeys() {}

    public static RelNode rewrite(RelNode rel) {
        return rel.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(LogicalAggregate aggregate) {
                Aggregate a = (Aggregate) super.visit(aggregate);
                ImmutableBitSet constants = constantKeys(a);
                if (constants.isEmpty()) return a;
                if (GroupingSetsExpansion.expands(a)) {
                    // one plain aggregate per grouping set, whose constant keys then leave as any other's
                    RelBuilder b = RelFactories.LOGICAL_BUILDER.create(a.getCluster(), null);
                    return GroupingSetsExpansion.expand((LogicalAggregate) a, b).accept(this);
                }
                return withoutKeys(a, constants, constants.equals(a.getGroupSet()));
            }
        });
    }

    /**
     * The group keys that {@code a}'s input projects as constants: literals, calls of literals such
     * as {@code NULL NOT IN ('a')}, and expressions that simplify to one, such as
     * {@code COALESCE('a', s)} (the decorrelator simplifies them and then drops them as constants).
     */
    private static ImmutableBitSet constantKeys(Aggregate a) {
        if (!(a.getInput() instanceof Project p)) return ImmutableBitSet.of();
        ImmutableBitSet.Builder constants = ImmutableBitSet.builder();
        for (int key : a.getGroupSet()) if (constant(p, key) != null) constants.set(key);
        return constants.build();
    }

    /** Field {@code key} of {@code p} as a constant expression of its type, or null when it is not one. */
    private static RexNode constant(Project p, int key) {
        RexNode e = p.getProjects().get(key);
        if (RexUtil.isConstant(e)) return e;
        RexBuilder rex = p.getCluster().getRexBuilder();
        // The engine's executor: Calcite's folds CAST(1.5e0 AS INTEGER) to 1 where the engine rounds to 2,
        // and the folded key replaces the expression in the plan.
        // Given what the input is known to hold: IS NOT NULL($0) over a column that is a NULL literal
        // further down is the constant FALSE, which the decorrelator sees once it merged the projections,
        // and then drops the key (a global aggregate over an empty input, fuzzer seed 310 q19685).
        RelOptPredicateList known = p.getCluster().getMetadataQuery().getPulledUpPredicates(p.getInput());
        RexNode bound = e.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                RexNode c = known.constantMap.get(ref);
                if (c == null && known.pulledUpPredicates.contains(rex.makeCall(SqlStdOperatorTable.IS_NULL, ref))) {
                    c = rex.makeNullLiteral(ref.getType());
                }
                return c != null && c.getType().equals(ref.getType()) ? c : ref;
            }
        });
        RexNode simplified = new RexSimplify(rex, known, EngineRexExecutor.INSTANCE).simplifyPreservingType(bound);
        return RexUtil.isConstant(simplified) ? rex.ensureType(e.getType(), simplified, true) : null;
    }

    /**
     * {@code a} grouped without the {@code constants}, which are projected back in place; when
     * they were all its keys, {@code Project(keys, calls) <- Filter(n > 0) <- Aggregate({}, calls, n = COUNT(*))}.
     */
    private static RelNode withoutKeys(Aggregate a, ImmutableBitSet constants, boolean counted) {
        Project input = (Project) a.getInput();
        RelBuilder b = RelFactories.LOGICAL_BUILDER.create(a.getCluster(), null);
        b.push(input);
        ImmutableBitSet keys = a.getGroupSet().except(constants);
        List<RelBuilder.AggCall> calls = new ArrayList<>();
        for (AggregateCall c : a.getAggCallList()) calls.add(b.aggregateCall(c));
        if (counted) calls.add(b.countStar("n"));
        b.aggregate(b.groupKey(keys), calls);
        int n = a.getAggCallList().size();
        if (counted) b.filter(b.greaterThan(b.field(n), b.literal(0)));
        List<RexNode> out = new ArrayList<>();
        int k = 0;
        for (int key : a.getGroupSet()) {
            out.add(constants.get(key) ? constant(input, key) : b.field(k++));
        }
        for (int i = 0; i < n; i++) out.add(b.field(keys.cardinality() + i));
        b.project(out);
        return b.convert(a.getRowType(), true).build();
    }
}
