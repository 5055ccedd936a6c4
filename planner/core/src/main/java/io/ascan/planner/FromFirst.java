package io.ascan.planner;

import java.util.List;
import java.util.Set;

/**
 * DuckDB's FROM-first statements, which neither of Calcite's grammars takes: {@code FROM t
 * [WHERE ...]} is {@code SELECT * FROM t [WHERE ...]}, and {@code FROM t SELECT list [WHERE ...]}
 * is {@code SELECT list FROM t [WHERE ...]}. Rewritten as text before parsing, from the
 * statement's tokens ({@link SqlTokens}: never inside a literal, a quoted name or a comment), at
 * the outermost level only. Error positions on the first line then count from the rewritten text.
 */
public final class FromFirst {
    /** Where a select list written after FROM ends: the clauses that follow it. */
    private static final Set<String> AFTER_LIST = Set.of("WHERE", "GROUP", "HAVING", "WINDOW", "QUALIFY", "ORDER", "LIMIT",
            "OFFSET", "FETCH", "UNION", "EXCEPT", "INTERSECT", "MINUS", ";");

    private FromFirst() {}

    /** {@code sql} as a SELECT-first statement, or {@code sql} itself when it does not start with FROM. */
    public static String rewrite(String sql) {
        if (!sql.toUpperCase(java.util.Locale.ROOT).contains("FROM")) return sql;
        List<int[]> tokens = SqlTokens.of(sql);
        if (tokens.isEmpty() || !SqlTokens.is(sql, tokens.get(0), "FROM")) return sql;
        int depth = 0, select = -1, listEnd = -1;
        for (int t = 1; t < tokens.size(); t++) {
            String token = SqlTokens.upper(sql, tokens.get(t));
            if (token.equals("(")) depth++;
            else if (token.equals(")")) depth--;
            else if (depth == 0 && select < 0 && token.equals("SELECT")) select = t;
            else if (depth == 0 && select >= 0 && AFTER_LIST.contains(token)) {
                listEnd = t;
                break;
            }
        }
        int from = tokens.get(0)[0];
        if (select < 0) return sql.substring(0, from) + "SELECT * " + sql.substring(from);
        int listStart = tokens.get(select)[0];
        int end = listEnd < 0 ? sql.length() : tokens.get(listEnd)[0];
        return sql.substring(0, from) + sql.substring(listStart, end).strip() + " " + sql.substring(from, listStart).strip()
                + " " + sql.substring(end);
    }
}
