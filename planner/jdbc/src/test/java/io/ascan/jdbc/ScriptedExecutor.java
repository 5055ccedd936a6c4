package io.ascan.jdbc;

import io.ascan.exec.QueryException;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryResult;
import io.ascan.plan.OutputColumn;
import io.ascan.planner.LogicalPlan;
import io.ascan.planner.MaterializedResult;
import io.ascan.planner.PlanExecutor;
import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * TEST ONLY: an executor that ignores the plan and returns scripted rows, so the front ends'
 * mechanics (types, getters, parameters, cancel, timeouts, statistics) are tested before the real
 * executor exists. It records what it was given. In {@link #block} mode {@code next()} waits
 * until the result is cancelled, like a long query; {@link #decimalVectors} delivers DECIMAL as
 * Arrow DecimalVector instead of unscaled BIGINT.
 */
public final class ScriptedExecutor implements PlanExecutor, AutoCloseable {
    public final BufferAllocator allocator = new RootAllocator();
    public volatile Function<List<Object>, List<Object[]>> rows = p -> List.of();
    public volatile int batchRows = 2;
    public volatile boolean block;
    public volatile boolean decimalVectors;
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
                if (decimalVectors) r = new DecimalVectors(r);
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

    /** Re-delivers each batch with DECIMAL columns as Arrow DecimalVectors (128-bit, the column's scale). */
    private final class DecimalVectors implements QueryResult {
        private final QueryResult in;
        private VectorSchemaRoot current;

        DecimalVectors(QueryResult in) {
            this.in = in;
        }

        @Override
        public List<OutputColumn> columns() {
            return in.columns();
        }

        @Override
        public boolean next() throws QueryException {
            release();
            if (!in.next()) return false;
            VectorSchemaRoot b = in.batch();
            List<FieldVector> vectors = new ArrayList<>();
            for (int c = 0; c < b.getFieldVectors().size(); c++) {
                FieldVector v = b.getVector(c);
                DataType t = columns().get(c).type();
                if (t.kind() != TypeKind.DECIMAL) {
                    var tp = v.getTransferPair(allocator);
                    tp.splitAndTransfer(0, b.getRowCount());
                    vectors.add((FieldVector) tp.getTo());
                    continue;
                }
                DecimalVector d = new DecimalVector(v.getName(), allocator, 38, t.scale());
                d.allocateNew(b.getRowCount());
                for (int r = 0; r < b.getRowCount(); r++) {
                    if (v.isNull(r)) d.setNull(r);
                    else d.set(r, BigDecimal.valueOf(((org.apache.arrow.vector.BigIntVector) v).get(r), t.scale()));
                }
                d.setValueCount(b.getRowCount());
                vectors.add(d);
            }
            current = new VectorSchemaRoot(vectors);
            current.setRowCount(b.getRowCount());
            return true;
        }

        private void release() {
            if (current != null) current.close();
            current = null;
        }

        @Override
        public VectorSchemaRoot batch() {
            return current;
        }

        @Override
        public void cancel() {
            in.cancel();
        }

        @Override
        public String statistics() {
            return in.statistics();
        }

        @Override
        public java.util.List<io.ascan.scan.ScanReport> scanReports() {
            return in.scanReports();
        }

        @Override
        public void close() {
            release();
            in.close();
        }
    }
}
