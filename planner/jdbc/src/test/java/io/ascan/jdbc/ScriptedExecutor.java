package io.ascan.jdbc;

import io.ascan.exec.QueryException;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryResult;
import io.ascan.plan.OutputColumn;
import io.ascan.planner.LogicalPlan;
import io.ascan.planner.MaterializedResult;
import io.ascan.planner.PlanExecutor;
import io.ascan.types.DataType;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * TEST ONLY: an executor that ignores the plan and returns scripted rows, so the front ends'
 * mechanics (types, getters, parameters, cancel, timeouts, statistics) are tested before the real
 * executor exists. It records what it was given. In {@link #block} mode {@code next()} waits
 * until the result is cancelled, like a long query.
 */
public final class ScriptedExecutor implements PlanExecutor, AutoCloseable {
    public final BufferAllocator allocator = new RootAllocator();
    public volatile Function<List<Object>, List<Object[]>> rows = p -> List.of();
    public volatile int batchRows = 2;
    public volatile boolean block;
    public volatile String statistics = "";
    public volatile List<Object> lastParameters;
    public volatile List<DataType> lastParameterTypes;
    public volatile QueryOptions lastOptions;
    public final AtomicInteger cancels = new AtomicInteger();
    public final CountDownLatch started = new CountDownLatch(1);

    @Override
    public Executable compile(LogicalPlan plan, List<OutputColumn> columns, List<DataType> parameterTypes) {
        lastParameterTypes = parameterTypes;
        return new Executable() {
            @Override
            public String explain() {
                return plan.explain();
            }

            @Override
            public QueryResult run(List<Object> parameters, QueryOptions options) {
                lastParameters = parameters;
                lastOptions = options;
                QueryResult r = block ? new Blocking(columns)
                        : MaterializedResult.of(allocator, columns, rows.apply(parameters), batchRows, statistics);
                started.countDown();
                return r;
            }
        };
    }

    /** Fails if a test leaked result memory. */
    @Override
    public void close() {
        allocator.close();
    }

    /** A query that produces nothing until cancelled. */
    private final class Blocking implements QueryResult {
        private final List<OutputColumn> columns;
        private final CountDownLatch cancelled = new CountDownLatch(1);

        Blocking(List<OutputColumn> columns) {
            this.columns = columns;
        }

        @Override
        public List<OutputColumn> columns() {
            return columns;
        }

        @Override
        public boolean next() throws QueryException {
            try {
                cancelled.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new QueryException("query cancelled");
        }

        @Override
        public VectorSchemaRoot batch() {
            throw new IllegalStateException();
        }

        @Override
        public void cancel() {
            cancels.incrementAndGet();
            cancelled.countDown();
        }

        @Override
        public String statistics() {
            return "";
        }

        @Override
        public java.util.List<io.ascan.scan.ScanReport> scanReports() {
            return java.util.List.of();
        }

        @Override
        public void close() {
            cancelled.countDown();
        }
    }
}
