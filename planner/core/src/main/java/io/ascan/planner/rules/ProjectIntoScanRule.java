package io.ascan.planner.rules;

import io.ascan.planner.rel.AdaptiveScan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.tools.RelBuilderFactory;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Column pruning: narrows an AdaptiveScan to the fields a Project above it uses. A Project of
 * distinct input references disappears into the scan's column list (which may reorder
 * columns); a Project computing expressions stays, over the narrowed scan.
 */
public final class ProjectIntoScanRule extends RelRule<ProjectIntoScanRule.Config> {
    ProjectIntoScanRule(Config config) {
        super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        Project project = call.rel(0);
        AdaptiveScan scan = call.rel(1);
        List<Integer> refs = distinctRefs(project.getProjects());
        if (refs != null) {
            List<Integer> columns = new ArrayList<>(refs.size());
            for (int r : refs) columns.add(scan.columns().get(r));
            call.transformTo(scan.withColumns(columns));
            return;
        }
        ImmutableBitSet used = RelOptUtil.InputFinder.bits(project.getProjects(), null);
        if (used.cardinality() == scan.getRowType().getFieldCount()) return; // nothing to prune
        Map<Integer, Integer> newIndex = new HashMap<>();
        List<Integer> columns = new ArrayList<>(Math.max(1, used.cardinality()));
        for (int f : used) {
            newIndex.put(f, columns.size());
            columns.add(scan.columns().get(f));
        }
        if (columns.isEmpty()) columns.add(scan.cheapestColumn()); // row counts still need one column
        RexShuttle remap = new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(newIndex.get(ref.getIndex()), ref.getType());
            }
        };
        List<RexNode> exprs = new ArrayList<>();
        for (RexNode e : project.getProjects()) exprs.add(e.accept(remap));
        call.transformTo(call.builder().push(scan.withColumns(columns))
                .project(exprs, project.getRowType().getFieldNames()).build());
    }

    /** The input indexes if every expression is a plain input reference and none repeats; else null. */
    private static List<Integer> distinctRefs(List<RexNode> exprs) {
        List<Integer> refs = new ArrayList<>(exprs.size());
        for (RexNode e : exprs) {
            if (!(e instanceof RexInputRef ref) || refs.contains(ref.getIndex())) return null;
            refs.add(ref.getIndex());
        }
        return refs;
    }

    /** Rule configuration: a Project directly on an AdaptiveScan. */
    public record Config(RelBuilderFactory relBuilderFactory, String description, OperandTransform operandSupplier)
            implements RelRule.Config {
        public static final Config DEFAULT = new Config(RelFactories.LOGICAL_BUILDER, "ProjectIntoAdaptiveScan",
                b0 -> b0.operand(Project.class).oneInput(b1 -> b1.operand(AdaptiveScan.class).noInputs()));

        @Override
        public ProjectIntoScanRule toRule() {
            return new ProjectIntoScanRule(this);
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
