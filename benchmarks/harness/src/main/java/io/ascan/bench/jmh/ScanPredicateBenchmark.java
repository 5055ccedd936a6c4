package io.ascan.bench.jmh;

import io.ascan.codegen.ExprCompiler;
import io.ascan.codegen.FilterKernelCompiler;
import io.ascan.codegen.rt.Batch;
import io.ascan.codegen.rt.StringScratch;
import io.ascan.exec.DetachedQuery;
import io.ascan.scan.Rowset;
import io.ascan.exec.store.BloomFilter;
import io.ascan.expr.Call;
import io.ascan.expr.ColumnRef;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.expr.Operator;
import io.ascan.memory.RequiredJvmFlags;
import io.ascan.types.DataType;
import java.util.ArrayList;
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
 * TPC-H q06's scan predicate, {@code shipdate >= d AND shipdate < d + 1 year AND discount
 * BETWEEN 0.05 AND 0.07 AND quantity < 24}, over {@value #ROWS} lineitem-like tuples (a year of
 * seven, 2 discounts of 11, 24 quantities of 50: 2.2% pass, each conjunct at a selectivity that
 * mispredicts a branch), far more than the caches hold: in the dispatch shim's DIRECT loop with a
 * counting sink above ({@code direct}), and in the pushdown filter kernel ({@code kernel}). Score:
 * nanoseconds per tuple.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(ScanPredicateBenchmark.ROWS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {RequiredJvmFlags.NATIVE_ACCESS, RequiredJvmFlags.OPEN_NIO, RequiredJvmFlags.UNSAFE, "-Xmx2g"})
public class ScanPredicateBenchmark {
    static final int ROWS = 1 << 23;
    static final int DAYS = 7 * 365, DISCOUNTS = 11, QUANTITIES = 50;

    @Param({"direct", "kernel"})
    public String variant;

    private BenchMemory memory;
    private DetachedQuery query;
    private List<Rowset> rowsets;
    private final List<Batch> batches = new ArrayList<>();
    private CountSink sink;
    private ScanPipeline pipeline;
    private FilterKernelCompiler.Kernel kernel;
    private StringScratch scratch;
    private int[] selection;

    @Setup(Level.Trial)
    public void setUp() {
        memory = new BenchMemory();
        query = new DetachedQuery(memory.allocator(), memory.pool(), Fixtures.ONE_WORKER);
        int[] days = Fixtures.uniform(ROWS, DAYS, 1), discounts = Fixtures.uniform(ROWS, DISCOUNTS, 2),
                quantities = Fixtures.uniform(ROWS, QUANTITIES, 3);
        // DATE as day DAYS after the first; DECIMAL(12, 2) as v + 0.37 (ColumnKind's layouts)
        rowsets = Fixtures.rowsets(new ColumnKind[] {ColumnKind.DATE, ColumnKind.DECIMAL, ColumnKind.DECIMAL},
                new int[][] {days, discounts, quantities}, 0, query.context().allocator());
        for (Rowset r : rowsets) batches.add(r.batch());
        List<DataType> types = List.of(ColumnKind.DATE.type(), ColumnKind.DECIMAL.type(), ColumnKind.DECIMAL.type());
        Expr p = predicate(types);
        long expected = 0;
        for (int i = 0; i < ROWS; i++) {
            if (days[i] >= 730 && days[i] < 1095 && discounts[i] >= 5 && discounts[i] < 7 && quantities[i] < 24) expected++;
        }
        if (variant.equals("direct")) {
            sink = new CountSink();
            pipeline = new ScanPipeline(query.context(), types, 0, p, sink);
            pipeline.open();
        } else {
            List<ExprCompiler.Input> inputs = new ArrayList<>();
            for (int c = 0; c < types.size(); c++) inputs.add(ExprCompiler.Input.of("c" + c, types.get(c)));
            kernel = FilterKernelCompiler.compile(p, new int[] {0, 1, 2}, inputs, List.of(), c -> "c" + c)
                    .instantiate(query.context().allocator());
            scratch = new StringScratch(query.context().allocator());
            selection = new int[Fixtures.ROWSET_ROWS];
        }
        long passed = filter();
        Fixtures.check(passed == expected, variant + " passed " + passed + " tuples, expected " + expected);
    }

    /** The literals sit between the values (v + 0.37), so each conjunct keeps exactly the v it names. */
    static Expr predicate(List<DataType> types) {
        ColumnRef shipdate = new ColumnRef(0, types.get(0)), discount = new ColumnRef(1, types.get(1)),
                quantity = new ColumnRef(2, types.get(2));
        return Call.predicate(Operator.AND,
                Call.predicate(Operator.GE, shipdate, ColumnKind.DATE.literal(730)),
                Call.predicate(Operator.LT, shipdate, ColumnKind.DATE.literal(1095)),
                Call.predicate(Operator.BETWEEN, discount, new Literal(500L, types.get(1)), new Literal(700L, types.get(1))),
                Call.predicate(Operator.LT, quantity, new Literal(2400L, types.get(2))));
    }

    @Benchmark
    public long filter() {
        if (pipeline != null) {
            sink.reset();
            for (Rowset r : rowsets) pipeline.consume(r);
            return sink.count();
        }
        long n = 0;
        for (int i = 0; i < rowsets.size(); i++) {
            n += kernel.select(batches.get(i), rowsets.get(i).rowCount(), selection, scratch, new BloomFilter[0]);
        }
        return n;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        Fixtures.close(pipeline, kernel, scratch, Fixtures.all(rowsets), query, memory);
    }
}
