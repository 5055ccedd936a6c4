package io.ascan.codegen.rt;

/**
 * A SQL runtime error raised by generated code (overflow, division by zero, a value a cast
 * cannot convert). The message names the failing expression so users see what went wrong;
 * {@link #sqlState()} is its SQLSTATE, of class 22 (data exception).
 */
public final class SqlException extends RuntimeException {
    private final String sqlState;

    /** A data exception without a more precise class (SQLSTATE 22000). */
    public SqlException(String message) {
        this("22000", message);
    }

    public SqlException(String sqlState, String message) {
        super(message);
        this.sqlState = sqlState;
    }

    public String sqlState() {
        return sqlState;
    }

    public static SqlException overflow(String what) {
        return new SqlException("22003", "overflow in " + what);
    }

    public static SqlException outOfRange(String message) {
        return new SqlException("22003", message);
    }

    public static SqlException divisionByZero(String what) {
        return new SqlException("22012", "division by zero in " + what);
    }

    /** A value a cast cannot convert (SQLSTATE 22018, invalid character value for cast). */
    public static SqlException badCast(String message) {
        return new SqlException("22018", message);
    }
}
