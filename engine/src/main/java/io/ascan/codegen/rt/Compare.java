package io.ascan.codegen.rt;

/** Value comparisons with SQL's rules where Java's differ. */
public final class Compare {
    private Compare() {}

    /** DOUBLE order: -0.0 equals 0.0, NaN equals NaN and sorts above every number (PostgreSQL, DuckDB). */
    public static int doubles(double a, double b) {
        if (a < b) return -1;
        if (a > b) return 1;
        if (a == b) return 0;
        return Boolean.compare(Double.isNaN(a), Double.isNaN(b));
    }
}
