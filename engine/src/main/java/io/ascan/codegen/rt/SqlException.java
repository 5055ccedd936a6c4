package io.ascan.codegen.rt;

/**
 * A SQL runtime error raised by generated code (overflow, division by zero, a value a cast
 * cannot convert). The message names the failing expression so users see what went wrong;
 * {@link #sqlState()} is its SQLSTATE, of class 22 (data exception).
 */
public final class SqlException extends RuntimeException {
    public static final String DATA_EXCEPTION = "22000";
    public static final String NUMERIC_OUT_OF_RANGE = "22003";
    public static final String DIVISION_BY_ZERO = "22012";
    public static final String INVALID_CHARACTER_VALUE_FOR_CAST = "22018";

    private final String sqlState;

    /** A data exception without a more precise class. */
    public SqlException(String message) {
        this(DATA_EXCEPTION, message);
    }

    public SqlException(String sqlState, String message) {
        super(message);
        this.sqlState = sqlState;
    }

    public String sqlState() {
        return sqlState;
    }

    public static SqlException overflow(String what) {
        return new SqlException(NUMERIC_OUT_OF_RANGE, "overflow in " + what);
    }

    /** A value that does not fit its target type; the message names the value and the type. */
    public static SqlException outOfRange(String message) {
        return new SqlException(NUMERIC_OUT_OF_RANGE, message);
    }

    public static SqlException divisionByZero(String what) {
        return new SqlException(DIVISION_BY_ZERO, "division by zero in " + what);
    }

    /** A value a cast cannot convert. */
    public static SqlException badCast(String message) {
        return new SqlException(INVALID_CHARACTER_VALUE_FOR_CAST, message);
    }
}
