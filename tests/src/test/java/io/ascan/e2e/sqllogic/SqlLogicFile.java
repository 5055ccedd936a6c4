package io.ascan.e2e.sqllogic;

import java.util.ArrayList;
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
 * query
 * SELECT ...
 * ----
 * expected\trow
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
     * One record: its directive's line (1-based), the SQL, and for a query the expected rows
     * (tab-separated cells, {@code NULL} for null; null when the file gives none); for an error
     * the SQLSTATE (or its two-character class) and an optional message substring.
     */
    record Record(Kind kind, int line, String sql, List<List<String>> expected, String sqlState, String message) {
        String where(String file) {
            return file + ":" + line;
        }
    }

    static SqlLogicFile parse(String name, String text) {
        List<String> lines = text.lines().toList();
        String fixture = null;
        List<Record> records = new ArrayList<>();
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
                    records.add(record(name, directive, words, statement, expected));
                }
                default -> throw error(name, directive, "unknown directive '" + words[0]
                        + "' (expected fixture, query, statement ok, statement error)");
            }
        }
        if (fixture == null) throw error(name, 1, "no 'fixture' line");
        return new SqlLogicFile(name, fixture, List.copyOf(records));
    }

    private static Record record(String file, int line, String[] words, String sql, List<List<String>> expected) {
        if (words[0].equalsIgnoreCase("query")) return new Record(Kind.QUERY, line, sql, expected, null, null);
        if (expected != null) throw error(file, line, "only a query may have an expected result (----)");
        if (words.length == 2 && words[1].equalsIgnoreCase("ok")) return new Record(Kind.STATEMENT_OK, line, sql, null, null, null);
        if (words.length >= 3 && words[1].equalsIgnoreCase("error")) {
            String[] rest = words[2].split("\\s+", 2);
            if (!rest[0].matches("[0-9A-Z]{2}|[0-9A-Z]{5}")) {
                throw error(file, line, "statement error needs a SQLSTATE (5 characters, or a 2-character class), got '" + rest[0] + "'");
            }
            return new Record(Kind.STATEMENT_ERROR, line, sql, null, rest[0], rest.length > 1 ? rest[1].strip() : null);
        }
        throw error(file, line, "expected 'statement ok' or 'statement error SQLSTATE [substring]', got '" + String.join(" ", words) + "'");
    }

    private static IllegalArgumentException error(String file, int line, String message) {
        return new IllegalArgumentException(file + ":" + line + ": " + message);
    }
}
