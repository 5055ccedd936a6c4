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
 * The seam between the SQL front ends (JDBC driver, embedded API, CLI) and planning plus
 * execution: prepare a statement once, execute it many times. Parameters ({@code ?}) are bound
 * as Java values in the JDBC mapping (Integer, Long, BigDecimal, Double, String, Boolean,
 * LocalDate, LocalDateTime, or null).
 */
public interface QueryService extends AutoCloseable {
    Prepared prepare(String sql) throws PlanningException;

    /** A planned statement. */
    interface Prepared {
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

        /** EXPLAIN text: the AdaptiveScans with their P and R, and the pipelines. */
        String explain();

        QueryResult execute(List<Object> parameters, QueryOptions options) throws QueryException, PlanningException;
    }

    @Override
    void close();
}
