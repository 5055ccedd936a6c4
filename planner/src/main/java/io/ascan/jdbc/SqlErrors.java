package io.ascan.jdbc;

import io.ascan.exec.QueryException;
import io.ascan.format.StorageException;
import io.ascan.planner.PlanningException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;

/** The SQLExceptions of the driver, with SQLSTATEs a tool can act on. */
final class SqlErrors {
    static final String INVALID_ATTRIBUTE = "HY024";
    static final String CANCELLED = "57014";
    /** A table's files or metadata are missing, malformed or corrupt. */
    static final String DATA_CORRUPTED = "XX001";

    private SqlErrors() {}

    /** Calcite's message, which names the problem and where ("From line 1, column 8 to ..."). */
    static SQLException planning(PlanningException e) {
        if (storage(e) != null) return new SQLException(e.getMessage(), DATA_CORRUPTED, e);
        String message = e.getMessage();
        if (e.line() > 0 && !message.contains("line " + e.line())) {
            message += " (at line " + e.line() + ", column " + e.column() + ")";
        }
        return new SQLSyntaxErrorException(message, "42000", e);
    }

    static SQLException execution(QueryException e, RunningQuery query) {
        if (query != null && query.timedOut()) {
            return new SQLTimeoutException("query timed out after " + query.timeoutSeconds() + " s", "HYT00", e);
        }
        if (query != null && query.cancelled()) return new SQLException(e.getMessage(), CANCELLED, e);
        if (storage(e) != null) return new SQLException(e.getMessage(), DATA_CORRUPTED, e);
        return new SQLException(e.getMessage(), "HY000", e);
    }

    /** The damaged or corrupt table data behind a failure, if that is what it is. */
    private static StorageException storage(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) if (c instanceof StorageException s) return s;
        return null;
    }

    /** An engine bug surfacing while reading results (unexpected vector layout, ...). */
    static SQLException internal(RuntimeException e) {
        return new SQLException("internal error: " + e.getMessage(), "XX000", e);
    }

    static SQLException closed(String what) {
        return new SQLException(what + " is closed", "HY010");
    }

    static SQLFeatureNotSupportedException unsupported(String what) {
        return new SQLFeatureNotSupportedException(what + " is not supported by ascan", "0A000");
    }

    static SQLException readOnly() {
        return new SQLException("ascan is read-only: only queries (SELECT, VALUES, EXPLAIN PLAN FOR) can run", "25006");
    }

    static SQLException conversion(String message) {
        return new SQLException(message, "22018");
    }
}
