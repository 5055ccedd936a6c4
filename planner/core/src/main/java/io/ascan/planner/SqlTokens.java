package io.ascan.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The tokens of SQL text, for the few DuckDB forms that are recognised before parsing
 * ({@link GroupByAll}, {@link FromFirst}, {@link AscanParserImpl}): a keyword is only ever found as a whole token, never
 * inside a literal, a quoted name or a comment.
 */
final class SqlTokens {
    private SqlTokens() {}

    /** Whether {@code token} of {@code sql} is the word {@code word} (any case). */
    static boolean is(String sql, int[] token, String word) {
        return token[1] - token[0] == word.length() && sql.regionMatches(true, token[0], word, 0, word.length());
    }

    /** The text of {@code token}, upper-cased. */
    static String upper(String sql, int[] token) {
        return sql.substring(token[0], token[1]).toUpperCase(Locale.ROOT);
    }

    /**
     * The tokens of {@code sql} as [start, end) ranges: words, quoted literals and names (one
     * token each) and single other characters; comments and blanks are skipped.
     */
    static List<int[]> of(String sql) {
        List<int[]> tokens = new ArrayList<>();
        int i = 0, n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            char next = i + 1 < n ? sql.charAt(i + 1) : 0;
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && next == '-') {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? n : end + 1;
            } else if (c == '/' && next == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (c == '\'' || c == '"') {
                int end = closing(sql, i, c);
                tokens.add(new int[] {i, Math.min(n, end + 1)});
                i = end + 1;
            } else if (Character.isLetterOrDigit(c) || c == '_' || c == '$') {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_' || sql.charAt(i) == '$')) i++;
                tokens.add(new int[] {start, i});
            } else {
                tokens.add(new int[] {i, i + 1});
                i++;
            }
        }
        return tokens;
    }

    /** The index of the quote closing the literal or name opened at {@code open} (doubled quotes escape). */
    private static int closing(String sql, int open, char quote) {
        for (int i = open + 1; i < sql.length(); i++) {
            if (sql.charAt(i) != quote) continue;
            if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) i++;
            else return i;
        }
        return sql.length();
    }
}
