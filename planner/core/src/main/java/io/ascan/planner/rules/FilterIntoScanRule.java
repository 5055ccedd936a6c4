package io.ascan.planner.rules;

import io.ascan.planner.rel.AdaptiveScan;
import io.ascan.planner.rex.ExprTranslator;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.tools.RelBuilderFactory;
import org.apache.calcite.util.ImmutableIntList;

/**
 * Moves the conjuncts of a Filter that the scan can own into its predicate P: deterministic,
 * free of correlation variables and sub-queries, and expressible in the engine's IR (P must be
 * evaluable near storage in pushdown mode). The other conjuncts stay in a Filter above, and
 * those the manifest proves always true go ({@link #alwaysTrue}).
 */
public final class FilterIntoScanRule extends RelRule<FilterIntoScanRule.Config> {
    FilterIntoScanRule(Config config) {
        super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        Filter filter = call.rel(0);
        AdaptiveScan scan = call.rel(1);
        List<RexNode> pushed = new ArrayList<>();
        List<RexNode> kept = new ArrayList<>();
        boolean dropped = false;
        RexShuttle toTableColumns = new ToTableColumns(scan.columns());
        for (RexNode conjunct : RelOptUtil.conjunctions(filter.getCondition())) {
            RexNode overTable = conjunct.accept(toTableColumns);
            if (alwaysTrue(scan, overTable)) dropped = true;
            else if (ownable(overTable)) pushed.add(overTable);
            else kept.add(conjunct);
        }
        if (pushed.isEmpty() && !dropped) return;
        if (pushed.isEmpty()) {
            call.transformTo(call.builder().push(scan).filter(kept).build());
            return;
        }
        if (scan.condition() != null) pushed.addFirst(scan.condition());
        RelBuilder b = call.builder();
        AdaptiveScan newScan = scan.withCondition(RexUtil.composeConjunction(b.getRexBuilder(), pushed));
        call.transformTo(b.push(newScan).filter(kept).build());
    }

    /**
     * {@code col IS NOT NULL} over a column the manifest counts no NULL in (decorrelated
     * sub-queries and semi-joins add them to join keys: TPC-H q17's {@code l_partkey IS NOT NULL}
     * would be evaluated on all of lineitem).
     */
    static boolean alwaysTrue(AdaptiveScan scan, RexNode e) {
        return e.getKind() == SqlKind.IS_NOT_NULL && ((RexCall) e).getOperands().getFirst() instanceof RexInputRef ref
                && scan.ascanTable().stats(ref.getIndex()).nulls() == 0;
    }

    static boolean ownable(RexNode e) {
        return RexUtil.isDeterministic(e) && !RexUtil.containsCorrelation(e) && RexUtil.SubQueryFinder.find(e) == null
                && ExprTranslator.canTranslate(e);
    }

    /** Rewrites references to the scan's output fields into references to table columns. */
    private static final class ToTableColumns extends RexShuttle {
        private final ImmutableIntList columns;

        ToTableColumns(ImmutableIntList columns) {
            this.columns = columns;
        }

        @Override
        public RexNode visitInputRef(RexInputRef ref) {
            return new RexInputRef(columns.get(ref.getIndex()), ref.getType());
        }
    }

    /** Rule configuration: a Filter directly on an AdaptiveScan. */
    public record Config(RelBuilderFactory relBuilderFactory, String description, OperandTransform operandSupplier)
            implements RelRule.Config {
        public static final Config DEFAULT = new Config(RelFactories.LOGICAL_BUILDER, "FilterIntoAdaptiveScan",
                b0 -> b0.operand(Filter.class).oneInput(b1 -> b1.operand(AdaptiveScan.class).noInputs()));

        @Override
        public FilterIntoScanRule toRule() {
            return new FilterIntoScanRule(this);
        }

        @Override
        public Config withRelBuilderFactory(RelBuilderFactory f) {
            return new Config(f, description, operandSupplier);
        }

        @Override
        public Config withDescription(String d) {
            return new Config(relBuilderFactory, d, operandSupplier);
        }

        @Override
        public Config withOperandSupplier(OperandTransform t) {
            return new Config(relBuilderFactory, description, t);
        }
    }
}
