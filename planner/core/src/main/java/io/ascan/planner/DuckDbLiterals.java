package io.ascan.planner;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two literal forms of DuckDB that Calcite's grammar lacks, rewritten on the text before parsing
 * ({@link AscanParserImpl}): underscores between digits of a number ({@code 1_000_000}), and an
 * interval whose unit is inside the string ({@code INTERVAL '3 days'}, {@code INTERVAL '90 minutes'}),
 * which becomes {@code INTERVAL '3' DAY(p)} with the precision the value needs. Tokens are found by
 * {@link SqlTokens}, never inside a literal, a quoted name or a comment; positions after one move.
 */
final class DuckDbLiterals {
    private DuckDbLiterals() {}

    private static final Pattern NUMBER = Pattern.compile("[0-9]+(?:_[0-9]+)+");
    private static final Pattern INTERVAL = Pattern.compile(
            "'\\s*([+-]?[0-9]+)\\s*(year|month|day|hour|minute|second)s?\\s*'", Pattern.CASE_INSENSITIVE);
    private static final List<String> UNITS = List.of("YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND", "YEARS", "MONTHS",
            "DAYS", "HOURS", "MINUTES", "SECONDS");

    static String rewrite(String sql) {
        if (sql.indexOf('_') < 0 && !sql.toUpperCase(Locale.ROOT).contains("INTERVAL")) return sql;
        List<int[]> tokens = SqlTokens.of(sql);
        StringBuilder out = new StringBuilder(sql);
        for (int t = tokens.size() - 1; t >= 0; t--) {
            int[] token = tokens.get(t);
            String text = sql.substring(token[0], token[1]);
            if (NUMBER.matcher(text).matches()) {
                out.replace(token[0], token[1], text.replace("_", ""));
                continue;
            }
            if (t == 0 || !SqlTokens.is(sql, tokens.get(t - 1), "INTERVAL")) continue;
            Matcher m = INTERVAL.matcher(text);
            if (!m.matches()) continue;
            if (t + 1 < tokens.size() && UNITS.contains(SqlTokens.upper(sql, tokens.get(t + 1)))) continue; // INTERVAL '3' DAY
            String value = m.group(1), unit = m.group(2).toUpperCase(Locale.ROOT);
            int digits = value.replace("+", "").replace("-", "").length();
            out.replace(token[0], token[1], "'" + value + "' " + unit + (digits > 2 ? "(" + digits + ")" : ""));
        }
        return out.toString();
    }
}
