package io.ascan.planner.rules;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.logical.LogicalWindow;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.apache.calcite.tools.RelBuilder;

/**
 * Mends two shapes of the Windows Calcite's project-to-window rule builds, which later phases
 * fail on (internal errors; the fuzzer's window functions found both):
 * <ul>
 *   <li>A window function's output is named after its select alias, which may be an input field's
 *       name too ({@code SELECT DISTINCT SUM(7) OVER () AS c0, t.c0 AS c2 FROM ...}): an
 *       aggregate merged onto the window then had duplicate field names. Each field gets a name of
 *       its own.</li>
 *   <li>Window functions that read no input field ({@code MAX(DATE '9999-12-31') OVER ()}) get
 *       an input of no fields, which the field trimmer cannot narrow (an assertion, or an index
 *       error once the input was pruned to empty VALUES). Such a window reads one constant field
 *       instead, and a projection above drops it again.</li>
 * </ul>
 */
public final class WellFormedWindows {
    private WellFormedWindows() {}

    public static RelNode rewrite(RelNode rel, RelBuilder builder) {
        return rel.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode visited = super.visit(other);
                if (!(visited instanceof LogicalWindow w)) return visited;
                LogicalWindow named = uniquelyNamed(w);
                return named.getInput().getRowType().getFieldCount() == 0 ? withInputField(named, builder) : named;
            }
        });
    }

    private static LogicalWindow uniquelyNamed(LogicalWindow w) {
        RelDataType type = w.getRowType();
        List<String> names = type.getFieldNames();
        List<String> unique = SqlValidatorUtil.uniquify(names, SqlValidatorUtil.EXPR_SUGGESTER, true);
        if (unique.equals(names)) return w;
        return LogicalWindow.create(w.getTraitSet(), w.getInput(), w.constants, rowType(w.getCluster().getTypeFactory(), type, unique, false), w.groups);
    }

    /** {@code w} over its input plus one constant field, under a projection that drops that field. */
    private static RelNode withInputField(LogicalWindow w, RelBuilder b) {
        RelNode input = b.push(w.getInput()).project(List.of(b.literal(0)), List.of("one"), true).build();
        RexShuttle shift = new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(ref.getIndex() + 1, ref.getType());
            }
        };
        List<Window.Group> groups = new ArrayList<>();
        for (Window.Group g : w.groups) {
            List<Window.RexWinAggCall> calls = new ArrayList<>();
            for (Window.RexWinAggCall c : g.aggCalls) {
                calls.add(new Window.RexWinAggCall(c.getParserPosition(), (SqlAggFunction) c.getOperator(),
                        c.getType(), shift.visitList(c.getOperands()), c.ordinal, c.distinct, c.ignoreNulls));
            }
            groups.add(new Window.Group(g.keys.shift(1), g.isRows, shifted(g.lowerBound, shift), shifted(g.upperBound, shift),
                    g.exclude, RelCollations.shift(g.orderKeys, 1), calls));
        }
        List<String> names = w.getRowType().getFieldNames();
        RelDataType type = rowType(w.getCluster().getTypeFactory(), w.getRowType(), names, true);
        LogicalWindow widened = LogicalWindow.create(w.getTraitSet(), input, w.constants, type, groups);
        List<RexNode> fields = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) fields.add(b.getRexBuilder().makeInputRef(widened, i + 1));
        return b.push(widened).project(fields, names, true).build();
    }

    private static RexWindowBound shifted(RexWindowBound bound, RexShuttle shift) {
        return bound.getOffset() == null ? bound : bound.accept(shift);
    }

    /** {@code type}'s field types under {@code names}, after a leading INTEGER field {@code one} when {@code withOne}. */
    private static RelDataType rowType(RelDataTypeFactory types, RelDataType type, List<String> names, boolean withOne) {
        List<RelDataType> fieldTypes = new ArrayList<>();
        List<String> fieldNames = new ArrayList<>();
        if (withOne) {
            fieldTypes.add(types.createSqlType(SqlTypeName.INTEGER));
            fieldNames.add("one");
        }
        for (RelDataTypeField f : type.getFieldList()) fieldTypes.add(f.getType());
        fieldNames.addAll(names);
        return types.createStructType(type.getStructKind(), fieldTypes, SqlValidatorUtil.uniquify(fieldNames, SqlValidatorUtil.EXPR_SUGGESTER, true));
    }
}
