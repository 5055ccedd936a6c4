package io.ascan.codegen.rt;

/** Row-count checks for generated code. */
public final class Rows {
    /** SQLSTATE 21000, cardinality violation (PostgreSQL, DuckDB). */
    public static final String CARDINALITY_VIOLATION = "21000";

    private Rows() {}

    /** TRUE for a scalar sub-query's row count of at most 1; more rows are an error. */
    public static boolean single(long count) {
        if (count > 1) throw new SqlException(CARDINALITY_VIOLATION, "a scalar subquery returned more than one row");
        return true;
    }
}
