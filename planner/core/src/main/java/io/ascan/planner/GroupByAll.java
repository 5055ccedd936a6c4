package io.ascan.planner;

import io.ascan.exec.SqlStates;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlNameMatchers;

/**
 * DuckDB's {@code GROUP BY ALL}: grouped by every select item that holds no aggregate (or
 * window) call. Neither of Calcite's grammars takes it (ALL there is the standard's quantifier,
 * followed by grouping elements), so {@link #mark} first replaces that {@code ALL}, found by
 * scanning the text's tokens (never inside a literal, a quoted name or a comment), by a quoted
 * name of the same length that no one writes, and {@link #expand} replaces a GROUP BY of that name at
 * that position by the ordinals of the select items. An {@code ALL} followed by a grouping
 * element keeps the standard's meaning.
 */
public final class GroupByAll {
    /** A quoted name of one control character, which no one writes: ALL's length, so positions stay. */
    private static final String NAME = "\u0001";
    private static final String MARK = '"' + NAME + '"';
    /** What may follow GROUP BY ALL: the end, or the start of the clause after GROUP BY. */
    private static final Set<String> FOLLOWERS = Set.of("HAVING", "ORDER", "LIMIT", "OFFSET", "WINDOW", "QUALIFY", "UNION",
            "EXCEPT", "INTERSECT", "MINUS", "FETCH", ")", ";");

    private GroupByAll() {}

    /** {@code sql} with each GROUP BY ALL's ALL replaced by the mark (the same length: positions stay). */
    public static String mark(String sql) {
        if (!sql.toUpperCase(Locale.ROOT).contains("ALL")) return sql;
        List<int[]> tokens = SqlTokens.of(sql);
        StringBuilder out = null;
        for (int t = 0; t + 2 < tokens.size(); t++) {
            if (!SqlTokens.is(sql, tokens.get(t), "GROUP") || !SqlTokens.is(sql, tokens.get(t + 1), "BY")
                    || !SqlTokens.is(sql, tokens.get(t + 2), "ALL")) {
                continue;
            }
            boolean last = t + 3 == tokens.size();
            if (!last && !FOLLOWERS.contains(SqlTokens.upper(sql, tokens.get(t + 3)))) continue;
            if (out == null) out = new StringBuilder(sql);
            int[] all = tokens.get(t + 2);
            out.replace(all[0], all[1], MARK);
        }
        return out == null ? sql : out.toString();
    }

    /** Replaces each marked GROUP BY of {@code statement} by the ordinals of its select's non-aggregate items. */
    static void expand(SqlNode statement) throws PlanningException {
        PlanningException[] failure = {null};
        statement.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlSelect select && marked(select.getGroup())) {
                    try {
                        select.setGroupBy(ordinals(select));
                    } catch (PlanningException e) {
                        if (failure[0] == null) failure[0] = e;
                    }
                }
                return super.visit(call);
            }
        });
        if (failure[0] != null) throw failure[0];
    }

    private static boolean marked(SqlNodeList group) {
        return group != null && group.size() == 1 && group.get(0) instanceof SqlIdentifier id && id.isSimple()
                && id.getSimple().equals(NAME) && id.isComponentQuoted(0);
    }

    private static SqlNodeList ordinals(SqlSelect select) throws PlanningException {
        SqlParserPos pos = select.getGroup().getParserPosition();
        SqlNodeList keys = new SqlNodeList(pos);
        List<SqlNode> items = select.getSelectList().getList();
        for (int i = 0; i < items.size(); i++) {
            SqlNode item = items.get(i);
            if (item instanceof SqlIdentifier id && id.isStar()) {
                throw new PlanningException("GROUP BY ALL over SELECT * is not supported: name the columns", pos.getLineNum(),
                        pos.getColumnNum(), null, SqlStates.FEATURE_NOT_SUPPORTED);
            }
            if (!aggregates(item)) keys.add(SqlLiteral.createExactNumeric(Integer.toString(i + 1), pos));
        }
        return keys.isEmpty() ? null : keys;
    }

    /** Whether {@code item} calls an aggregate or window function (outside sub-queries). */
    private static boolean aggregates(SqlNode item) {
        boolean[] found = {false};
        item.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlSelect || call.getKind() == SqlKind.OVER || isAggregate(call.getOperator())) {
                    if (!(call instanceof SqlSelect)) found[0] = true;
                    return null;
                }
                return super.visit(call);
            }
        });
        return found[0];
    }

    private static boolean isAggregate(SqlOperator op) {
        if (op.isAggregator()) return true;
        if (!(op instanceof SqlUnresolvedFunction f)) return false;
        List<SqlOperator> found = new ArrayList<>();
        AscanOperatorTable.INSTANCE.lookupOperatorOverloads(f.getNameAsId(), null, SqlSyntax.FUNCTION, found,
                SqlNameMatchers.withCaseSensitive(false));
        return found.stream().anyMatch(SqlOperator::isAggregator);
    }

}
