package io.ascan.planner;

import io.ascan.exec.QueryException;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryResult;
import io.ascan.plan.OutputColumn;
import java.util.List;

/**
 * The integration point between planning and execution: turns an optimised logical plan into
 * something that runs (Calcite rels to the physical convention to the engine's pipelines) and
 * runs it. {@link AscanQueryService} calls {@link #compile} once per prepared statement and
 * {@link Executable#run} once per execution. Implementations are installed in
 * {@link PlanExecutors#installed}.
 */
public interface PlanExecutor {
    /**
     * Prepares {@code plan} for execution. {@code columns} are the result columns the front ends
     * will expect, in order: each batch must hold one vector per column, of the Arrow type of
     * {@code io.ascan.format.ArrowTypes} (DECIMAL as a BigIntVector of unscaled values, or an
     * Arrow DecimalVector). {@code parameterTypes} are the types of the {@code ?} parameters
     * (null where the planner inferred none); values arrive already converted to them.
     */
    Executable compile(LogicalPlan plan, List<OutputColumn> columns, List<io.ascan.types.DataType> parameterTypes)
            throws PlanningException;

    /** {@link #compile(LogicalPlan, List, List)}, recording the time of its steps in {@code phases}. */
    default Executable compile(LogicalPlan plan, List<OutputColumn> columns, List<io.ascan.types.DataType> parameterTypes,
                               io.ascan.exec.QueryPhases phases) throws PlanningException {
        return compile(plan, columns, parameterTypes);
    }

    /** Releases what the executor holds (memory pools); called when the query service closes. */
    default void close() {}

    /** A compiled statement: its EXPLAIN text (with pipelines) and a way to run it. */
    interface Executable {
        String explain();

        QueryResult run(List<Object> parameters, QueryOptions options) throws QueryException;

        /** {@link #run(List, QueryOptions)}; {@code phases} holds those before execution and receives the run's. */
        default QueryResult run(List<Object> parameters, QueryOptions options, io.ascan.exec.QueryPhases phases)
                throws QueryException {
            return run(parameters, options);
        }
    }
}
