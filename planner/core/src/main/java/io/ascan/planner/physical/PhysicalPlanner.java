package io.ascan.planner.physical;

import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.plan.LimitNode;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.PhysicalNode;
import io.ascan.plan.ProjectNode;
import io.ascan.plan.SortNode;
import java.util.ArrayList;
import java.util.List;
import io.ascan.planner.rules.AggregateFilters;
import io.ascan.planner.rules.AscanRules;
import io.ascan.planner.rules.StrictlyTypedRelBuilder;
import io.ascan.planner.CancelChecks;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelVisitor;
import io.ascan.planner.rel.AdaptiveScan;
import io.ascan.planner.rex.ExprTranslator;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlExplainLevel;
import org.apache.calcite.tools.Programs;
import org.apache.calcite.tools.RuleSets;

/**
 * From the optimised logical plan to the engine's plan, in three steps:
 *
 * <ol>
 *   <li>preparation: a join condition that is an OR of conjunctions sharing a conjunct (TPC-H
 *       q19's {@code (p_partkey = l_partkey AND ...) OR (p_partkey = l_partkey AND ...)}) has
 *       it factored out, so it becomes a hash key instead of a cross product, and the factored
 *       conjuncts local to one input move into its scan's P; set operations the engine lacks become UNION ALL plus aggregation
 *       (UNION, INTERSECT, EXCEPT), and join keys that are expressions are computed by a
 *       projection below the join, so every key is a column;</li>
 *   <li>the Volcano phase: the converter rules of {@link AscanPhysicalRules} move every
 *       operator into the ascan convention, and cost picks each hash join's build side;</li>
 *   <li>translation into {@link PhysicalNode}s, and the query's column names on the top node.</li>
 * </ol>
 *
 * Join order is the logical optimizer's (JoinEnumerator over the same cost metadata);
 * exploring orders again here would multiply Volcano's search space for no better estimates.
 */
public final class PhysicalPlanner {
    private PhysicalPlanner() {}

    private static final List<RelOptRule> PREPARE = List.of(
            StrictlyTypedRelBuilder.JOIN_CONDITION_PUSH,
            CoreRules.FILTER_MERGE,
            AscanRules.FILTER_INTO_SCAN,
            CoreRules.UNION_TO_DISTINCT,
            CoreRules.INTERSECT_TO_DISTINCT,
            CoreRules.MINUS_TO_DISTINCT,
            CoreRules.JOIN_PUSH_EXPRESSIONS);

    /** The physical plan of an optimised logical plan whose result columns are {@code resultType}. */
    public static PhysicalPlan plan(RelNode logical, RelDataType resultType) {
        return translate(optimize(logical), resultType, null);
    }

    /**
     * Steps 1 and 2: the plan in the ascan convention. {@code ?} parameters stay in it (also in
     * scan predicates), so one optimisation serves every execution of a prepared statement.
     */
    public static RelNode optimize(RelNode logical) {
        RelNode prepared = prepare(logical);
        PhysicalSupport.check(prepared);
        return volcano(prepared);
    }

    /**
     * Step 3: the engine's plan of an ascan-convention plan, with parameter {@code i} bound to
     * {@code parameters.get(i)} (null: the plan has none); scans prune their slices for the bound values.
     */
    public static PhysicalPlan translate(RelNode physical, RelDataType resultType, List<Literal> parameters) {
        PhysicalNode root = new PhysicalTranslator(parameters).translate(physical);
        return new PhysicalPlan(named(root, resultType.getFieldNames()), physical, resultType);
    }

    /**
     * EXPLAIN of a plan with {@code ?} parameters: the ascan-convention plan chosen once for every
     * execution (scans with their P, parameters as {@code ?0, ?1, ...}; join build sides).
     */
    public static String explainGeneric(RelNode physical) {
        return RelOptUtil.toString(physical, SqlExplainLevel.EXPPLAN_ATTRIBUTES)
                + "(?0, ?1, ...: parameters, bound at each execution; the scans prune their slices for the values)\n";
    }

    /** Whether {@code rel}'s tree holds a {@code ?} parameter (scan predicates included). */
    public static boolean hasParameters(RelNode rel) {
        boolean[] found = {false};
        new RelVisitor() {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent) {
                if (node instanceof AdaptiveScan s && ExprTranslator.hasParameters(s.condition())) found[0] = true;
                node.accept(new RexShuttle() {
                    @Override
                    public RexNode visitDynamicParam(RexDynamicParam p) {
                        found[0] = true;
                        return p;
                    }
                });
                super.visit(node, ordinal, parent);
            }
        }.go(rel);
        return found[0];
    }

    private static RelNode prepare(RelNode rel) {
        rel = rel.accept(new FactorJoinConditions());
        HepPlanner hep = CancelChecks.watch(new HepPlanner(new HepProgramBuilder().addMatchOrder(HepMatchOrder.BOTTOM_UP)
                .addRuleCollection(PREPARE).build()));
        hep.setRoot(rel);
        return AggregateFilters.rewrite(hep.findBestExp()); // EXCEPT and INTERSECT count their branches with FILTER
    }

    /** Runs the converter rules in the cluster's own Volcano planner (a rel belongs to its cluster's planner). */
    private static RelNode volcano(RelNode rel) {
        RelOptPlanner planner = CancelChecks.watch(rel.getCluster().getPlanner());
        return Programs.of(RuleSets.ofList(AscanPhysicalRules.RULES))
                .run(planner, rel, rel.getTraitSet().replace(AscanRel.CONVENTION).simplify(), List.of(), List.of());
    }

    /** Pulls conjuncts common to every branch of an OR out of join conditions. */
    private static final class FactorJoinConditions extends RelHomogeneousShuttle {
        @Override
        public RelNode visit(RelNode other) {
            RelNode rel = super.visit(other);
            if (rel instanceof LogicalJoin j) {
                RexNode factored = RexUtil.pullFactors(j.getCluster().getRexBuilder(), j.getCondition());
                if (!factored.equals(j.getCondition())) {
                    return j.copy(j.getTraitSet(), factored, j.getLeft(), j.getRight(), j.getJoinType(), j.isSemiJoinDone());
                }
            }
            return rel;
        }
    }

    /**
     * The top node with the query's column names (Calcite's own field names may be $f1, EXPR$0 or
     * a duplicate-avoiding variant). Sort and limit keep their input's names, so the names go below them.
     */
    static PhysicalNode named(PhysicalNode node, List<String> names) {
        List<OutputColumn> out = node.output();
        if (out.stream().map(OutputColumn::name).toList().equals(names)) return node;
        return switch (node) {
            case SortNode s -> new SortNode(named(s.input(), names), s.keys(), s.offset(), s.fetch());
            case LimitNode l -> new LimitNode(named(l.input(), names), l.offset(), l.fetch());
            case ProjectNode p -> new ProjectNode(p.input(), p.exprs(), names);
            default -> {
                List<Expr> refs = new ArrayList<>();
                for (int i = 0; i < out.size(); i++) refs.add(new ColumnRef(i, out.get(i).type()));
                yield new ProjectNode(node, refs, names);
            }
        };
    }
}
