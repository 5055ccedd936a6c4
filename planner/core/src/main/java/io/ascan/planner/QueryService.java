package io.ascan.planner;

/**
 * Where the SQL front ends (JDBC driver, embedded API, CLI) prepare statements: SQL text to a
 * {@link PreparedQuery}. {@link AscanQueryService} is the implementation; tests put scripted
 * results behind the same interface.
 */
public interface QueryService extends AutoCloseable {
    PreparedQuery prepare(String sql) throws PlanningException;

    @Override
    void close();
}
