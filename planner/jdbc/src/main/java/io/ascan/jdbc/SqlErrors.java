package io.ascan.jdbc;

import io.ascan.exec.QueryException;
import io.ascan.exec.SqlStates;
import io.ascan.planner.PlanningException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;

/**
 * The SQLExceptions of the driver, with SQLSTATEs a tool can act on (docs/errors.md): the one
 * place where the planner's {@link PlanningException}s and the engine's {@link QueryException}s
 * become SQLExceptions.
 */
final class SqlErrors {
    static final String INVALID_ATTRIBUTE = "HY024";
    static final String CANCELLED = SqlStates.CANCELLED;

    private SqlErrors() {}

    /** Calcite's message, which names the problem and where ("From line 1, column 8 to ..."). */
    static SQLException planning(PlanningException e) {
        String message = e.getMessage();
        if (e.line() > 0 && !message.contains("line " + e.line())) {
            message += " (at line " + e.line() + ", column " + e.column() + ")";
        }
        return of(e.sqlState(), message, e);
    }

    /**
     * A query that failed while running. A timeout may be noticed first by the engine's timer or by
     * the driver's (both run for {@code setQueryTimeout}): either way it is an SQLTimeoutException.
     */
    static SQLException execution(QueryException e, StatementExecution query) {
        if (query != null && query.timedOut() || e.sqlState().equals(SqlStates.TIMEOUT)) {
            String after = query != null && query.timeoutSeconds() > 0 ? query.timeoutSeconds() + " s" : null;
            return new SQLTimeoutException(after != null ? "query timed out after " + after : e.getMessage(), SqlStates.TIMEOUT, e);
        }
        if (query != null && query.cancelled()) return new SQLException(e.getMessage(), CANCELLED, e);
        return of(e.sqlState(), e.getMessage(), e);
    }

    /** A statement whose planning its cancel or timeout stopped (57014): HYT00 when it was the timeout. */
    static SQLException stopped(SQLException e, StatementExecution query) {
        if (query.timedOut()) return new SQLTimeoutException("query timed out after " + query.timeoutSeconds() + " s", SqlStates.TIMEOUT, e);
        return e;
    }

    /**
     * A failure that reached the driver without an SQLSTATE of its own (the query service gives
     * every failure one; a result set's own bug may not): an engine bug, or an Error such as a
     * stack overflow, which becomes an SQLException too (the connection stays usable). Worded as
     * everywhere else ({@link SqlStates#message}).
     */
    static SQLException internal(Throwable e) {
        return of(SqlStates.of(e), SqlStates.message(e), e);
    }

    /** The SQLException subclass JDBC defines for the class of {@code state}. */
    static SQLException of(String state, String message, Throwable cause) {
        if (state.equals(SqlStates.TIMEOUT)) return new SQLTimeoutException(message, state, cause);
        return switch (state.substring(0, 2)) {
            case "42" -> new SQLSyntaxErrorException(message, state, cause);
            case "22" -> new SQLDataException(message, state, cause);
            case "0A" -> new SQLFeatureNotSupportedException(message, state, cause);
            case "08" -> new java.sql.SQLTransientConnectionException(message, state, cause);
            default -> new SQLException(message, state, cause);
        };
    }

    static SQLException closed(String what) {
        return new SQLException(what + " is closed", "HY010");
    }

    static SQLFeatureNotSupportedException unsupported(String what) {
        return new SQLFeatureNotSupportedException(what + " is not supported by ascan", "0A000");
    }

    static SQLException readOnly() {
        return new SQLException("ascan's result sets are read-only: change tables with INSERT, CREATE TABLE or DROP TABLE", "25006");
    }

    static SQLException conversion(String message) {
        return new SQLException(message, "22018");
    }
}
