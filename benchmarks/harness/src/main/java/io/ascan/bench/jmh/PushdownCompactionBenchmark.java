package io.ascan.bench.jmh;

import io.ascan.scan.materializer.Compaction;
import io.ascan.exec.DetachedQuery;
import io.ascan.format.ColumnData;
import io.ascan.memory.RequiredJvmFlags;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Pushdown compaction: the tuples of one column of a {@value Fixtures#ROWSET_ROWS}-tuple slice
 * that passed the filter (the given fraction, spread uniformly) gathered into new vectors, which
 * are then released. The selection vector is computed once; only the gather is timed. Score:
 * nanoseconds per input tuple.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(Fixtures.ROWSET_ROWS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {RequiredJvmFlags.NATIVE_ACCESS, RequiredJvmFlags.OPEN_NIO, RequiredJvmFlags.UNSAFE, "-Xmx2g"})
public class PushdownCompactionBenchmark {
    /** The pushdown materializer's own compaction, into the compute pool. */
    private Compactor compactor;

    @Param({"INT", "BIGINT", "DOUBLE", "DECIMAL", "DATE", "VARCHAR", "VARCHAR_DICT"})
    public ColumnKind type;

    @Param({"0.01", "0.5", "0.99"})
    public double selectivity;

    private BenchMemory memory;
    private DetachedQuery query;
    private ColumnData column;
    private int[] selection;
    private int selected;

    @Setup(Level.Trial)
    public void setUp() {
        memory = new BenchMemory();
        query = new DetachedQuery(memory.allocator(), memory.pool(), Fixtures.ONE_WORKER);
        compactor = (in, sel, n, allocator) -> Compaction.compact(in, sel, n, memory.pool(), allocator).columns();
        int[] values = Fixtures.uniform(Fixtures.ROWSET_ROWS, FilterKernelBenchmark.DOMAIN, 42);
        column = type.build("c", values, FilterKernelBenchmark.DOMAIN, query.context().allocator());
        int threshold = (int) Math.round(selectivity * FilterKernelBenchmark.DOMAIN);
        selection = new int[values.length];
        for (int row = 0; row < values.length; row++) if (values[row] < threshold) selection[selected++] = row;
        List<ColumnData> out = compactor.compact(List.of(column), selection, selected, query.context().allocator());
        try {
            ColumnData c = out.getFirst();
            Fixtures.check(c.rowCount() == selected, "compaction kept " + c.rowCount() + " tuples, expected " + selected);
            for (int j = 0; j < selected; j += Math.max(1, selected / 1000)) {
                Object want = column.getObject(selection[j]), got = c.getObject(j);
                Fixtures.check(want.equals(got), "compacted tuple " + j + " is " + got + ", expected " + want);
            }
        } finally {
            Fixtures.close(Fixtures.all(out));
        }
    }

    @Benchmark
    public int compact() {
        List<ColumnData> out = compactor.compact(List.of(column), selection, selected, query.context().allocator());
        int rows = out.getFirst().rowCount();
        Fixtures.close(Fixtures.all(out));
        return rows;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        Fixtures.close(column, query, memory);
    }
}
