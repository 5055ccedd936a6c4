package io.ascan.planner;

import io.ascan.exec.CancelSignal;

/**
 * Where the SQL front ends (JDBC driver, embedded API, CLI) prepare statements: SQL text to a
 * {@link PreparedQuery}. {@link AscanQueryService} is the implementation; tests put scripted
 * results behind the same interface.
 */
public interface QueryService extends AutoCloseable {
    PreparedQuery prepare(String sql) throws PlanningException;

    /**
     * {@link #prepare(String)}, stopped when {@code cancel} is set: it then fails at once with
     * SQLSTATE 57014, and the planning work ends at its next safe point ({@link CancelSignal}).
     */
    default PreparedQuery prepare(String sql, CancelSignal cancel) throws PlanningException {
        return prepare(sql);
    }

    @Override
    void close();
}
