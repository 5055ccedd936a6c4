package io.ascan.planner;

import io.ascan.exec.SqlStates;

/**
 * Refuses {@code //} outside literals and comments. Calcite's parser reads it as the start of a
 * line comment, so DuckDB's integer division {@code SELECT 7 // 2} would silently become
 * {@code SELECT 7}: a wrong answer without an error. Refusing it costs the {@code //} comment
 * style, which neither DuckDB nor PostgreSQL has.
 */
final class DoubleSlash {
    private DoubleSlash() {}

    static void refuse(String sql) throws PlanningException {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            char next = i + 1 < sql.length() ? sql.charAt(i + 1) : 0;
            if (c == '\n') {
                line++;
                lineStart = i + 1;
            } else if (c == '\'' || c == '"') {
                i = closing(sql, i, c);
            } else if (c == '-' && next == '-') {
                int end = sql.indexOf('\n', i);
                i = (end < 0 ? sql.length() : end) - 1;
            } else if (c == '/' && next == '*') {
                int end = sql.indexOf("*/", i + 2);
                int stop = end < 0 ? sql.length() : end + 2;
                for (int j = i; j < stop; j++) {
                    if (sql.charAt(j) == '\n') {
                        line++;
                        lineStart = j + 1;
                    }
                }
                i = stop - 1;
            } else if (c == '/' && next == '/') {
                throw new PlanningException("'//' is not an operator in ascan: Calcite's parser would read it as a comment "
                        + "and drop the rest of the line; for integer division divide integers with '/' (7 / 2 is 3), "
                        + "see docs/sql.md", line, i - lineStart + 1, null, SqlStates.SYNTAX);
            }
        }
    }

    /** The index of the quote closing the literal or identifier opened at {@code open} (doubled quotes escape). */
    private static int closing(String sql, int open, char quote) {
        for (int i = open + 1; i < sql.length(); i++) {
            if (sql.charAt(i) != quote) continue;
            if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) i++;
            else return i;
        }
        return sql.length();
    }
}
