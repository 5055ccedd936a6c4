package io.ascan.planner;

/**
 * A query the planner rejects: bad syntax, an unknown table or column, a type error. The
 * message is Calcite's, naming the problem and where it is; {@link #line()} and
 * {@link #column()} give the (1-based) start position, 0 when unknown.
 */
public final class PlanningException extends Exception {
    private final int line;
    private final int column;

    PlanningException(String message, int line, int column, Throwable cause) {
        super(message, cause);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
