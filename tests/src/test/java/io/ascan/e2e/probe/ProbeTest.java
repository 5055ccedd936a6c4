package io.ascan.e2e.probe;

import static org.junit.jupiter.api.Assertions.fail;

import io.ascan.e2e.Failures;
import io.ascan.e2e.QueryFile;
import io.ascan.e2e.Result;
import io.ascan.e2e.ResultComparison;
import io.ascan.e2e.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DuckDB-user probe: the everyday statements of {@code probe/statements.sql} (what an analyst
 * used to DuckDB types), run in order on ascan and on DuckDB over the small fixture, results
 * compared where both succeed (in order only under ORDER BY). Each statement's expected outcome is
 * in the file; the test fails when a statement marked {@code pass} fails and when one marked
 * {@code fail} passes, so the file stays honest. It prints the pass count per category.
 * {@code -Dprobe.update=true} rewrites the status lines from the outcomes instead (a new failure
 * gets ascan's message as its reason; review the diff). In the SQL, {@code ${data}} is a directory
 * of input files (CSV, Parquet) both engines read, {@code ${out}} a directory of each engine's own.
 */
class ProbeTest {
    private static final String RESOURCE = "probe/statements.sql";
    private static final boolean UPDATE = Boolean.getBoolean("probe.update");

    @TempDir Path scratch;

    @Test
    void statements() throws Exception {
        ProbeFile file = ProbeFile.parse(Files.readString(source()));
        Path data = Files.createDirectories(scratch.resolve("data"));
        List<Outcome> outcomes = new ArrayList<>();
        try (Workload w = Workload.small(scratch)) {
            writeFiles(w.duckdb(), data);
            Path ascanOut = Files.createDirectories(scratch.resolve("out-ascan"));
            Path duckOut = Files.createDirectories(scratch.resolve("out-duckdb"));
            for (ProbeFile.Statement s : file.statements()) {
                outcomes.add(run(w, s, data, ascanOut, duckOut));
            }
        }
        report(file, outcomes);
    }

    /** What a statement did: passed, or failed with a description (ascan's error or the difference). */
    private record Outcome(ProbeFile.Statement statement, String failure, String duckdbFailure) {
        boolean passed() {
            return failure == null && duckdbFailure == null;
        }
    }

    private Outcome run(Workload w, ProbeFile.Statement s, Path data, Path ascanOut, Path duckOut) {
        String duckSql = substitute(s.sql(), data, duckOut);
        String ascanSql = substitute(s.sql(), data, ascanOut);
        Result duck;
        try {
            duck = execute(w.duckdb(), duckSql);
        } catch (SQLException e) {
            return new Outcome(s, null, "DuckDB cannot run it (the probe holds DuckDB statements): "
                    + Failures.clip(e.getMessage()));
        }
        Result ascan;
        try {
            ascan = execute(w.ascan(), ascanSql);
        } catch (Throwable e) { // an Error escaping the driver is an outcome to report, not to die of
            String message = firstLine(e instanceof SQLException q ? "[" + q.getSQLState() + "] " + q.getMessage() : Failures.describe(e));
            // the file records the placeholders, not this run's directories
            return new Outcome(s, message.replace(data.toString(), "${data}").replace(ascanOut.toString(), "${out}"), null);
        }
        if (!s.checked() || ascan == null && duck == null) return new Outcome(s, null, null);
        if (ascan == null || duck == null) {
            return new Outcome(s, (ascan == null ? "ascan" : "DuckDB") + " gave no result set, the other did", null);
        }
        String diff;
        try {
            diff = ResultComparison.compare(query(s), ascan, "ascan", duck, "duckdb");
        } catch (IllegalArgumentException e) { // an ORDER BY key that is no output column: ties cannot be grouped
            diff = ResultComparison.compare(unordered(s), ascan, "ascan", duck, "duckdb");
        }
        return new Outcome(s, diff == null ? null : "wrong result: " + diff, null);
    }

    /** The statement's ORDER BY for the comparison; a statement Calcite's parser does not read compares as a multiset. */
    private static QueryFile query(ProbeFile.Statement s) {
        try {
            return QueryFile.parse("probe", "statement", s.sql());
        } catch (RuntimeException e) {
            return unordered(s);
        }
    }

    private static QueryFile unordered(ProbeFile.Statement s) {
        return new QueryFile("probe", "statement", s.sql(), List.of(), null);
    }

    /** Runs one statement: its rows when it gives a result set, else null. */
    private static Result execute(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            if (!st.execute(sql)) return null;
            try (ResultSet rs = st.getResultSet()) {
                return Result.read(rs);
            }
        }
    }

    private static String substitute(String sql, Path data, Path out) {
        return sql.replace("${data}", data.toString()).replace("${out}", out.toString());
    }

    /** The input files of the file-reading statements, written by DuckDB. */
    private static void writeFiles(Connection duck, Path data) throws SQLException {
        try (Statement s = duck.createStatement()) {
            String people = "SELECT range::INTEGER AS id, 'name' || range AS name, (range % 4)::INTEGER AS dept,"
                    + " (1000 + range * 37 % 500)::DOUBLE AS salary, DATE '2020-01-01' + (range * 11)::INTEGER AS hired"
                    + " FROM range(1, 101)";
            s.execute("COPY (" + people + ") TO '" + data.resolve("people.csv") + "' (HEADER, DELIMITER ',')");
            s.execute("COPY (" + people + ") TO '" + data.resolve("people.parquet") + "' (FORMAT parquet)");
            s.execute("COPY (SELECT range::INTEGER AS id, 'x;' || range AS s FROM range(1, 11)) TO '"
                    + data.resolve("semi.csv") + "' (HEADER, DELIMITER ';', QUOTE '\"')");
            for (int p = 0; p < 3; p++) {
                s.execute("COPY (SELECT range::INTEGER AS id, (range % 5)::INTEGER AS g FROM range(" + p * 10 + ", "
                        + (p + 1) * 10 + ")) TO '" + data.resolve("part" + p + ".parquet") + "' (FORMAT parquet)");
            }
        }
    }

    private void report(ProbeFile file, List<Outcome> outcomes) throws IOException {
        int passed = 0;
        Map<String, int[]> byCategory = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        Map<Integer, String> status = new HashMap<>();
        for (Outcome o : outcomes) {
            ProbeFile.Statement s = o.statement();
            int[] c = byCategory.computeIfAbsent(s.category(), k -> new int[2]);
            c[1]++;
            if (o.passed()) {
                passed++;
                c[0]++;
            }
            if (o.duckdbFailure() != null) {
                problems.add(s.where() + ": " + o.duckdbFailure() + "\n" + s.sql());
            } else if (s.pass() && !o.passed()) {
                problems.add(s.where() + ": marked pass, but " + o.failure() + "\n" + s.sql());
                status.put(s.statusLine(), "-- fail: " + clip(o.failure()));
            } else if (!s.pass() && o.passed()) {
                problems.add(s.where() + ": marked fail (" + s.reason() + "), but it passes now: mark it pass\n" + s.sql());
                status.put(s.statusLine(), "-- pass");
            } else if (!s.pass() && generated(s.reason()) && !s.reason().equals(clip(o.failure()))) {
                status.put(s.statusLine(), "-- fail: " + clip(o.failure())); // an update refreshes ascan's message, not a written reason
            }
        }
        StringBuilder summary = new StringBuilder("probe: " + passed + " of " + outcomes.size()
                + " DuckDB statements pass on ascan\n");
        byCategory.forEach((k, c) -> summary.append(String.format(Locale.ROOT, "  %-28s %3d / %3d%n", k, c[0], c[1])));
        System.out.print(summary);
        if (UPDATE && !status.isEmpty()) {
            Files.writeString(source(), file.rewrite(status));
            System.out.println("probe: rewrote " + status.size() + " status line(s) of " + source());
            problems.removeIf(p -> !p.contains("DuckDB cannot run it"));
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " statement(s) of the probe do not have their expected outcome (rerun with "
                    + "-Dprobe.update=true to rewrite the status lines, then review the diff):\n\n"
                    + String.join("\n\n", problems) + "\n\n" + summary);
        }
    }

    /** A reason the update wrote: ascan's error (it starts with its SQLSTATE) or the comparison's first line. */
    private static boolean generated(String reason) {
        return reason.startsWith("[") || reason.startsWith("wrong result:");
    }

    private static String firstLine(String message) {
        if (message == null) return "(no message)";
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    private static String clip(String s) {
        String one = firstLine(s).strip();
        return one.length() <= 160 ? one : one.substring(0, 160) + "...";
    }

    /** The file in the source tree (an update lands where it is committed); the build runs tests from the module's directory. */
    private static Path source() {
        return Path.of(System.getProperty("basedir", "."), "src", "test", "resources", RESOURCE);
    }
}
