package io.ascan.e2e.sqllogic;

import io.ascan.e2e.DuckDbDialect;
import io.ascan.e2e.Failures;
import io.ascan.e2e.QueryFile;
import io.ascan.e2e.Result;
import io.ascan.e2e.ResultComparison;
import io.ascan.e2e.ScanModes;
import io.ascan.e2e.Workload;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs the records of a {@link SqlLogicFile} against a {@link Workload}: every query in the scan
 * modes of its record (all of {@link ScanModes} outside a {@code foreach mode}), compared with DuckDB's result and with the file's expected rows (which
 * DuckDB must match too, so a hand-written expectation is itself checked) and with its column
 * types; a query over EXPLAIN runs on ascan alone, its lines matched against patterns; a
 * {@code statement error} must fail with its SQLSTATE in every mode; {@code statement ok} runs on
 * both engines, so that they keep the same data. Collects every failure of the file.
 */
final class SqlLogicRunner implements AutoCloseable {
    private final Workload workload;
    private final Map<String, Connection> modes = new LinkedHashMap<>();

    SqlLogicRunner(Workload workload) {
        this.workload = workload;
    }

    /** The failures of the file, each naming file, line, mode and the difference; empty when it passes. */
    List<String> run(SqlLogicFile file) throws SQLException {
        List<String> failures = new ArrayList<>();
        for (SqlLogicFile.Record r : file.records()) {
            switch (r.kind()) {
                case QUERY -> query(file, r, failures);
                case STATEMENT_ERROR -> statementError(file, r, failures);
                case STATEMENT_OK -> statementOk(file, r, failures);
            }
        }
        return failures;
    }

    private void query(SqlLogicFile file, SqlLogicFile.Record r, List<String> failures) throws SQLException {
        if (r.explain()) {
            explain(file, r, failures);
            return;
        }
        String where = r.where(file.name());
        QueryFile query;
        try {
            query = QueryFile.parse(file.name(), "line " + r.line(), r.sql());
        } catch (IllegalArgumentException e) {
            failures.add(where + ": " + e.getMessage());
            return;
        }
        Result duckdb;
        try {
            duckdb = workload.runDuckDb(DuckDbDialect.rewrite(r.sql()));
        } catch (SQLException e) {
            failures.add(where + ": DuckDB (the reference) cannot run the query: " + Failures.clip(e.getMessage()) + "\n" + r.sql());
            return;
        }
        if (r.expected() != null) {
            String diff = ExpectedRows.difference(r.expected(), duckdb, query.ordered());
            if (diff != null) failures.add(where + ": DuckDB does not give the expected rows (check the file): " + diff + "\n" + r.sql());
        }
        if (r.types() != null) {
            String diff = ColumnTypes.difference(r.types(), duckdb);
            if (diff != null) failures.add(where + ": DuckDB's " + diff + " (check the file)\n" + r.sql());
        }
        // modes that fail the same way are reported once
        Map<String, List<String>> byFailure = new LinkedHashMap<>();
        for (String mode : r.modes()) {
            Result ascan;
            try {
                ascan = workload.runAscan(connection(mode), r.sql());
            } catch (Throwable e) { // an Error escaping the driver is a failure to report, not to die of
                byFailure.computeIfAbsent("ascan failed: " + Failures.describe(e), k -> new ArrayList<>()).add(mode);
                continue;
            }
            String diff = ResultComparison.compare(query, ascan, "ascan", duckdb, "duckdb");
            if (diff != null) byFailure.computeIfAbsent(diff, k -> new ArrayList<>()).add(mode);
            if (r.expected() != null) {
                diff = ExpectedRows.difference(r.expected(), ascan, query.ordered());
                if (diff != null) byFailure.computeIfAbsent("ascan does not give the expected rows: " + diff, k -> new ArrayList<>()).add(mode);
            }
            if (r.types() != null) {
                diff = ColumnTypes.difference(r.types(), ascan);
                if (diff != null) byFailure.computeIfAbsent("ascan's " + diff, k -> new ArrayList<>()).add(mode);
            }
        }
        byFailure.forEach((failure, inModes) -> failures.add(where + " mode=" + String.join(",", inModes) + ": " + failure + "\n" + r.sql()));
    }

