package io.ascan.e2e;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Every rewrite of a benchmark query for the DuckDB side, in one place. The ascan side always
 * runs the file as it is. Each rewrite is mechanical and keeps the meaning:
 *
 * <ul>
 *   <li>{@code TIMESTAMPDIFF(unit, a, b)} (Calcite, JDBC escape form) becomes
 *       {@code date_sub('unit', a, b)}: DuckDB's count of whole units from a to b, which is
 *       TIMESTAMPDIFF's definition. DuckDB has no TIMESTAMPDIFF.</li>
 *   <li>{@code TIMESTAMPADD(unit, n, d)} becomes {@code (d + INTERVAL (n) unit)} (a TIMESTAMP in
 *       DuckDB even for a DATE d: cast the result to compare).</li>
 *   <li>A window frame bound {@code 0 PRECEDING} or {@code 0 FOLLOWING} becomes {@code CURRENT ROW},
 *       which it means in ROWS, RANGE and GROUPS frames alike: DuckDB 2.0 answers
 *       {@code RANGE BETWEEN UNBOUNDED PRECEDING AND 0 PRECEDING} wrongly now and then (a count of 1
 *       or 4 of 42 peers in about one run of 20, single-threaded and unoptimized too, when the rows
 *       are partitioned or sorted for another window; window/fuzzer-shapes.test failed so).</li>
 * </ul>
 *
 * Everything else in the SSB, taxi and TPC-H files parses in both dialects with the same meaning
 * (EXTRACT(DOW) is Sunday = 0 on both sides; the TPC-H files were already written for both,
 * see their README).
 */
public final class DuckDbDialect {
    private DuckDbDialect() {}

    public static String rewrite(String sql) {
        return zeroOffsetBounds(timestampAdd(timestampDiff(sql)));
    }

    private static final Pattern ZERO_OFFSET = Pattern.compile("(?<![\\w.])0\\s+(PRECEDING|FOLLOWING)\\b", Pattern.CASE_INSENSITIVE);

    /** {@code 0 PRECEDING} and {@code 0 FOLLOWING} (outside string literals) to {@code CURRENT ROW}. */
    static String zeroOffsetBounds(String sql) {
        StringBuilder out = new StringBuilder();
        int from = 0;
        while (from < sql.length()) {
            int quote = sql.indexOf('\'', from);
            int end = quote < 0 ? sql.length() : quote;
            out.append(ZERO_OFFSET.matcher(sql.substring(from, end)).replaceAll("CURRENT ROW"));
            if (quote < 0) break;
            int close = sql.indexOf('\'', quote + 1); // '' inside a literal closes and reopens it: the same text
            close = close < 0 ? sql.length() - 1 : close;
            out.append(sql, quote, close + 1);
            from = close + 1;
        }
        return out.toString();
    }

    /** {@code TIMESTAMPADD(DAY, n, d)} to {@code (d + INTERVAL (n) DAY)}: DuckDB has no TIMESTAMPADD. */
    static String timestampAdd(String sql) {
        String upper = sql.toUpperCase(Locale.ROOT);
        StringBuilder out = new StringBuilder();
        int from = 0;
        while (true) {
            int at = upper.indexOf("TIMESTAMPADD", from);
            if (at < 0) break;
            int open = skipSpaces(sql, at + "TIMESTAMPADD".length());
            if (open >= sql.length() || sql.charAt(open) != '(') throw new IllegalArgumentException("TIMESTAMPADD without '(' in: " + sql);
            int close = matching(sql, open);
            List<String> args = splitTopLevel(sql.substring(open + 1, close));
            if (args.size() != 3) throw new IllegalArgumentException("TIMESTAMPADD needs 3 arguments: " + sql.substring(at, close + 1));
            out.append(sql, from, at).append("(").append(timestampAdd(args.get(2).trim())).append(" + INTERVAL (")
                    .append(timestampAdd(args.get(1).trim())).append(") ").append(args.get(0).trim()).append(')');
            from = close + 1;
        }
        return out.append(sql.substring(from)).toString();
    }

    /** {@code TIMESTAMPDIFF(SECOND, a, b)} to {@code date_sub('second', a, b)}, arguments may nest. */
    static String timestampDiff(String sql) {
        String upper = sql.toUpperCase(Locale.ROOT);
        StringBuilder out = new StringBuilder();
        int from = 0;
        while (true) {
            int at = upper.indexOf("TIMESTAMPDIFF", from);
            if (at < 0) break;
            int open = skipSpaces(sql, at + "TIMESTAMPDIFF".length());
            if (open >= sql.length() || sql.charAt(open) != '(') throw new IllegalArgumentException("TIMESTAMPDIFF without '(' in: " + sql);
            int close = matching(sql, open);
            List<String> args = splitTopLevel(sql.substring(open + 1, close));
            if (args.size() != 3) throw new IllegalArgumentException("TIMESTAMPDIFF needs 3 arguments: " + sql.substring(at, close + 1));
            out.append(sql, from, at)
                    .append("date_sub('").append(args.get(0).trim().toLowerCase(Locale.ROOT)).append("', ")
                    .append(timestampDiff(args.get(1).trim())).append(", ")
                    .append(timestampDiff(args.get(2).trim())).append(')');
            from = close + 1;
        }
        return out.append(sql.substring(from)).toString();
    }

    private static int skipSpaces(String s, int i) {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        return i;
    }

    private static int matching(String s, int open) {
        int depth = 0;
        boolean quoted = false;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'') quoted = !quoted;
            if (quoted) continue;
            if (c == '(') depth++;
            else if (c == ')' && --depth == 0) return i;
        }
        throw new IllegalArgumentException("unbalanced parentheses in: " + s);
    }

    private static List<String> splitTopLevel(String s) {
        List<String> parts = new ArrayList<>();
        int depth = 0, start = 0;
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'') quoted = !quoted;
            if (quoted) continue;
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if (c == ',' && depth == 0) {
                parts.add(s.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(s.substring(start));
        return parts;
    }
}
