package io.ascan.planner;

import io.ascan.exec.SqlStates;

/**
 * A query the planner rejects: bad syntax, an unknown table or column, a type error (or a table
 * it cannot read). The message is Calcite's, naming the problem and where it is; {@link #line()}
 * and {@link #column()} give the (1-based) start position, 0 when unknown; {@link #sqlState()}
 * classes it (docs/errors.md).
 */
public final class PlanningException extends Exception {
    private final int line;
    private final int column;
    private final String sqlState;

    /** A rejected query of SQLSTATE 42000, or the state of a cause that has one (a storage error). */
    PlanningException(String message, int line, int column, Throwable cause) {
        this(message, line, column, cause, null);
    }

    PlanningException(String message, int line, int column, Throwable cause, String sqlState) {
        super(message, cause);
        this.line = line;
        this.column = column;
        String known = cause == null ? null : SqlStates.known(cause);
        this.sqlState = sqlState != null ? sqlState : known != null ? known : SqlStates.SYNTAX_OR_ACCESS;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    public String sqlState() {
        return sqlState;
    }
}
