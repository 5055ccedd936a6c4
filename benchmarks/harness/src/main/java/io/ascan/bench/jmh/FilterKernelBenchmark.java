package io.ascan.bench.jmh;

import io.ascan.exec.DetachedQuery;
import io.ascan.scan.Rowset;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Operator;
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
 * The scan predicate P as the pipeline compiler generates it (the dispatch shim's DIRECT loop,
 * P into a selection vector, a counting sink above), over one in-memory rowset of {@value
 * Fixtures#ROWSET_ROWS} tuples of one column: {@code c < literal}, with the literal chosen so that
 * the given fraction of tuples passes. Values are uniform, so 50% is the branch predictor's worst
 * case for code that branches on P. Score: nanoseconds per tuple.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(Fixtures.ROWSET_ROWS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {RequiredJvmFlags.NATIVE_ACCESS, RequiredJvmFlags.OPEN_NIO, RequiredJvmFlags.UNSAFE, "-Xmx2g"})
public class FilterKernelBenchmark {
    static final int DOMAIN = 1000;

    @Param({"INT", "BIGINT", "DOUBLE", "DECIMAL", "DATE", "VARCHAR", "VARCHAR_DICT"})
    public ColumnKind type;

    @Param({"0.01", "0.5", "0.99"})
    public double selectivity;

    private BenchMemory memory;
    private DetachedQuery query;
    private Rowset rowset;
    private CountSink sink;
    private ScanPipeline pipeline;

    @Setup(Level.Trial)
    public void setUp() {
        memory = new BenchMemory();
        query = new DetachedQuery(memory.allocator(), memory.pool(), Fixtures.ONE_WORKER);
        int[] values = Fixtures.uniform(Fixtures.ROWSET_ROWS, DOMAIN, 42);
        int threshold = (int) Math.round(selectivity * DOMAIN);
        rowset = Fixtures.rowset(List.of(type.build("c", values, DOMAIN, query.context().allocator())));
        Expr p = Call.predicate(Operator.LT, new ColumnRef(0, type.type()), type.literal(threshold));
        sink = new CountSink();
        pipeline = new ScanPipeline(query.context(), List.of(type.type()), 0, p, sink);
        pipeline.open();
        long expected = Fixtures.below(values, threshold);
        long passed = filter();
        Fixtures.check(passed == expected, type + " filter passed " + passed + " tuples, expected " + expected
                + "; generated code:\n" + pipeline.source());
    }

    @Benchmark
    public long filter() {
        sink.reset();
        pipeline.consume(rowset);
        return sink.count();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        Fixtures.close(pipeline, rowset, query, memory);
    }
}
