package io.ascan.planner;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A bare NULL in a query's result ({@code SELECT NULL AS n}) has Calcite's type NULL, which no
 * column holds: it becomes a NULL of type INTEGER, the type DuckDB gives it.
 */
final class UntypedNulls {
    private UntypedNulls() {}

    /** {@code row} with every field of type NULL typed INTEGER (nullable); {@code row} itself when there is none. */
    static RelDataType rowType(RelDataType row, RelDataTypeFactory f) {
        if (row.getFieldList().stream().noneMatch(UntypedNulls::untyped)) return row;
        RelDataType integer = f.createTypeWithNullability(f.createSqlType(SqlTypeName.INTEGER), true);
        List<RelDataType> types = new ArrayList<>();
        for (RelDataTypeField field : row.getFieldList()) types.add(untyped(field) ? integer : field.getType());
        return f.createStructType(types, row.getFieldNames());
    }

    /** {@code rel} with a projection that makes its untyped NULL columns INTEGER NULLs, named as {@code typed}. */
    static RelNode project(RelNode rel, RelDataType typed) {
        if (rel.getRowType().getFieldList().stream().noneMatch(UntypedNulls::untyped)) return rel;
        RexBuilder rex = rel.getCluster().getRexBuilder();
        // SELECT NULL AS n without FROM is a VALUES row: type its NULLs there, no column may stay untyped
        if (rel instanceof LogicalValues values) return typed(values, typed);
        List<RexNode> exprs = new ArrayList<>();
        for (RelDataTypeField field : rel.getRowType().getFieldList()) {
            exprs.add(untyped(field) ? rex.makeNullLiteral(typed.getFieldList().get(field.getIndex()).getType())
                    : rex.makeInputRef(rel, field.getIndex()));
        }
        return LogicalProject.create(rel, List.of(), exprs, typed.getFieldNames(), Set.of());
    }

    /** {@code values} with its NULLs of type NULL typed as in {@code typed}, a row type of the same fields. */
    static LogicalValues typed(LogicalValues values, RelDataType typed) {
        RexBuilder rex = values.getCluster().getRexBuilder();
        List<ImmutableList<RexLiteral>> rows = new ArrayList<>();
        for (List<RexLiteral> row : values.getTuples()) {
            List<RexLiteral> typedRow = new ArrayList<>();
            for (int c = 0; c < row.size(); c++) {
                RelDataType t = typed.getFieldList().get(c).getType();
                typedRow.add(row.get(c).getType().getSqlTypeName() == SqlTypeName.NULL ? (RexLiteral) rex.makeNullLiteral(t) : row.get(c));
            }
            rows.add(ImmutableList.copyOf(typedRow));
        }
        return LogicalValues.create(values.getCluster(), typed, ImmutableList.copyOf(rows));
    }

    private static boolean untyped(RelDataTypeField field) {
        return field.getType().getSqlTypeName() == SqlTypeName.NULL;
    }
}
