package io.ascan.planner.rules;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.tools.RelBuilder;

/**
 * A scalar sub-query's value: Calcite reads it through a {@code SINGLE_VALUE(x)} aggregate
 * (over the whole sub-query, or per correlation key after decorrelation), which is NULL over no
 * rows, x over one row and an error over more. The engine has no such aggregate, so each becomes
 * {@code MIN(x)} next to a row count, read as {@code CASE WHEN SINGLE_ROW(count) THEN MIN(x) END},
 * where the engine's SINGLE_ROW raises the error (SQLSTATE 21000) for a count above 1.
 *
 * <p>That check moves above the join that pairs the outer rows with the sub-query's groups, so
 * only a group some outer row reads can fail, as in PostgreSQL and DuckDB (a key no outer row
 * has, or an empty outer input, reads nothing).
 */
public final class SingleValues {
    /** TRUE or an error; not deterministic, so constant reduction never evaluates it at planning. */
    public static final SqlFunction SINGLE_ROW = new SqlFunction("SINGLE_ROW", SqlKind.OTHER_FUNCTION,
            ReturnTypes.BOOLEAN_NULLABLE, null, OperandTypes.NUMERIC, SqlFunctionCategory.SYSTEM) {
        @Override
        public boolean isDeterministic() {
            return false;
        }
    };

    private SingleValues() {}

    public static RelNode rewrite(RelNode rel, RelBuilder builder) {
        return rel.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(LogicalAggregate aggregate) {
                LogicalAggregate a = (LogicalAggregate) super.visit(aggregate);
                boolean single = a.getAggCallList().stream().anyMatch(c -> c.getAggregation().getKind() == SqlKind.SINGLE_VALUE);
                return single ? expand(a, builder) : a;
            }

            @Override
            public RelNode visit(LogicalJoin join) {
                LogicalJoin j = (LogicalJoin) super.visit(join);
                return checkAbove(j, builder);
            }
        });
    }

    private static RelNode expand(LogicalAggregate a, RelBuilder b) {
        RexBuilder rex = a.getCluster().getRexBuilder();
        b.push(a.getInput());
        List<RelBuilder.AggCall> calls = new ArrayList<>();
        for (AggregateCall c : a.getAggCallList()) {
            calls.add(c.getAggregation().getKind() == SqlKind.SINGLE_VALUE
                    ? b.min(c.name, b.field(c.getArgList().getFirst()))
                    : b.aggregateCall(c));
        }
        calls.add(b.countStar("rows"));
        b.aggregate(b.groupKey(a.getGroupSet()), calls);
        int keys = a.getGroupCount();
        RexNode check = rex.makeCall(SINGLE_ROW, b.field(keys + a.getAggCallList().size()));
        List<RexNode> out = new ArrayList<>();
        List<RelDataTypeField> fields = a.getRowType().getFieldList();
        for (int i = 0; i < fields.size(); i++) {
            RexNode v = rex.ensureType(fields.get(i).getType(), b.field(i), true);
            if (i >= keys && a.getAggCallList().get(i - keys).getAggregation().getKind() == SqlKind.SINGLE_VALUE) {
                v = rex.makeCall(fields.get(i).getType(), SqlStdOperatorTable.CASE,
                        List.of(check, v, rex.makeNullLiteral(fields.get(i).getType())));
            }
            out.add(v);
        }
        return b.project(out, a.getRowType().getFieldNames(), true).build();
    }

    /** A join whose right input reads checked single values: the check evaluated above the join. */
    private static RelNode checkAbove(LogicalJoin j, RelBuilder b) {
        if (!j.getJoinType().projectsRight() || !(j.getRight() instanceof Project p) || !checks(p)) return j;
        RexBuilder rex = j.getCluster().getRexBuilder();
        int left = j.getLeft().getRowType().getFieldCount();
        RexNode condition = j.getCondition().accept(through(p, left, p.getInput().getRowType().getFieldList(), rex));
        RelNode joined = b.push(j.getLeft()).push(p.getInput()).join(j.getJoinType(), condition).build();
        RexShuttle above = through(p, left, joined.getRowType().getFieldList().subList(left, joined.getRowType().getFieldCount()), rex);
        List<RexNode> out = new ArrayList<>();
        for (RelDataTypeField f : j.getRowType().getFieldList()) {
            RexNode e = f.getIndex() < left ? rex.makeInputRef(joined, f.getIndex()) : new RexInputRef(f.getIndex(), f.getType()).accept(above);
            out.add(rex.ensureType(f.getType(), e, false));
        }
        return b.push(joined).project(out, j.getRowType().getFieldNames(), true).build();
    }

    /** References to the join's right fields replaced by p's expressions over its input, typed as {@code right}'s fields. */
    private static RexShuttle through(Project p, int left, List<RelDataTypeField> right, RexBuilder rex) {
        RexShuttle retype = new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return new RexInputRef(left + ref.getIndex(), right.get(ref.getIndex()).getType());
            }
        };
        return new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                if (ref.getIndex() < left) return ref;
                return p.getProjects().get(ref.getIndex() - left).accept(retype);
            }
        };
    }

    private static boolean checks(Project p) {
        return p.getProjects().stream().anyMatch(e -> RexUtil.findOperatorCall(SINGLE_ROW, e) != null);
    }
}
