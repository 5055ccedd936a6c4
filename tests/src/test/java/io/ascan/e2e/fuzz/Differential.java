package io.ascan.e2e.fuzz;

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
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** Runs one query on DuckDB and on ascan in a scan mode, and classifies what happened. */
final class Differential implements AutoCloseable {
    /** A query of the small fixture that runs this long has gone wrong. */
    private static final int TIMEOUT_SECONDS = 30;

    enum Outcome {
        MATCH,
        WRONG_ANSWER,
        /** An exception that is not a clean SQLException for a user error, or ascan failing where DuckDB answers. */
        ASCAN_INTERNAL_ERROR,
        /** Both engines reject the query: fine (the signature is ascan's error's and DuckDB's error class). */
        BOTH_ERROR,
        /**
         * DuckDB raises a data error (an overflow, a failed conversion, a division by zero) where
         * ascan answers, and ascan's answer is DuckDB's with each failing value NULL instead, or
         * zero ({@link Ast.OnError}): ascan did not need the failing value. Legitimate: SQL
         * leaves the order of evaluation open and lets an engine skip what the result does not
         * depend on (a conjunct after one that is FALSE, a subquery over an empty input, a
         * constant's cast on a join side that is empty, SUM(x) IS NOT NULL for a NOT NULL x).
         * Counted, not a failure. When the answers differ, ascan may have used a value that wrapped
         * around or was rounded: a {@link #WRONG_ANSWER}.
         */
        DUCKDB_ONLY_DATA_ERROR,
        /** DuckDB rejects at bind time what ascan accepts (DuckDB's binder is stricter): skipped. */
        DUCKDB_STRICTER,
        /**
         * DuckDB rejects what ascan answers for another reason, or its data error or internal error
         * could not be checked (the query with failing values NULL, or its unoptimized plan, fails too): skipped.
         */
        DUCKDB_ONLY_ERROR,
        /**
         * ascan raises a data error (overflow, value out of range) where DuckDB answers. Legitimate:
         * Calcite types SUM of an INTEGER as INTEGER and keeps DECIMALs within 18 digits where
         * DuckDB widens to HUGEINT and DECIMAL(38); DuckDB types an integer literal's arithmetic
         * wider ({@code 2147483647 + 7}) and CHAR_LENGTH as BIGINT, where ascan keeps INTEGER (the
         * standard leaves these precisions to the implementation); and SQL leaves the evaluation order open, so
         * DuckDB may filter a row out before it would evaluate the failing CAST (or never evaluate
         * a failing constant). Counted, not a failure.
         */
        ASCAN_ONLY_DATA_ERROR,
        /** A failure {@link KnownOpen} lists by its signature: reported, not a failure (until its fix lands). */
        KNOWN_OPEN,
        /**
         * ascan disagrees with DuckDB, but DuckDB with its optimizer off disagrees with DuckDB too
         * and agrees with ascan: a bug of DuckDB's optimizer, reported, not a failure of ascan. Or
         * DuckDB fails internally, and its unoptimized plan answers as ascan does.
         */
        ORACLE_BUG;

        boolean failure() {
            return this == WRONG_ANSWER || this == ASCAN_INTERNAL_ERROR;
        }

        /** Only one engine answers: worth keeping the class and message of, to see that the other is right to fail. */
        boolean oneEngineAnswers() {
            return this == DUCKDB_ONLY_DATA_ERROR || this == DUCKDB_STRICTER || this == DUCKDB_ONLY_ERROR || this == ASCAN_ONLY_DATA_ERROR;
        }
    }

    /** The outcome, a signature telling failures of one kind apart (for the reducer), and the details. */
    record Verdict(Outcome outcome, String signature, String detail) {}

    private final Workload workload;
    private final Map<String, Connection> modes = new LinkedHashMap<>();

    Differential(Workload workload) {
        this.workload = workload;
    }

    /** {@link #run(String, Ast.Select, String)} of the query's SQL. */
    Verdict run(Ast.Select query, String mode) throws SQLException {
        return run(query.sql(), query, mode);
    }

