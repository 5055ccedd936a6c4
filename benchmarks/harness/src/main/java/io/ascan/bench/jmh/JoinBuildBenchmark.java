package io.ascan.bench.jmh;

import io.ascan.exec.DetachedQuery;
import io.ascan.scan.Rowset;
import io.ascan.exec.operator.JoinBuildSink;
import io.ascan.exec.store.JoinHashTable;
import io.ascan.memory.RequiredJvmFlags;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Hash-join build on one worker: the build side's rowsets (INTEGER key, INTEGER payload) through
 * the generated build pipeline into a fresh tuple store, then the sink's finish: the
 * {@link JoinHashTable}'s chains (by hash or, with the direct-address {@code layout}, by key) and
 * its Bloom filter R; then everything is released.
 * Score: microseconds per build (divide by {@code buildRows} for a per-row cost).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {RequiredJvmFlags.NATIVE_ACCESS, RequiredJvmFlags.OPEN_NIO, RequiredJvmFlags.UNSAFE, "-Xmx2g"})
public class JoinBuildBenchmark {
    @Param({"1000", "100000", "1000000"})
    public int buildRows;

    /** The table's layout: hash buckets, or direct address (one slot per key value). */
    @Param({"hash", "direct"})
    public String layout;

    private BenchMemory memory;
    private DetachedQuery query;
    private List<Rowset> rowsets;
    private JoinBuildSink sink;
    private ScanPipeline pipeline;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        memory = new BenchMemory();
        query = new DetachedQuery(memory.allocator(), memory.pool(), Fixtures.ONE_WORKER);
        rowsets = JoinSides.build(buildRows, query.context().allocator());
        sink = JoinSides.sink(layout.equals("direct"));
        pipeline = new ScanPipeline(query.context(), JoinSides.TYPES, JoinSides.TYPES.size(), null, sink);
        try {
            JoinHashTable table = JoinSides.build(pipeline, sink, rowsets, query.context());
            Fixtures.check(table.rowCount() == buildRows, "the join build holds " + table.rowCount() + " rows, expected " + buildRows);
            Fixtures.check(table.bloomFilter() != null, "the join build made no Bloom filter");
            Fixtures.check(table.direct() == layout.equals("direct"), "the table should be " + layout + ": " + table.describe());
        } finally {
            sink.close();
        }
    }

    @Benchmark
    public long build() throws Exception {
        try {
            return JoinSides.build(pipeline, sink, rowsets, query.context()).rowCount();
        } finally {
            sink.close(); // frees the table, its stores and its Bloom filter for the next build
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        Fixtures.close(pipeline, sink, Fixtures.all(rowsets), query, memory);
    }
}
