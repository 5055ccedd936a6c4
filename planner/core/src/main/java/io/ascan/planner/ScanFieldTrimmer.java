package io.ascan.planner;

import io.ascan.planner.rel.AdaptiveScan;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.logical.LogicalWindow;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql2rel.RelFieldTrimmer;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.MappingType;
import org.apache.calcite.util.mapping.Mappings;

/**
 * Calcite's field trimmer, taught that an AdaptiveScan can narrow its own column list: the scan
 * delivers only the fields the plan above uses. Without it a scan under an operator that uses no
 * field ({@code COUNT(*)}) kept every column of the table, since no Project above it was left
 * to prune it. When nothing is used the scan still needs one column for its row counts: one P
 * reads anyway, else the smallest ({@link AdaptiveScan#cheapestColumn}). A Window, which Calcite's
 * trimmer passes every field through, asks its input only for the fields its functions and the
 * plan above use (a window over a join's rows, {@code SubQueryWindows}, read every column of the
 * joined tables). Public because Calcite finds {@code trimFields} methods by reflection.
 */
public final class ScanFieldTrimmer extends RelFieldTrimmer {
    public ScanFieldTrimmer(RelBuilder builder) {
        super(null, builder);
    }

    /** Found by the trimmer's reflective dispatch, which picks the most specific {@code trimFields}. */
    public TrimResult trimFields(AdaptiveScan scan, ImmutableBitSet fieldsUsed, Set<RelDataTypeField> extraFields) {
        int width = scan.getRowType().getFieldCount();
        if (fieldsUsed.cardinality() == width) return result(scan, Mappings.createIdentity(width));
        List<Integer> columns = new ArrayList<>();
        Mapping mapping;
        if (fieldsUsed.isEmpty()) {
            columns.add(scan.cheapestColumn());
            mapping = Mappings.create(MappingType.INVERSE_SURJECTION, width, 1);
        } else {
            mapping = Mappings.create(MappingType.INVERSE_SURJECTION, width, fieldsUsed.cardinality());
            for (int f : fieldsUsed) {
                mapping.set(f, columns.size());
                columns.add(scan.columns().get(f));
            }
        }
        return result(scan.withColumns(columns), mapping);
    }

    /** Found the same way: the input trimmed to the fields used above and by the groups; every window function kept. */
    public TrimResult trimFields(Window window, ImmutableBitSet fieldsUsed, Set<RelDataTypeField> extraFields) {
        RelNode input = window.getInput();
        int n = input.getRowType().getFieldCount();
        int calls = window.getRowType().getFieldCount() - n;
        ImmutableBitSet.Builder used = ImmutableBitSet.builder();
        for (int f : fieldsUsed) if (f < n) used.set(f);
        for (Window.Group g : window.groups) {
            used.addAll(g.keys);
            for (RelFieldCollation c : g.orderKeys.getFieldCollations()) used.set(c.getFieldIndex());
            for (Window.RexWinAggCall call : g.aggCalls) {
                for (int f : RelOptUtil.InputFinder.bits(call.getOperands(), null)) if (f < n) used.set(f);
            }
        }
        TrimResult trimmed = trimChild(window, input, used.build(), Set.of());
        RelNode newInput = trimmed.left;
        Mapping inputMapping = trimmed.right;
        int m = newInput.getRowType().getFieldCount();
        if (newInput == input) return result(window, Mappings.createIdentity(n + calls));
        RexShuttle remap = new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                int i = ref.getIndex();
                return new RexInputRef(i < n ? inputMapping.getTarget(i) : m + (i - n), ref.getType());
            }
        };
        List<Window.Group> groups = new ArrayList<>();
        for (Window.Group g : window.groups) {
            List<Window.RexWinAggCall> aggCalls = new ArrayList<>();
            for (Window.RexWinAggCall c : g.aggCalls) {
                List<RexNode> operands = c.getOperands().stream().map(o -> o.accept(remap)).toList();
                aggCalls.add(new Window.RexWinAggCall(c.getParserPosition(), (SqlAggFunction) c.getOperator(),
                        c.getType(), operands, c.ordinal, c.distinct, c.ignoreNulls));
            }
            ImmutableBitSet keys = ImmutableBitSet.of(g.keys.asList().stream().map(inputMapping::getTarget).toList());
            List<RelFieldCollation> order = g.orderKeys.getFieldCollations().stream()
                    .map(c -> c.withFieldIndex(inputMapping.getTarget(c.getFieldIndex()))).toList();
            // a RANGE or ROWS offset is a reference to one of the window's constants, which follow its input's fields
            groups.add(new Window.Group(keys, g.isRows, g.lowerBound.accept(remap), g.upperBound.accept(remap), g.exclude,
                    RelCollations.of(order), aggCalls));
        }
        RelDataTypeFactory.Builder type = window.getCluster().getTypeFactory().builder().addAll(newInput.getRowType().getFieldList());
        type.addAll(window.getRowType().getFieldList().subList(n, n + calls));
        RelNode newWindow = LogicalWindow.create(window.getTraitSet(), newInput, window.constants, type.uniquify().build(), groups);
        Mapping mapping = Mappings.create(MappingType.INVERSE_SURJECTION, n + calls, m + calls);
        for (int f = 0; f < n; f++) {
            int t = inputMapping.getTargetOpt(f);
            if (t >= 0) mapping.set(f, t);
        }
        for (int j = 0; j < calls; j++) mapping.set(n + j, m + j);
        return result(newWindow, mapping);
    }
}
