package io.ascan.codegen.rt;

/**
 * Checked integer arithmetic for generated code: overflow and division by zero are SQL errors
 * naming the expression ({@code what}), never silently wrapped values. Small static methods the
 * JIT inlines.
 */
public final class Arith {
    private Arith() {}

    public static int add(int a, int b, String what) {
        int r = a + b;
        if (((a ^ r) & (b ^ r)) < 0) throw SqlException.overflow(what);
        return r;
    }

    public static long add(long a, long b, String what) {
        long r = a + b;
        if (((a ^ r) & (b ^ r)) < 0) throw SqlException.overflow(what);
        return r;
    }

    public static int subtract(int a, int b, String what) {
        int r = a - b;
        if (((a ^ b) & (a ^ r)) < 0) throw SqlException.overflow(what);
        return r;
    }

    public static long subtract(long a, long b, String what) {
        long r = a - b;
        if (((a ^ b) & (a ^ r)) < 0) throw SqlException.overflow(what);
        return r;
    }

    public static int multiply(int a, int b, String what) {
        long r = (long) a * b;
        if ((int) r != r) throw SqlException.overflow(what);
        return (int) r;
    }

    public static long multiply(long a, long b, String what) {
        long r = a * b;
        if (Math.multiplyHigh(a, b) != (r >> 63)) throw SqlException.overflow(what);
        return r;
    }

    /** Truncating division (toward zero), as SQL integer division. */
    public static int divide(int a, int b, String what) {
        if (b == 0) throw SqlException.divisionByZero(what);
        if (a == Integer.MIN_VALUE && b == -1) throw SqlException.overflow(what);
        return a / b;
    }

    public static long divide(long a, long b, String what) {
        if (b == 0) throw SqlException.divisionByZero(what);
        if (a == Long.MIN_VALUE && b == -1) throw SqlException.overflow(what);
        return a / b;
    }

    /** DOUBLE division: by zero is an error as in PostgreSQL (DuckDB returns ±Infinity). */
    public static double divide(double a, double b, String what) {
        if (b == 0) throw SqlException.divisionByZero(what);
        return a / b;
    }

    /** Remainder with the dividend's sign. */
    public static int mod(int a, int b, String what) {
        if (b == 0) throw SqlException.divisionByZero(what);
        return b == -1 ? 0 : a % b;
    }

    public static long mod(long a, long b, String what) {
        if (b == 0) throw SqlException.divisionByZero(what);
        return b == -1 ? 0 : a % b;
    }

    public static double mod(double a, double b, String what) {
        if (b == 0) throw SqlException.divisionByZero(what);
        return a % b;
    }

    public static int negate(int a, String what) {
        if (a == Integer.MIN_VALUE) throw SqlException.overflow(what);
        return -a;
    }

    public static long negate(long a, String what) {
        if (a == Long.MIN_VALUE) throw SqlException.overflow(what);
        return -a;
    }

    public static int abs(int a, String what) {
        return a < 0 ? negate(a, what) : a;
    }

    public static long abs(long a, String what) {
        return a < 0 ? negate(a, what) : a;
    }

    public static int toInt(long v, String what) {
        if ((int) v != v) throw SqlException.outOfRange("value " + v + " is out of range for INTEGER in " + what);
        return (int) v;
    }

    /** DOUBLE to an integer type: round half to even (C's nearbyint, as DuckDB and PostgreSQL). */
    public static long doubleToLong(double v, String what) {
        double r = Math.rint(v);
        if (!(r >= -9.223372036854775808E18 && r < 9.223372036854775808E18)) {
            throw SqlException.outOfRange("value " + v + " is out of range for BIGINT in " + what);
        }
        return (long) r;
    }

    public static int doubleToInt(double v, String what) {
        double r = Math.rint(v);
        if (!(r >= Integer.MIN_VALUE && r <= Integer.MAX_VALUE)) {
            throw SqlException.outOfRange("value " + v + " is out of range for INTEGER in " + what);
        }
        return (int) r;
    }
}
