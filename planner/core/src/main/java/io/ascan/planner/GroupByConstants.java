package io.ascan.planner;

import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Only an integer literal in GROUP BY is an ordinal ({@code GROUP BY 2}: the second select item).
 * Calcite truncates any numeric literal to one, so {@code GROUP BY 2.5} grouped by the second
 * item, an aggregate ("Aggregate expression is illegal in GROUP BY"), where DuckDB and PostgreSQL
 * group by the constant 2.5: one group. Such a literal becomes a CAST of itself to its own type,
 * a constant that is no ordinal.
 */
final class GroupByConstants extends SqlBasicVisitor<Void> {
    private GroupByConstants() {}

    static void rewrite(SqlNode statement) {
        statement.accept(new GroupByConstants());
    }

    @Override
    public Void visit(SqlCall call) {
        if (call instanceof SqlSelect select && select.getGroup() != null) {
            SqlNodeList group = select.getGroup();
            for (int i = 0; i < group.size(); i++) {
                if (group.get(i) instanceof SqlNumericLiteral n && !n.isInteger()) group.set(i, constant(n));
            }
        }
        return super.visit(call);
    }

    private static SqlNode constant(SqlNumericLiteral n) {
        SqlParserPos pos = n.getParserPosition();
        SqlTypeName type = n.isExact() ? SqlTypeName.DECIMAL : SqlTypeName.DOUBLE;
        SqlBasicTypeNameSpec spec = n.isExact() ? new SqlBasicTypeNameSpec(type, n.getPrec(), n.getScale(), pos)
                : new SqlBasicTypeNameSpec(type, pos);
        return SqlStdOperatorTable.CAST.createCall(pos, n, new SqlDataTypeSpec(spec, pos));
    }
}
