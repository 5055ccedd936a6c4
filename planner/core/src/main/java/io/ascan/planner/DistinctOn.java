package io.ascan.planner;

import java.util.List;
import java.util.Set;

/**
 * DuckDB's and PostgreSQL's {@code SELECT DISTINCT ON (keys) list ... [ORDER BY order]}, which
 * Calcite's grammars lack: the first row of each group of equal keys in the ORDER BY's order,
 * rewritten as text before parsing into {@code SELECT list ... QUALIFY ROW_NUMBER() OVER
 * (PARTITION BY keys ORDER BY order) = 1 [ORDER BY order]}. Found from the statement's tokens
 * ({@link SqlTokens}: never inside a literal, a quoted name or a comment), each DISTINCT ON in turn;
 * a set operation's later branch has no ORDER BY of its own (any row of a group is first); one
 * whose keys or ORDER BY hold a bare ordinal ({@code ORDER BY 1}, which would order a window
 * by a constant) is left as written, for the parser to refuse.
 */
final class DistinctOn {
    /** The clauses that end a SELECT's body (where QUALIFY goes), at its own depth. */
    private static final Set<String> BODY_END = Set.of("ORDER", "LIMIT", "OFFSET", "FETCH", "UNION", "EXCEPT", "INTERSECT",
            "MINUS", ";", ")");
    private static final Set<String> ORDER_END = Set.of("LIMIT", "OFFSET", "FETCH", "UNION", "EXCEPT", "INTERSECT", "MINUS",
            ";", ")");

    private DistinctOn() {}

    static String rewrite(String sql) {
        if (!sql.toUpperCase(java.util.Locale.ROOT).contains("DISTINCT")) return sql;
        for (int guard = 0; guard < 100; guard++) {
            String next = once(sql);
            if (next.equals(sql)) return sql;
            sql = next;
        }
        return sql;
    }

    /** {@code sql} with its first rewritable DISTINCT ON rewritten, or itself. */
    private static String once(String sql) {
        List<int[]> tokens = SqlTokens.of(sql);
        for (int t = 0; t + 3 < tokens.size(); t++) {
            if (!SqlTokens.is(sql, tokens.get(t), "SELECT") || !SqlTokens.is(sql, tokens.get(t + 1), "DISTINCT")
                    || !SqlTokens.is(sql, tokens.get(t + 2), "ON") || !SqlTokens.is(sql, tokens.get(t + 3), "(")) {
                continue;
            }
            int close = closing(sql, tokens, t + 3);
            if (close < 0) return sql;
            String keys = sql.substring(tokens.get(t + 3)[1], tokens.get(close)[0]).strip();
            int bodyEnd = find(sql, tokens, close + 1, BODY_END);
            String order = "";
            if (bodyEnd < tokens.size() && SqlTokens.is(sql, tokens.get(bodyEnd), "ORDER") && !afterSetOperator(sql, tokens, t)) {
                int orderEnd = find(sql, tokens, bodyEnd + 2, ORDER_END);
                int end = orderEnd < tokens.size() ? tokens.get(orderEnd)[0] : sql.length();
                order = sql.substring(tokens.get(bodyEnd)[0], end).strip();
            }
            if (hasOrdinal(keys) || hasOrdinal(order.replaceFirst("(?i)^ORDER\\s+BY", ""))) continue;
            int at = bodyEnd < tokens.size() ? tokens.get(bodyEnd)[0] : sql.length();
            String body = sql.substring(tokens.get(close)[1], at).stripTrailing();
            String qualify = " QUALIFY ROW_NUMBER() OVER (PARTITION BY " + keys + (order.isEmpty() ? "" : " " + order) + ") = 1 ";
            return sql.substring(0, tokens.get(t + 1)[0]) + body.strip() + qualify + sql.substring(at);
        }
        return sql;
    }

    /** Whether the SELECT at {@code select} is a set operation's later branch: a trailing ORDER BY is the operation's. */
    private static boolean afterSetOperator(String sql, List<int[]> tokens, int select) {
        int depth = 0;
        for (int t = select - 1; t >= 0; t--) {
            String w = SqlTokens.upper(sql, tokens.get(t));
            if (w.equals(")")) depth++;
            else if (w.equals("(") && --depth < 0) return false;
            else if (depth == 0 && Set.of("UNION", "EXCEPT", "INTERSECT", "MINUS").contains(w)) return true;
        }
        return false;
    }

    /** The token closing the parenthesis at {@code open}, or -1. */
    private static int closing(String sql, List<int[]> tokens, int open) {
        int depth = 0;
        for (int t = open; t < tokens.size(); t++) {
            if (SqlTokens.is(sql, tokens.get(t), "(")) depth++;
            else if (SqlTokens.is(sql, tokens.get(t), ")") && --depth == 0) return t;
        }
        return -1;
    }

    /** The first token from {@code from} at depth 0 (relative) that is one of {@code words}, or the token count. */
    private static int find(String sql, List<int[]> tokens, int from, Set<String> words) {
        int depth = 0;
        for (int t = from; t < tokens.size(); t++) {
            String w = SqlTokens.upper(sql, tokens.get(t));
            if (depth == 0 && words.contains(w)) return t;
            if (w.equals("(")) depth++;
            else if (w.equals(")")) depth--;
        }
        return tokens.size();
    }

    /** Whether a comma-separated list has an item that is a bare integer (an ordinal). */
    private static boolean hasOrdinal(String list) {
        for (String item : list.split(",")) {
            if (item.strip().matches("(?i)[0-9]+(\\s+(ASC|DESC))?(\\s+NULLS\\s+(FIRST|LAST))?")) return true;
        }
        return false;
    }
}