    /** A query over EXPLAIN runs on ascan alone (DuckDB's plans are its own): its lines must match the patterns. */
    private void explain(SqlLogicFile file, SqlLogicFile.Record r, List<String> failures) {
        Map<String, List<String>> byFailure = new LinkedHashMap<>();
        for (String mode : r.modes()) {
            List<String> plan = new ArrayList<>();
            String failure;
            try (Statement s = connection(mode).createStatement(); ResultSet rs = s.executeQuery(r.sql())) {
                while (rs.next()) plan.add(rs.getString(1));
                failure = PlanPatterns.difference(r.expected(), plan);
            } catch (Throwable e) {
                failure = "ascan failed: " + Failures.describe(e);
            }
            if (failure != null) byFailure.computeIfAbsent(failure, k -> new ArrayList<>()).add(mode);
        }
        byFailure.forEach((failure, inModes) ->
                failures.add(r.where(file.name()) + " mode=" + String.join(",", inModes) + ": " + failure + "\n" + r.sql()));
    }

    private void statementError(SqlLogicFile file, SqlLogicFile.Record r, List<String> failures) throws SQLException {
        for (String mode : r.modes()) {
            String where = r.where(file.name()) + " mode=" + mode;
            try (Statement s = connection(mode).createStatement()) {
                drain(s, s.execute(r.sql()));
                failures.add(where + ": expected an error with SQLSTATE " + r.sqlState() + ", but the statement succeeded\n" + r.sql());
            } catch (SQLException e) {
                String state = e.getSQLState() == null ? "" : e.getSQLState();
                boolean stateMatches = r.sqlState().length() == 2 ? state.startsWith(r.sqlState()) : state.equals(r.sqlState());
                String message = e.getMessage() == null ? "" : e.getMessage();
                if (!stateMatches) {
                    failures.add(where + ": expected SQLSTATE " + r.sqlState() + ", got " + Failures.describe(e) + "\n" + r.sql());
                } else if (r.message() != null && !message.toLowerCase(Locale.ROOT).contains(r.message().toLowerCase(Locale.ROOT))) {
                    failures.add(where + ": the message does not contain '" + r.message() + "': " + Failures.clip(message) + "\n" + r.sql());
                }
            } catch (Throwable e) {
                failures.add(where + ": expected an SQLException with SQLSTATE " + r.sqlState() + ", got " + Failures.describe(e) + "\n" + r.sql());
            }
        }
    }

    private void statementOk(SqlLogicFile file, SqlLogicFile.Record r, List<String> failures) throws SQLException {
        try (Statement s = workload.ascan().createStatement()) {
            drain(s, s.execute(r.sql()));
        } catch (Throwable e) {
            failures.add(r.where(file.name()) + ": ascan failed: " + Failures.describe(e) + "\n" + r.sql());
        }
        try (Statement s = workload.duckdb().createStatement()) {
            s.execute(DuckDbDialect.rewrite(r.sql()));
        } catch (SQLException e) {
            failures.add(r.where(file.name()) + ": DuckDB failed: " + Failures.clip(e.getMessage()) + "\n" + r.sql());
        }
    }

    /** Reads a statement's result to its end: data errors (overflow, a bad cast) arise while rows are read. */
    private static void drain(Statement s, boolean hasResultSet) throws SQLException {
        if (!hasResultSet) return;
        try (ResultSet rs = s.getResultSet()) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) for (int c = 1; c <= columns; c++) rs.getObject(c);
        }
    }

    private Connection connection(String mode) throws SQLException {
        Connection c = modes.get(mode);
        if (c == null) {
            c = DriverManager.getConnection(workload.url(ScanModes.SETTINGS.get(mode)));
            modes.put(mode, c);
        }
        return c;
    }

    @Override
    public void close() throws SQLException {
        SQLException first = null;
        for (Connection c : modes.values()) {
            try {
                c.close();
            } catch (SQLException e) {
                if (first == null) first = e;
            }
        }
        modes.clear();
        if (first != null) throw first;
    }
}
