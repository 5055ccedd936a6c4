package io.ascan.exec;

/**
 * A query failed while running (an SQL error such as overflow, a memory limit, a storage error,
 * cancellation). {@link #sqlState()} classes it: given explicitly, or else that of its cause
 * ({@link SqlStates#of}).
 */
public class QueryException extends Exception {
    private final String sqlState;

    public QueryException(String message) {
        this(message, (String) null, null);
    }

    public QueryException(String message, Throwable cause) {
        this(message, null, cause);
    }

    /** {@code sqlState} null: the state of {@code cause}. */
    public QueryException(String message, String sqlState, Throwable cause) {
        super(message, cause);
        this.sqlState = sqlState;
    }

    boolean hasState() {
        return sqlState != null;
    }

    /** The SQLSTATE of this failure (docs/errors.md). */
    public String sqlState() {
        if (sqlState != null) return sqlState;
        String s = getCause() == null ? null : SqlStates.known(getCause());
        return s != null ? s : SqlStates.INTERNAL;
    }
}
