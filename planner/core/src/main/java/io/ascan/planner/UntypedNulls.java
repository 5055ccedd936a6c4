package io.ascan.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import com.google.common.collect.ImmutableList;
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
        if (rel instanceof LogicalValues values) {
            // SELECT NULL AS n without FROM is a VALUES row: type its NULLs there, no column may stay untyped
            List<List<RexLiteral>> rows = new ArrayList<>();
            for (List<RexLiteral> row : values.getTuples()) {
                List<RexLiteral> typedRow = new ArrayList<>();
                for (int c = 0; c < row.size(); c++) {
                    RelDataType t = typed.getFieldList().get(c).getType();
                    typedRow.add(row.get(c).getType().getSqlTypeName() == SqlTypeName.NULL ? (RexLiteral) rex.makeNullLiteral(t) : row.get(c));
                }
                rows.add(typedRow);
            }
            return LogicalValues.create(rel.getCluster(), typed, ImmutableList.copyOf(rows.stream().map(ImmutableList::copyOf).toList()));
        }
        List<RexNode> exprs = new ArrayList<>();
        for (RelDataTypeField field : rel.getRowType().getFieldList()) {
            exprs.add(untyped(field) ? rex.makeNullLiteral(typed.getFieldList().get(field.getIndex()).getType())
                    : rex.makeInputRef(rel, field.getIndex()));
        }
        return LogicalProject.create(rel, List.of(), exprs, typed.getFieldNames(), Set.of());
    }

    /**
     * Every VALUES in {@code rel} with a column of NULLs alone ({@code INSERT INTO t VALUES (NULL, 'x')},
     * {@code FROM (VALUES (NULL, 1)) v(a, b)}): Calcite types that column NULL, which no engine column
     * holds ("no engine type for NULL"). The VALUES holds INTEGER NULLs there instead, and a projection
     * above it gives its readers the NULL they expect, a literal they fold into their own types (an
     * INSERT's CAST gives it the target column's).
     */
    static RelNode values(RelNode rel) {
        return rel.accept(new RelShuttleImpl() {
            @Override
            public RelNode visit(LogicalValues values) {
                RelDataType row = values.getRowType();
                if (row.getFieldList().stream().noneMatch(UntypedNulls::untyped)) return values;
                RelNode typed = project(values, rowType(row, values.getCluster().getTypeFactory()));
                RexBuilder rex = values.getCluster().getRexBuilder();
                List<RexNode> exprs = new ArrayList<>();
                for (RelDataTypeField field : row.getFieldList()) {
                    exprs.add(untyped(field) ? rex.makeNullLiteral(field.getType()) : rex.makeInputRef(typed, field.getIndex()));
                }
                return LogicalProject.create(typed, List.of(), exprs, row.getFieldNames(), Set.of());
            }
        });
    }

    private static boolean untyped(RelDataTypeField field) {
        return field.getType().getSqlTypeName() == SqlTypeName.NULL;
    }
}
