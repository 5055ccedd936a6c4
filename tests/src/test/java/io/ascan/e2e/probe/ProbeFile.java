package io.ascan.e2e.probe;

import java.util.ArrayList;
import java.util.List;

/**
 * The statements of the DuckDB-user probe (docs/testing.md), each with the outcome it is expected
 * to have on ascan:
 *
 * <pre>
 * # a comment
 * ## a category
 * -- pass
 * SELECT ...;
 *
 * -- pass, unchecked: why the results are not compared
 * EXPLAIN SELECT ...;
 *
 * -- fail: why
 * SELECT ...
 *   FROM ...;
 * </pre>
 *
 * A statement runs from the line after its status to the first line that ends with {@code ;}.
 */
record ProbeFile(List<String> lines, List<Statement> statements) {
    /**
     * One statement: the 0-based index of its status line, its category, the SQL (without the
     * final {@code ;}), whether it is expected to pass, whether its results are compared, and the
     * status line's text after {@code pass, unchecked:} or {@code fail:}.
     */
    record Statement(int statusLine, String category, String sql, boolean pass, boolean checked, String reason) {
        String where() {
            return "statements.sql:" + (statusLine + 1);
        }
    }

    private static final String PASS = "-- pass";
    private static final String UNCHECKED = "-- pass, unchecked:";
    private static final String FAIL = "-- fail:";

    static ProbeFile parse(String text) {
        List<String> lines = text.lines().toList();
        List<Statement> statements = new ArrayList<>();
        String category = "(none)";
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("## ")) {
                category = line.substring(3).strip();
                continue;
            }
            if (!line.startsWith("-- ")) continue;
            boolean pass;
            boolean checked = true;
            String reason = "";
            if (line.startsWith(UNCHECKED)) {
                pass = true;
                checked = false;
                reason = line.substring(UNCHECKED.length()).strip();
            } else if (line.equals(PASS)) {
                pass = true;
            } else if (line.startsWith(FAIL)) {
                pass = false;
                reason = line.substring(FAIL.length()).strip();
            } else {
                throw new IllegalArgumentException("statements.sql:" + (i + 1) + ": a status is '-- pass', "
                        + "'-- pass, unchecked: why' or '-- fail: why', not: " + line);
            }
            int status = i;
            StringBuilder sql = new StringBuilder();
            while (true) {
                i++;
                if (i >= lines.size()) {
                    throw new IllegalArgumentException("statements.sql:" + (status + 1) + ": the statement has no final ';'");
                }
                String s = lines.get(i).stripTrailing();
                if (!sql.isEmpty()) sql.append('\n');
                if (s.endsWith(";")) {
                    sql.append(s, 0, s.length() - 1);
                    break;
                }
                sql.append(s);
            }
            statements.add(new Statement(status, category, sql.toString().strip(), pass, checked, reason));
        }
        return new ProbeFile(lines, List.copyOf(statements));
    }

    /** The file with the status line of each statement replaced by {@code status.get(i)}, where given. */
    String rewrite(java.util.Map<Integer, String> status) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) sb.append(status.getOrDefault(i, lines.get(i))).append('\n');
        return sb.toString();
    }
}
