package io.ascan.planner;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.util.Litmus;

/**
 * Only an integer literal in GROUP BY is an ordinal ({@code GROUP BY 2}: the second select item).
 * Calcite truncates any numeric literal to one, so {@code GROUP BY 2.5} grouped by the second
 * item, an aggregate ("Aggregate expression is illegal in GROUP BY"), where DuckDB and PostgreSQL
 * group by the constant 2.5: one group. Such a literal becomes a CAST of itself to its own type,
 * a constant that is no ordinal. An integer that cannot be an ordinal (below 1, beyond an INT, or
 * negated: {@code GROUP BY -1}) is "out of range", as in DuckDB and PostgreSQL: Calcite read
 * {@code GROUP BY -9223372036854775807} as ordinal 1 (its int value wraps) and grouped by the
 * first item, and took {@code GROUP BY -1} for a constant.
 */
final class GroupByConstants extends SqlBasicVisitor<Void> {
    private GroupByConstants() {}

    static void rewrite(SqlNode statement) {
        statement.accept(new GroupByConstants());
    }

    @Override
    public Void visit(SqlCall call) {
        if (call instanceof SqlOrderBy order && order.query instanceof SqlSelect select && select.getGroup() != null) {
            List<SqlNumericLiteral> keys = rewriteGroup(select);
            sameConstants(select, keys);
            // the ORDER BY of a SELECT stays outside it until the validator moves it in
            sameConstantsIn(order.orderList, keys);
        } else if (call instanceof SqlSelect select && select.getGroup() != null) {
            sameConstants(select, rewriteGroup(select));
        }
        return super.visit(call);
    }

    /** Rewrites the GROUP BY of {@code select}; returns the numbers that became constants. */
    private static List<SqlNumericLiteral> rewriteGroup(SqlSelect select) {
        List<SqlNumericLiteral> keys = new ArrayList<>();
        SqlNodeList group = select.getGroup();
        for (int i = 0; i < group.size(); i++) {
            SqlNode item = group.get(i);
            if (item instanceof SqlNumericLiteral n && !n.isInteger()) {
                group.set(i, constant(n));
                keys.add(n);
            } else if (isInteger(item) && !isOrdinalRange(item)) group.set(i, outOfRange(item.getParserPosition()));
            else if (item instanceof SqlCall c && GROUPINGS.contains(c.getKind())) constantsWithin(c, keys);
        }
        return keys;
    }

    private static final Set<SqlKind> GROUPINGS = EnumSet.of(SqlKind.ROLLUP, SqlKind.CUBE, SqlKind.GROUPING_SETS, SqlKind.ROW);

    /**
     * Inside ROLLUP, CUBE, GROUPING SETS and their tuples, Calcite reads a number as an ordinal
     * too: {@code CUBE (0.10)} was "Ordinal out of range", where DuckDB groups by the constant.
     */
    private static void constantsWithin(SqlCall grouping, List<SqlNumericLiteral> keys) {
        for (int i = 0; i < grouping.operandCount(); i++) {
            SqlNode item = grouping.operand(i);
            if (item instanceof SqlNumericLiteral n && !n.isInteger()) {
                grouping.setOperand(i, constant(n));
                keys.add(n);
            } else if (item instanceof SqlCall c && GROUPINGS.contains(c.getKind())) constantsWithin(c, keys);
        }
    }

    /**
     * The same numbers in the SELECT list, HAVING and ORDER BY name the keys, as the validator
     * matches a key as written: {@code SELECT 0.5 ... GROUP BY CUBE (0.5)} is NULL where the set
     * leaves 0.5 out (it was 0.5 in every row), and {@code GROUPING(0.5)} was refused as no key.
     */
    private static void sameConstants(SqlSelect select, List<SqlNumericLiteral> keys) {
        if (keys.isEmpty()) return;
        sameConstantsIn(select.getSelectList(), keys);
        select.setHaving(sameConstants(select.getHaving(), keys));
        sameConstantsIn(select.getOrderList(), keys);
    }

    private static void sameConstantsIn(SqlNodeList list, List<SqlNumericLiteral> keys) {
        if (list != null) for (int i = 0; i < list.size(); i++) list.set(i, sameConstants(list.get(i), keys));
    }

    private static SqlNode sameConstants(SqlNode node, List<SqlNumericLiteral> keys) {
        if (node == null || keys.isEmpty()) return node;
        return node.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlLiteral literal) {
                if (literal instanceof SqlNumericLiteral n) {
                    for (SqlNumericLiteral key : keys) if (key.equalsDeep(n, Litmus.IGNORE)) return constant(n);
                }
                return literal;
            }

            @Override
            public SqlNode visit(SqlCall call) {
                // a sub-query's numbers are its own
                return call.getKind().belongsTo(SqlKind.QUERY) ? call : super.visit(call);
            }
        });
    }

    private static boolean isInteger(SqlNode item) {
        if (item.getKind() == SqlKind.MINUS_PREFIX) item = ((SqlCall) item).operand(0);
        return item instanceof SqlNumericLiteral n && n.isInteger();
    }

    private static boolean isOrdinalRange(SqlNode item) {
        if (!(item instanceof SqlNumericLiteral n)) return false;
        BigDecimal v = n.bigDecimalValue();
        return v != null && v.signum() > 0 && v.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0;
    }

    /** 0: an ordinal Calcite's validator rejects as out of range, at the item's position. */
    private static SqlNode outOfRange(SqlParserPos pos) {
        return SqlLiteral.createExactNumeric("0", pos);
    }

    private static SqlNode constant(SqlNumericLiteral n) {
        SqlParserPos pos = n.getParserPosition();
        SqlTypeName type = n.isExact() ? SqlTypeName.DECIMAL : SqlTypeName.DOUBLE;
        SqlBasicTypeNameSpec spec = n.isExact() ? new SqlBasicTypeNameSpec(type, n.getPrec(), n.getScale(), pos)
                : new SqlBasicTypeNameSpec(type, pos);
        return SqlStdOperatorTable.CAST.createCall(pos, n, new SqlDataTypeSpec(spec, pos));
    }
}