    /**
     * Runs {@code sql} on both engines; where DuckDB alone fails with a data error, checks ascan's
     * answer against DuckDB's to {@code query} (null: none) with the failing values NULL or zero.
     */
    Verdict run(String sql, Ast.Select query, String mode) throws SQLException {
        Result duckdb = null;
        SQLException duckError = null;
        try {
            duckdb = workload.runDuckDb(DuckDbDialect.rewrite(sql));
        } catch (SQLException e) {
            duckError = e;
        }
        Result ascan = null;
        Throwable ascanError = null;
        try (Statement s = connection(mode).createStatement()) {
            s.setQueryTimeout(TIMEOUT_SECONDS);
            try (ResultSet rs = s.executeQuery(sql)) {
                ascan = Result.read(rs);
            }
        } catch (Throwable e) { // Errors escaping the driver are findings, not reasons to stop
            ascanError = e;
        }
        if (ascanError != null) {
            String signature = signature(ascanError);
            if (KnownOpen.bySignature(signature) != null) return new Verdict(Outcome.KNOWN_OPEN, signature, Failures.describe(ascanError));
            if (bug(ascanError)) return new Verdict(Outcome.ASCAN_INTERNAL_ERROR, signature, Failures.describe(ascanError));
            if (duckError != null) {
                return new Verdict(Outcome.BOTH_ERROR, signature + " / " + duckDbErrorClass(duckError),
                        Failures.describe(ascanError) + "; duckdb: " + Failures.clip(duckError.getMessage()));
            }
            if (dataError(ascanError)) {
                return new Verdict(Outcome.ASCAN_ONLY_DATA_ERROR, signature, Failures.describe(ascanError));
            }
            return new Verdict(Outcome.ASCAN_INTERNAL_ERROR, signature, "ascan fails where DuckDB answers: " + Failures.describe(ascanError));
        }
        QueryFile file = QueryFile.parse("fuzz", "query", sql);
        if (duckError != null && duckDbErrorClass(duckError).equals("duckdb INTERNAL")) return duckDbInternalError(file, ascan, duckError, sql);
        if (duckError != null) return duckDbOnlyError(file, ascan, duckError, query);
        String diff = ResultComparison.compare(file, ascan, "ascan mode=" + mode, duckdb, "duckdb");
        if (diff == null) return new Verdict(Outcome.MATCH, "", "");
        return mismatch(file, ascan, duckdb, () -> unoptimizedAnswers(sql, query));
    }

    /**
     * DuckDB's answers with its optimizer off: to {@code sql}, or, where that fails with a data
     * error (the optimizer had removed the failing expression, which ascan need not evaluate
     * either), to {@code query} with the failing values NULL and with them zero.
     */
    private List<Result> unoptimizedAnswers(String sql, Ast.Select query) {
        try {
            return List.of(workload.runDuckDbUnoptimized(DuckDbDialect.rewrite(sql)));
        } catch (SQLException e) {
            if (query == null || !DUCKDB_DATA_ERRORS.contains(duckDbErrorClass(e))) return List.of();
        }
        List<Result> answers = new ArrayList<>();
        for (Ast.OnError onError : List.of(Ast.OnError.NULL, Ast.OnError.ZERO)) {
            try {
                answers.add(workload.runDuckDbUnoptimized(DuckDbDialect.rewrite(query.sql(onError))));
            } catch (SQLException ignored) {
                // no answer with these values either
            }
        }
        return answers;
    }

    /** DuckDB's error classes that say a value failed (an overflow, a conversion, a division by zero), not the query. */
    private static final Set<String> DUCKDB_DATA_ERRORS = Set.of("duckdb Out of Range", "duckdb Conversion", "duckdb Invalid Input");
    /** DuckDB's error classes that reject the query before it runs. */
    private static final Set<String> DUCKDB_BIND_ERRORS = Set.of("duckdb Binder", "duckdb Parser", "duckdb Catalog", "duckdb Not implemented");

    /**
     * The verdict on a query DuckDB rejects and ascan answers: for a data error, whether ascan's
     * answer is DuckDB's to {@code query} with the failing values NULL or zero; neither is a wrong
     * answer (ascan may have used a value that wrapped around); else the error's class.
     */
    Verdict duckDbOnlyError(QueryFile file, Result ascan, SQLException duckError, Ast.Select query) {
        String errorClass = duckDbErrorClass(duckError);
        String message = Failures.clip(duckError.getMessage());
        if (DUCKDB_BIND_ERRORS.contains(errorClass)) return new Verdict(Outcome.DUCKDB_STRICTER, errorClass, message);
        if (!DUCKDB_DATA_ERRORS.contains(errorClass) || query == null) return new Verdict(Outcome.DUCKDB_ONLY_ERROR, errorClass, message);
        StringBuilder diffs = new StringBuilder();
        for (Ast.OnError onError : List.of(Ast.OnError.NULL, Ast.OnError.ZERO)) {
            String label = "duckdb with failing values " + onError;
            try {
                String diff = ResultComparison.compare(file, ascan, "ascan", workload.runDuckDb(DuckDbDialect.rewrite(query.sql(onError))), label);
                if (diff == null) return new Verdict(Outcome.DUCKDB_ONLY_DATA_ERROR, errorClass, message);
                diffs.append('\n').append(diff);
            } catch (SQLException e) {
                return new Verdict(Outcome.DUCKDB_ONLY_ERROR, errorClass, message + "; " + label + ": " + Failures.clip(e.getMessage()));
            }
        }
        return new Verdict(Outcome.WRONG_ANSWER, "answer where duckdb fails: " + errorClass, message + diffs);
    }

