package io.ascan.planner;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexWindow;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A column of Calcite's type NULL anywhere in a plan ({@code COUNT(c)} over {@code SELECT NULL AS c},
 * {@code SUM(NULL)}, {@code GROUP BY CUBE (NULL)}, {@code CASE WHEN p THEN NULL END} as a key): no
 * engine column has that type, so the projection that makes it makes a NULL of type INTEGER
 * instead (DuckDB's type for a NULL no context types), and the plan above is rebuilt on it, inputs
 * first. A value of type NULL can only be NULL: an expression of that type is the NULL literal,
 * and a reference to such a column within an expression becomes an untyped NULL literal, so that
 * the expressions around it keep the types the validator gave them (an INSERT's CAST gives it the
 * target column's type). A VALUES column of NULLs alone holds INTEGER NULLs. Aggregate calls typed NULL
 * ({@code MIN(NULL)}) take the type their INTEGER argument gives.
 */
final class UntypedNullColumns {
    private UntypedNullColumns() {}

    static RelNode type(RelNode rel) {
        return hasUntyped(rel) ? retype(rel) : rel;
    }

    private static boolean hasUntyped(RelNode rel) {
        return untypedHere(rel) || rel.getInputs().stream().anyMatch(UntypedNullColumns::hasUntyped);
    }

    /** Whether {@code rel} makes a column of type NULL, or calls a window function with a NULL argument. */
    private static boolean untypedHere(RelNode rel) {
        return untyped(rel.getRowType()) || rel instanceof LogicalProject p && p.getProjects().stream().anyMatch(UntypedNullColumns::untypedWindowArgument);
    }

    private static boolean untypedWindowArgument(RexNode e) {
        return e instanceof RexCall c && (c instanceof RexOver && c.getOperands().stream().anyMatch(o -> untyped(o.getType()))
                || c.getOperands().stream().anyMatch(UntypedNullColumns::untypedWindowArgument));
    }

    private static RelNode retype(RelNode rel) {
        List<RelNode> inputs = new ArrayList<>();
        boolean changed = false;
        for (RelNode in : rel.getInputs()) {
            RelNode typed = retype(in);
            changed |= typed != in;
            inputs.add(typed);
        }
        if (!changed && !untypedHere(rel)) return rel;
        RexBuilder rex = rel.getCluster().getRexBuilder();
        RexShuttle nulls = new NullReferences(rex);
        return switch (rel) {
            case LogicalProject p -> {
                RelDataType integer = integer(rel.getCluster().getTypeFactory());
                List<RexNode> exprs = new ArrayList<>();
                for (RexNode e : p.getProjects()) exprs.add(untyped(e.getType()) ? rex.makeNullLiteral(integer) : e.accept(nulls));
                yield LogicalProject.create(inputs.get(0), p.getHints(), exprs, p.getRowType().getFieldNames(), p.getVariablesSet());
            }
            // a VALUES column of NULLs alone (INSERT INTO t VALUES (NULL, 'x')): its readers' references become NULL literals
            case LogicalValues v -> UntypedNulls.typed(v, UntypedNulls.rowType(v.getRowType(), rel.getCluster().getTypeFactory()));
            case LogicalAggregate a -> {
                List<AggregateCall> calls = new ArrayList<>();
                for (AggregateCall c : a.getAggCallList()) {
                    calls.add(!untyped(c.getType()) ? c : AggregateCall.create(c.getParserPosition(), c.getAggregation(),
                            c.isDistinct(), c.isApproximate(), c.ignoreNulls(), c.rexList, c.getArgList(), c.filterArg,
                            c.distinctKeys, c.getCollation(), a.getGroupCount(), inputs.get(0), null, c.getName()));
                }
                yield LogicalAggregate.create(inputs.get(0), a.getHints(), a.getGroupSet(), a.getGroupSets(), calls);
            }
            // the others' row types follow their inputs'; their expressions keep their types
            default -> rel.accept(nulls).copy(rel.getTraitSet(), inputs);
        };
    }

    /** Each reference to a column of type NULL, and each other expression of that type, as the NULL literal. */
    private static final class NullReferences extends RexShuttle {
        private final RexBuilder rex;
        private final RexLiteral untypedNull;

        NullReferences(RexBuilder rex) {
            this.rex = rex;
            this.untypedNull = rex.constantNull();
        }

        @Override
        public RexNode visitInputRef(RexInputRef ref) {
            return untyped(ref.getType()) ? untypedNull : ref;
        }

        @Override
        public RexNode visitCall(RexCall call) {
            return untyped(call.getType()) ? untypedNull : super.visitCall(call);
        }

        /** A window function's NULL argument ({@code COUNT(NULL) OVER w}) gets the function's type: its window needs a typed column. */
        @Override
        public RexNode visitOver(RexOver over) {
            if (untyped(over.getType())) return untypedNull;
            RexOver visited = (RexOver) super.visitOver(over);
            List<RexNode> operands = new ArrayList<>();
            for (RexNode o : visited.getOperands()) operands.add(untyped(o.getType()) ? rex.makeNullLiteral(over.getType()) : o);
            if (operands.equals(visited.getOperands())) return visited;
            RexWindow w = visited.getWindow();
            return rex.makeOver(over.getType(), visited.getAggOperator(), operands, w.partitionKeys, w.orderKeys, w.getLowerBound(),
                    w.getUpperBound(), w.getExclude(), w.isRows(), true, false, visited.isDistinct(), visited.ignoreNulls());
        }

        @Override
        public RexNode visitFieldAccess(RexFieldAccess access) {
            return untyped(access.getType()) ? untypedNull : super.visitFieldAccess(access);
        }
    }

    private static RelDataType integer(RelDataTypeFactory f) {
        return f.createTypeWithNullability(f.createSqlType(SqlTypeName.INTEGER), true);
    }

    private static boolean untyped(RelDataType t) {
        if (t.isStruct()) return t.getFieldList().stream().anyMatch(f -> untyped(f.getType()));
        return t.getSqlTypeName() == SqlTypeName.NULL;
    }
}
