package io.ascan.planner;

import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * What Babel's grammar ({@link QueryPlanner#PARSER}) parses into forms the rest of the planner
 * does not take, rewritten in place after parsing:
 * <ul>
 *   <li>{@code x::T} is Babel's infix cast operator: it becomes {@code CAST(x AS T)}, which it
 *       means, so that the validator, the cast rules and the translation see one CAST.
 *   <li>{@code date_part('year', d)} is Babel's DATE_PART with a unit keyword; with the unit as
 *       text, as DuckDB writes it, it is ours ({@link AscanOperatorTable#DATE_PART}).
 *   <li>DuckDB's {@code count()}: {@code count(*)}.
 *   <li>{@code first(x)} and {@code last(x)}, which the grammar reads as MATCH_RECOGNIZE's
 *       {@code FIRST(x, 0)}: DuckDB's aggregates ({@link AscanAggregates#FIRST}).
 *   <li>DuckDB's {@code ORDER BY ALL [ASC|DESC]}, which Babel reads as a column named
 *       {@code all}: every select item from left to right, NULLs last (DuckDB's default order).
 *       Only over a select list without {@code *} (whose columns are known only once validated).
 * </ul>
 */
final class BabelForms extends InPlaceRewrite {
    private BabelForms() {}

    static void rewrite(SqlNode statement) {
        new BabelForms().apply(statement);
    }

    @Override
    void enter(SqlCall call) {
        if (call instanceof SqlOrderBy order) orderByAll(order.query, order.orderList);
    }

    @Override
    SqlNode replacement(SqlNode node) {
        if (!(node instanceof SqlBasicCall call)) return node;
        if (call.getOperator() == SqlLibraryOperators.INFIX_CAST) {
            return SqlStdOperatorTable.CAST.createCall(call.getParserPosition(), call.getOperandList());
        }
        if (call.getOperator().getName().equalsIgnoreCase("COUNT") && call.operandCount() == 0 && call.getFunctionQuantifier() == null) {
            return SqlStdOperatorTable.COUNT.createCall(call.getParserPosition(), SqlIdentifier.star(call.getParserPosition()));
        }
        if ((call.getOperator() == SqlStdOperatorTable.FIRST || call.getOperator() == SqlStdOperatorTable.LAST)
                && call.operandCount() == 2 && call.operand(1) instanceof SqlLiteral n && n.getValue() instanceof java.math.BigDecimal b
                && b.signum() == 0) {
            var f = call.getOperator() == SqlStdOperatorTable.FIRST ? AscanAggregates.FIRST : AscanAggregates.LAST;
            return f.createCall(call.getParserPosition(), java.util.List.of(call.operand(0)));
        }
        if (call.getOperator() == SqlLibraryOperators.DATE_PART && call.operand(0) instanceof SqlCharStringLiteral) {
            return AscanOperatorTable.DATE_PART.createCall(call.getParserPosition(), call.getOperandList());
        }
        return node;
    }

    private static void orderByAll(SqlNode query, SqlNodeList orderList) {
        if (orderList.size() != 1 || !(query instanceof SqlSelect select)) return;
        SqlNode key = orderList.get(0);
        boolean descending = key.getKind() == SqlKind.DESCENDING;
        if (descending) key = ((SqlCall) key).operand(0);
        if (!(key instanceof SqlIdentifier id) || !id.isSimple() || !id.getSimple().equals("all")
                || id.isComponentQuoted(0)) {
            return;
        }
        for (SqlNode item : select.getSelectList()) {
            if (item instanceof SqlIdentifier i && i.isStar()) return;
        }
        SqlParserPos pos = key.getParserPosition();
        orderList.clear();
        for (int i = 1; i <= select.getSelectList().size(); i++) {
            SqlNode ordinal = SqlLiteral.createExactNumeric(Integer.toString(i), pos);
            if (descending) ordinal = SqlStdOperatorTable.DESC.createCall(pos, ordinal);
            orderList.add(SqlStdOperatorTable.NULLS_LAST.createCall(pos, ordinal));
        }
    }
}
