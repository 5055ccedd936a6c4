package io.ascan.codegen.rt;

/**
 * A SQL runtime error raised by generated code (overflow, division by zero, a value a cast
 * cannot convert). The message names the failing expression so users see what went wrong.
 */
public final class SqlException extends RuntimeException {
    public SqlException(String message) {
        super(message);
    }

    public static SqlException overflow(String what) {
        return new SqlException("overflow in " + what);
    }

    public static SqlException divisionByZero(String what) {
        return new SqlException("division by zero in " + what);
    }
}