    /**
     * The verdict on a query that fails inside DuckDB (its "INTERNAL Error", a bug) and that ascan
     * answers: DuckDB's bug when its unoptimized plan answers as ascan does, a wrong answer when
     * that answer differs, unchecked when it fails too.
     */
    private Verdict duckDbInternalError(QueryFile file, Result ascan, SQLException duckError, String sql) {
        String message = Failures.clip(duckError.getMessage());
        Result unoptimized;
        try {
            unoptimized = workload.runDuckDbUnoptimized(DuckDbDialect.rewrite(sql));
        } catch (SQLException e) {
            return new Verdict(Outcome.DUCKDB_ONLY_ERROR, "duckdb INTERNAL", message);
        }
        String diff = ResultComparison.compare(file, ascan, "ascan", unoptimized, "duckdb unoptimized");
        return diff == null ? new Verdict(Outcome.ORACLE_BUG, "duckdb internal error", message)
                : new Verdict(Outcome.WRONG_ANSWER, "wrong answer", message + "\n" + diff);
    }

    /**
     * The verdict on answers that differ: DuckDB's bug when one of its unoptimized answers (none:
     * it failed) disagrees with its optimized one and agrees with ascan, else ascan's wrong answer.
     */
    static Verdict mismatch(QueryFile query, Result ascan, Result duckdb, Supplier<List<Result>> duckdbUnoptimized) {
        String diff = ResultComparison.compare(query, ascan, "ascan", duckdb, "duckdb");
        boolean oracleBug = duckdbUnoptimized.get().stream().anyMatch(unoptimized ->
                ResultComparison.compare(query, unoptimized, "duckdb unoptimized", duckdb, "duckdb") != null
                && ResultComparison.compare(query, ascan, "ascan", unoptimized, "duckdb unoptimized") == null);
        return oracleBug ? new Verdict(Outcome.ORACLE_BUG, "duckdb optimizer", diff) : new Verdict(Outcome.WRONG_ANSWER, "wrong answer", diff);
    }

    /**
     * An exception no user error explains: not an SQLException (an Error or RuntimeException
     * escaping the driver), SQLSTATE XX (internal), a timeout on these tiny tables, or a cause
     * that is a programming error.
     */
    static boolean bug(Throwable t) {
        if (!(t instanceof SQLException s)) return true;
        if (s instanceof SQLTimeoutException || s.getSQLState() == null || s.getSQLState().startsWith("XX")) return true;
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof Error || c instanceof NullPointerException || c instanceof ClassCastException
                    || c instanceof IndexOutOfBoundsException || c instanceof IllegalStateException
                    || c instanceof UnsupportedOperationException && !(c.getMessage() != null && c.getMessage().contains("not supported"))
                    || c instanceof ArithmeticException && c.getMessage() != null && c.getMessage().contains("Rounding necessary")) {
                return true;
            }
        }
        return false;
    }

    /**
     * A data error: SQLSTATE class 22, or, without an SQLSTATE, an SQLException saying "overflow" or
     * "out of range" (a syntax error 42000 "Ordinal out of range" is not one).
     */
    static boolean dataError(Throwable t) {
        if (!(t instanceof SQLException s)) return false;
        if (s.getSQLState() != null) return s.getSQLState().startsWith("22");
        String message = s.getMessage() == null ? "" : s.getMessage().toLowerCase(Locale.ROOT);
        return message.contains("overflow") || message.contains("out of range");
    }

    /** DuckDB's error class, the words before "Error:" in its message ("Conversion", "Out of Range", "Binder"). */
    static String duckDbErrorClass(SQLException e) {
        String message = String.valueOf(e.getMessage());
        int at = message.indexOf(" Error:");
        return "duckdb " + (at < 0 ? "other" : message.substring(0, at).trim());
    }

    /** The root cause's class and the frame that threw it, or the SQLSTATE and the message's words. */
    static String signature(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        if (root instanceof SQLException s) {
            String words = String.valueOf(s.getMessage()).lines().findFirst().orElse("").replaceAll("'[^']*'|\"[^\"]*\"|[0-9]+", "_");
            return s.getSQLState() + " " + words.substring(0, Math.min(80, words.length()));
        }
        StackTraceElement[] frames = root.getStackTrace();
        String where = frames.length == 0 ? "" : " at " + frames[0].getClassName() + "." + frames[0].getMethodName();
        String message = String.valueOf(root.getMessage()).lines().findFirst().orElse("").replaceAll("'[^']*'|\"[^\"]*\"|\\$?[0-9]+", "_");
        return root.getClass().getSimpleName() + where + ": " + message.substring(0, Math.min(60, message.length()))
                .toLowerCase(Locale.ROOT);
    }

    private Connection connection(String mode) throws SQLException {
        Connection c = modes.get(mode);
        if (c == null || c.isClosed()) {
            c = DriverManager.getConnection(workload.url(ScanModes.SETTINGS.get(mode)));
            modes.put(mode, c);
        }
        return c;
    }

    @Override
    public void close() throws SQLException {
        for (Connection c : modes.values()) c.close();
        modes.clear();
    }
}
