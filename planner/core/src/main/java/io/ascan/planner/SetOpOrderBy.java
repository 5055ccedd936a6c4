package io.ascan.planner;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSetOperator;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * ORDER BY, LIMIT and OFFSET over a set operation whose columns share a name
 * ({@code SELECT DISTINCT k, k FROM ta UNION SELECT 1, 2 ORDER BY 1}). Calcite's validator sorts a
 * set operation as {@code SELECT * FROM (set operation) ORDER BY ...}, and its {@code *} cannot
 * tell two columns named {@code k} apart: "Column 'k' is ambiguous", even for an ordinal. This
 * writes that select itself, the set operation's columns renamed positionally and given their
 * names back: {@code SELECT s.c1 AS k, s.c2 AS k FROM (set operation) AS s(c1, c2) ORDER BY 1}.
 * A name in ORDER BY is the first column of that name, as in DuckDB. Set operations whose first
 * branch has a {@code *} (its columns are not known before validation) are left to Calcite.
 */
final class SetOpOrderBy extends SqlBasicVisitor<Void> {
    private static final String ALIAS = "setop$sorted";

    private SetOpOrderBy() {}

    @Override
    public Void visit(SqlCall call) {
        super.visit(call); // inner ones first: this one's query is then final
        for (int i = 0; i < call.operandCount(); i++) {
            if (call.operand(i) instanceof SqlOrderBy o) {
                SqlSelect select = select(o);
                if (select != null) call.setOperand(i, select);
            }
        }
        return null;
    }

    @Override
    public Void visit(SqlNodeList list) {
        super.visit(list);
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) instanceof SqlOrderBy o) {
                SqlSelect select = select(o);
                if (select != null) list.set(i, select);
            }
        }
        return null;
    }

    /** {@code statement} rewritten (itself or its parts). */
    static SqlNode rewrite(SqlNode statement) {
        statement.accept(new SetOpOrderBy());
        if (statement instanceof SqlOrderBy o) {
            SqlSelect select = select(o);
            if (select != null) return select;
        }
        return statement;
    }

    /** {@code o} as a select over its set operation, or null where Calcite's own rewrite works. */
    private static SqlSelect select(SqlOrderBy o) {
        SqlNode query = o.query instanceof SqlWith w ? w.body : o.query;
        if (!(query instanceof SqlCall c && c.getOperator() instanceof SqlSetOperator)) return null;
        List<String> names = ColumnNames.of(c);
        if (names == null || !ColumnNames.repeats(names)) return null;
        SqlParserPos pos = o.getParserPosition();
        List<SqlNode> from = new ArrayList<>();
        from.add(o.query);
        from.add(new SqlIdentifier(ALIAS, pos));
        SqlNodeList items = new SqlNodeList(pos);
        for (int i = 0; i < names.size(); i++) {
            String column = "c" + (i + 1);
            from.add(new SqlIdentifier(column, pos));
            items.add(SqlStdOperatorTable.AS.createCall(pos, new SqlIdentifier(List.of(ALIAS, column), pos),
                    new SqlIdentifier(names.get(i), pos)));
        }
        return new SqlSelect(pos, null, items, SqlStdOperatorTable.AS.createCall(pos, from), null, null, null, null,
                null, o.orderList, o.offset, o.fetch, null);
    }
}
