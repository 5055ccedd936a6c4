package io.ascan.bench.jmh;

import io.ascan.codegen.ExprCompiler;
import io.ascan.codegen.FilterKernelCompiler;
import io.ascan.codegen.rt.Batch;
import io.ascan.codegen.rt.Hash;
import io.ascan.codegen.rt.Mem;
import io.ascan.codegen.rt.StringScratch;
import io.ascan.exec.DetachedQuery;
import io.ascan.scan.Rowset;
import io.ascan.exec.store.BloomFilter;
import io.ascan.exec.store.KeyBitmap;
import io.ascan.exec.store.KeyRange;
import io.ascan.memory.RequiredJvmFlags;
import io.ascan.types.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
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
 * One runtime filter R in the pushdown filter kernel, with no P before it (so it reads every
 * tuple), over {@value #ROWS} uniform INTEGER keys of {@code domain} values (100,000: SSB's
 * {@code lo_suppkey} at SF 10; 2,000,000: TPC-H's {@code ps_partkey} at SF 10): the build's keys
 * are either {@code spread} over the domain (every k-th value: suppliers of some cities, the parts
 * of q02) or a {@code clustered} run (the dates of one month), a {@code fraction} of the values.
 * {@code test}: hash and Bloom filter, key range then Bloom filter, or key range and bitmap (built
 * whatever {@link KeyBitmap#suits} says, to measure where it stops paying). Score: nanoseconds per
 * tuple.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(RuntimeFilterBenchmark.ROWS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {RequiredJvmFlags.NATIVE_ACCESS, RequiredJvmFlags.OPEN_NIO, RequiredJvmFlags.UNSAFE, "-Xmx2g"})
public class RuntimeFilterBenchmark {
    static final int ROWS = 1 << 22;

    @Param({"BLOOM", "RANGE_THEN_BLOOM", "BITMAP"})
    public FilterKernelCompiler.KeyTest test;

    @Param({"spread", "clustered"})
    public String keys;

    @Param({"0.01", "0.2"})
    public double fraction;

    @Param({"100000"})
    public int domain;

    private BenchMemory memory;
    private DetachedQuery query;
    private List<Rowset> rowsets;
    private final List<Batch> batches = new ArrayList<>();
    private BloomFilter bloom;
    private KeyBitmap bitmap;
    private long[] bounds;
    private FilterKernelCompiler.Kernel kernel;
    private StringScratch scratch;
    private int[] selection;

    @Setup(Level.Trial)
    public void setUp() {
        memory = new BenchMemory();
        query = new DetachedQuery(memory.allocator(), memory.pool(), Fixtures.ONE_WORKER);
        var allocator = query.context().allocator();
        int[] values = Fixtures.uniform(ROWS, domain, 4);
        rowsets = Fixtures.rowsets(new ColumnKind[] {ColumnKind.INT}, new int[][] {values}, domain, allocator);
        for (Rowset r : rowsets) batches.add(r.batch());
        // the build's keys: their range, Bloom filter and bitmap
        int count = (int) Math.round(fraction * domain), step = domain / count, first = keys.equals("spread") ? 0 : domain / 3;
        boolean[] built = new boolean[domain];
        bloom = new BloomFilter(count, allocator);
        KeyRange range = new KeyRange();
        for (int i = 0; i < count; i++) {
            int k = keys.equals("spread") ? i * step : first + i;
            built[k] = true;
            bloom.add(Hash.finish(Hash.combine(Hash.SEED, k)));
            range.add(k);
        }
        bitmap = KeyBitmap.of(bits(built, range, allocator), range.min(), range.max());
        bounds = new long[] {range.min(), range.max(), bitmap.address()};
        kernel = FilterKernelCompiler.compile(null, new int[] {0}, List.of(ExprCompiler.Input.of("k", DataType.INTEGER)),
                List.of(new FilterKernelCompiler.RuntimeFilterKeys(new int[] {0}, test)), c -> "k").instantiate(allocator);
        scratch = new StringScratch(allocator);
        selection = new int[Fixtures.ROWSET_ROWS];
        long exact = 0;
        for (int v : values) if (built[v]) exact++;
        long passed = filter();
        Fixtures.check(passed >= exact && (test != FilterKernelCompiler.KeyTest.BITMAP || passed == exact),
                test + " passed " + passed + " tuples, " + exact + " have a partner");
    }

    /** The keys' bits over their range, as {@link KeyBitmap#of} sets them where the keys suit a bitmap. */
    private static ArrowBuf bits(boolean[] built, KeyRange range, BufferAllocator allocator) {
        long bytes = ((range.max() - range.min() + 64) >>> 6) << 3;
        var words = allocator.buffer(bytes);
        words.setZero(0, bytes);
        for (int k = (int) range.min(); k <= range.max(); k++) {
            if (built[k]) {
                long d = k - range.min(), at = words.memoryAddress() + ((d >>> 6) << 3);
                Mem.putLong(at, Mem.getLong(at) | 1L << d);
            }
        }
        return words;
    }

    @Benchmark
    public long filter() {
        long n = 0;
        BloomFilter[] filters = {bloom};
        for (int i = 0; i < rowsets.size(); i++) n += kernel.select(batches.get(i), rowsets.get(i).rowCount(), selection, scratch, filters, bounds);
        return n;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        Fixtures.close(kernel, scratch, bitmap, bloom, Fixtures.all(rowsets), query, memory);
    }
}
