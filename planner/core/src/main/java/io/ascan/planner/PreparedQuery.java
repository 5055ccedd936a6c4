package io.ascan.planner;

import io.ascan.exec.QueryException;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryResult;
import io.ascan.plan.OutputColumn;
import io.ascan.types.DataType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The second stage of a query's lifecycle (engine, prepared query, result): a statement planned
 * once, with its engine plan and pipelines, executed any number of times into a
 * {@link QueryResult}. Parameters ({@code ?}) are bound as Java values in the JDBC mapping
 * (Integer, Long, BigDecimal, Double, String, Boolean, LocalDate, LocalDateTime, or null).
 * Every failure is a {@link PlanningException} or a {@link QueryException} with its SQLSTATE.
 */
public interface PreparedQuery {
    /** Result columns (names as the query aliases them, SQL types). */
    List<OutputColumn> columns();

    /** Number of {@code ?} parameters. */
    int parameterCount();

    /** Whether result column {@code column} (0-based) may hold NULL; true when unknown. */
    default boolean nullable(int column) {
        return true;
    }

    /** The type each {@code ?} parameter is converted to, null where the planner inferred none. */
    default List<DataType> parameterTypes() {
        return Collections.unmodifiableList(new ArrayList<>(Collections.nCopies(parameterCount(), null)));
    }

    /**
     * Whether executing this statement changes the catalog (CREATE, INSERT, DROP) or writes a file
     * (COPY): it then answers one row with one BIGINT column, the rows it wrote (JDBC's update count).
     */
    default boolean changesTables() {
        return false;
    }

    /** EXPLAIN text: the engine's plan (AdaptiveScans with their P and R), then the pipelines its executions run. */
    String explain();

    QueryResult execute(List<Object> parameters, QueryOptions options) throws QueryException, PlanningException;
}
