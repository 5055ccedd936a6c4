package io.ascan.planner;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * A derived table or CTE whose columns share a name ({@code FROM (SELECT k, k FROM ta) t}) gets
 * DuckDB's names for them ({@code k, k_1}) as a column list: Calcite keeps both names {@code k},
 * and its {@code *} over them, or any reference, is "Column 'k' is ambiguous". One without an
 * alias gets one (it cannot be named anyway). Views get the same names ({@link QueryPlanner}).
 */
final class DerivedTableNames extends SqlBasicVisitor<Void> {
    private int unnamed;

    private DerivedTableNames() {}

    static void rewrite(SqlNode statement) {
        statement.accept(new DerivedTableNames());
    }

    @Override
    public Void visit(SqlCall call) {
        if (call instanceof SqlSelect select && select.getFrom() != null) select.setFrom(from(select.getFrom()));
        if (call instanceof SqlWithItem item && item.columnList == null) {
            List<String> names = ColumnNames.of(item.query);
            if (names != null && ColumnNames.repeats(names)) item.columnList = columns(names, item.getParserPosition());
        }
        return super.visit(call);
    }

    private SqlNode from(SqlNode from) {
        if (from instanceof SqlJoin join) {
            join.setLeft(from(join.getLeft()));
            join.setRight(from(join.getRight()));
            return join;
        }
        boolean aliased = from.getKind() == SqlKind.AS && ((SqlCall) from).operandCount() == 2;
        SqlNode query = aliased ? ((SqlCall) from).operand(0) : from;
        if (!query.isA(SqlKind.QUERY)) return from;
        List<String> names = ColumnNames.of(query);
        if (names == null || !ColumnNames.repeats(names)) return from;
        SqlParserPos pos = from.getParserPosition();
        List<SqlNode> operands = new ArrayList<>();
        operands.add(query);
        operands.add(aliased ? ((SqlCall) from).operand(1) : new SqlIdentifier("derived$" + ++unnamed, pos));
        operands.addAll(columns(names, pos).getList());
        return SqlStdOperatorTable.AS.createCall(pos, operands);
    }

    private static SqlNodeList columns(List<String> names, SqlParserPos pos) {
        SqlNodeList columns = new SqlNodeList(pos);
        for (String name : ColumnNames.unique(names)) columns.add(new SqlIdentifier(name, pos));
        return columns;
    }
}
