package io.ascan.bench.jmh;

import io.ascan.exec.DetachedQuery;
import io.ascan.scan.Rowset;
import io.ascan.exec.aggregate.AggregateSink;
import io.ascan.exec.store.AggHashTable;
import io.ascan.memory.RequiredJvmFlags;
import io.ascan.plan.AggregateNode;
import io.ascan.plan.OutputColumn;
import io.ascan.plan.ValuesNode;
import io.ascan.types.DataType;
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
 * Hash aggregation on one worker: {@value #INPUT_ROWS} tuples (INTEGER key, BIGINT value) in
 * rowsets through the generated aggregation pipeline, {@code GROUP BY key} with {@code SUM(value),
 * COUNT(*)}, into a fresh {@link AggHashTable} (inline probe, insert on a miss, growth), then
 * released. Every group occurs at least once, in random order. Score: nanoseconds per input tuple.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(AggregationBenchmark.INPUT_ROWS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {RequiredJvmFlags.NATIVE_ACCESS, RequiredJvmFlags.OPEN_NIO, RequiredJvmFlags.UNSAFE, "-Xmx2g"})
public class AggregationBenchmark {
    static final int INPUT_ROWS = 1 << 20;

    @Param({"10", "10000", "1000000"})
    public int groups;

    private BenchMemory memory;
    private DetachedQuery query;
    private List<Rowset> rowsets;
    private AggregateSink sink;
    private ScanPipeline pipeline;

    @Setup(Level.Trial)
    public void setUp() {
        Fixtures.check(groups <= INPUT_ROWS, "groups must be at most " + INPUT_ROWS);
        memory = new BenchMemory();
        query = new DetachedQuery(memory.allocator(), memory.pool(), Fixtures.ONE_WORKER);
        int[] keys = new int[INPUT_ROWS];
        for (int i = 0; i < INPUT_ROWS; i++) keys[i] = i % groups;
        Fixtures.shuffle(keys, 12);
        rowsets = Fixtures.rowsets(new ColumnKind[] {ColumnKind.INT, ColumnKind.BIGINT},
                new int[][] {keys, Fixtures.uniform(INPUT_ROWS, 1000, 13)}, 0, query.context().allocator());
        ValuesNode input = new ValuesNode(List.of(new OutputColumn("k", DataType.INTEGER), new OutputColumn("v", DataType.BIGINT)),
                List.of());
        AggregateNode node = new AggregateNode(input, new int[] {0}, List.of(
                new AggregateNode.Call(AggregateNode.Function.SUM, 1, false, DataType.BIGINT, "s"),
                new AggregateNode.Call(AggregateNode.Function.COUNT, -1, false, DataType.BIGINT, "n")));
        sink = new AggregateSink(node);
        pipeline = new ScanPipeline(query.context(), List.of(DataType.INTEGER, DataType.BIGINT), 2, null, sink);
        aggregate();
    }

    @Benchmark
    public long aggregate() {
        try {
            Object[] state = pipeline.open();
            for (Rowset r : rowsets) pipeline.consume(r);
            long found = groupCount(state);
            Fixtures.check(found == groups, "aggregation made " + found + " groups, expected " + groups);
            return found;
        } finally {
            sink.close(); // frees the worker's table for the next run
        }
    }

    /** Groups in the worker's tables: one per hash partition (distinct keys never share a partition). */
    private static long groupCount(Object[] state) {
        for (Object o : state) {
            if (o instanceof AggHashTable[] partitions) {
                long n = 0;
                for (AggHashTable t : partitions) n += t.groupCount();
                return n;
            }
        }
        throw new IllegalStateException("the aggregation pipeline bound no hash tables");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        Fixtures.close(pipeline, sink, Fixtures.all(rowsets), query, memory);
    }
}
