package io.ascan.e2e.sqllogic;

import java.util.ArrayList;
import io.ascan.e2e.ScanModes;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A parsed SQL-logic test file (a DuckDB-like subset, see docs/testing.md): a fixture line and
 * records, each a directive line followed by SQL up to a blank line or {@code ----}.
 *
 * <pre>
 * # comment
 * fixture small
 *
 * query IT
 * SELECT ...
 * ----
 * expected\trow
 *
 * foreach mode direct pushdown
 * query
 * EXPLAIN SELECT ...
 * ----
 * &lt;REGEX&gt;:pattern
 * endloop
 *
 * statement error 22012 [message substring]
 * SELECT 1 / 0
 *
 * statement ok
 * ...
 * </pre>
 */
record SqlLogicFile(String name, String fixture, List<Record> records) {
    enum Kind { QUERY, STATEMENT_OK, STATEMENT_ERROR }

    /**
     * One record: its directive's line (1-based), the SQL, the scan modes it runs in, and for a
     * query its column types (one letter a column, see {@link ColumnTypes}; null when not given)
     * and the expected rows (tab-separated cells, {@code NULL} for null; null when the file gives
     * none); for an error the SQLSTATE (or its two-character class) and an optional message substring.
     */
    record Record(Kind kind, int line, String sql, List<String> modes, String types, List<List<String>> expected,
                  String sqlState, String message) {
        String where(String file) {
            return file + ":" + line;
        }

        /** A query over EXPLAIN: ascan's plan, matched against the expected lines as patterns. */
        boolean explain() {
            return kind == Kind.QUERY && sql.regionMatches(true, 0, "EXPLAIN", 0, 7);
        }
    }

    static SqlLogicFile parse(String name, String text) {
        List<String> lines = text.lines().toList();
        String fixture = null;
        List<Record> records = new ArrayList<>();
        List<String> allModes = List.copyOf(ScanModes.SETTINGS.keySet());
        List<String> modes = allModes;
        int loop = 0; // the line of the open foreach, 0 outside one
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i).strip();
            int directive = i + 1;
            i++;
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] words = line.split("\\s+", 3);
            switch (words[0].toLowerCase(Locale.ROOT)) {
                case "fixture" -> {
                    if (words.length != 2) throw error(name, directive, "fixture needs exactly one name: " + line);
                    fixture = words[1];
                }
                case "foreach" -> {
                    if (loop != 0) throw error(name, directive, "foreach inside the foreach of line " + loop + " (they do not nest)");
                    String[] list = line.split("\\s+");
                    if (list.length < 3 || !list[1].equals("mode")) {
                        throw error(name, directive, "expected 'foreach mode M...' (M among " + allModes + "), got '" + line + "'");
                    }
                    List<String> chosen = Arrays.asList(list).subList(2, list.length);
                    for (String m : chosen) {
                        if (!allModes.contains(m)) throw error(name, directive, "unknown mode '" + m + "' (there are " + allModes + ")");
                    }
                    modes = List.copyOf(chosen);
                    loop = directive;
                }
                case "endloop" -> {
                    if (loop == 0) throw error(name, directive, "endloop without foreach");
                    modes = allModes;
                    loop = 0;
                }
                case "query", "statement" -> {
                    if (fixture == null) throw error(name, directive, "a 'fixture' line must come before the first record");
                    StringBuilder sql = new StringBuilder();
                    while (i < lines.size() && !lines.get(i).isBlank() && !lines.get(i).strip().equals("----")) {
                        sql.append(lines.get(i)).append('\n');
                        i++;
                    }
                    String statement = sql.toString().strip();
                    if (statement.endsWith(";")) statement = statement.substring(0, statement.length() - 1);
                    if (statement.isEmpty()) throw error(name, directive, "'" + line + "' is not followed by SQL");
                    List<List<String>> expected = null;
                    if (i < lines.size() && lines.get(i).strip().equals("----")) {
                        i++;
                        expected = new ArrayList<>();
                        while (i < lines.size() && !(lines.get(i).isBlank() && lines.get(i).indexOf('\t') < 0)) {
                            expected.add(Arrays.asList(lines.get(i).split("\t", -1)));
                            i++;
                        }
                    }
                    records.add(record(name, directive, words, statement, modes, expected));
                }
                default -> throw error(name, directive, "unknown directive '" + words[0]
                        + "' (expected fixture, query, statement ok, statement error, foreach mode, endloop)");
            }
        }
        if (loop != 0) throw error(name, loop, "foreach without endloop");
        if (fixture == null) throw error(name, 1, "no 'fixture' line");
        return new SqlLogicFile(name, fixture, List.copyOf(records));
    }

    private static Record record(String file, int line, String[] words, String sql, List<String> modes,
                                 List<List<String>> expected) {
        if (words[0].equalsIgnoreCase("query")) {
            if (words.length > 2) throw error(file, line, "expected 'query [TYPES]', got '" + String.join(" ", words) + "'");
            String types = words.length == 2 ? words[1] : null;
            if (types != null && !ColumnTypes.valid(types)) {
                throw error(file, line, "column types are letters among " + ColumnTypes.LETTERS + ", got '" + types + "'");
            }
            Record r = new Record(Kind.QUERY, line, sql, modes, types, expected, null, null);
            if (r.explain() && (expected == null || types != null)) {
                throw error(file, line, "a query over EXPLAIN needs expected lines (patterns) after ----, and no column types");
            }
            return r;
        }
        if (expected != null) throw error(file, line, "only a query may have an expected result (----)");
        if (words.length == 2 && words[1].equalsIgnoreCase("ok")) return new Record(Kind.STATEMENT_OK, line, sql, modes, null, null, null, null);
        if (words.length >= 3 && words[1].equalsIgnoreCase("error")) {
            String[] rest = words[2].split("\\s+", 2);
            if (!rest[0].matches("[0-9A-Z]{2}|[0-9A-Z]{5}")) {
                throw error(file, line, "statement error needs a SQLSTATE (5 characters, or a 2-character class), got '" + rest[0] + "'");
            }
            return new Record(Kind.STATEMENT_ERROR, line, sql, modes, null, null, rest[0], rest.length > 1 ? rest[1].strip() : null);
        }
        throw error(file, line, "expected 'statement ok' or 'statement error SQLSTATE [substring]', got '" + String.join(" ", words) + "'");
    }

    private static IllegalArgumentException error(String file, int line, String message) {
        return new IllegalArgumentException(file + ":" + line + ": " + message);
    }
}
