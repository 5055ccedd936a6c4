package io.ascan.jdbc;

import io.ascan.catalog.Catalog;
import io.ascan.exec.QueryException;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryResult;
import io.ascan.plan.OutputColumn;
import io.ascan.planner.AscanQueryService;
import io.ascan.planner.MaterializedResult;
import io.ascan.planner.ParameterBinder;
import io.ascan.planner.PlanningException;
import io.ascan.planner.PreparedQuery;
import io.ascan.planner.QueryService;
import io.ascan.types.DataType;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * TEST ONLY: scripted results behind the query service, so the front ends' mechanics (types,
 * getters, parameters, cancel, timeouts, statistics) are tested apart from the engine. Statements
 * are planned for real (a service without an engine: columns, parameter types, EXPLAIN); executing
 * one ignores the plan and returns scripted rows. It records what it was given. In {@link #block}
 * mode {@code next()} waits until the result is cancelled, like a long query.
 */
public final class ScriptedExecutor implements AutoCloseable {
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

    /** A driver whose connections answer with this script. */
    public AscanDriver driver() {
        return new AscanDriver((catalog, config) -> service(catalog));
    }

    /** A query service on {@code catalog} that plans for real and answers with this script. */
    public QueryService service(Catalog catalog) {
        AscanQueryService planning = new AscanQueryService(catalog, null, 0);
        return new QueryService() {
            @Override
            public PreparedQuery prepare(String sql) throws PlanningException {
                PreparedQuery planned = planning.prepare(sql);
                lastParameterTypes = planned.parameterTypes();
                return new Scripted(planned);
            }

            @Override
            public void close() {
                planning.close();
            }
        };
    }

    /** A planned statement whose executions return the script's rows. */
    private final class Scripted implements PreparedQuery {
        private final PreparedQuery planned;

        Scripted(PreparedQuery planned) {
            this.planned = planned;
        }

        @Override
        public List<OutputColumn> columns() {
            return planned.columns();
        }

        @Override
        public int parameterCount() {
            return planned.parameterCount();
        }

        @Override
        public boolean nullable(int column) {
            return planned.nullable(column);
        }

        @Override
        public List<DataType> parameterTypes() {
            return planned.parameterTypes();
        }

        @Override
        public String explain() {
            return planned.explain();
        }

        @Override
        public QueryResult execute(List<Object> parameters, QueryOptions options) throws QueryException {
            lastParameters = ParameterBinder.bind(planned.parameterTypes(), parameters);
            lastOptions = options;
            QueryResult r = block ? new Blocking(columns())
                    : MaterializedResult.of(allocator, columns(), rows.apply(lastParameters), batchRows, statistics);
            started.countDown();
            return r;
        }
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
