package io.ascan.bench.jmh;

import io.ascan.codegen.rt.Hash;
import io.ascan.codegen.rt.Mem;
import io.ascan.exec.DetachedQuery;
import io.ascan.scan.Rowset;
import io.ascan.exec.operator.HashJoinProbe;
import io.ascan.exec.operator.JoinBuildSink;
import io.ascan.exec.store.BloomFilter;
import io.ascan.exec.store.JoinHashTable;
import io.ascan.memory.RequiredJvmFlags;
import io.ascan.plan.JoinType;
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
 * Hash-join probe against a built {@link JoinHashTable} of {@code buildRows} distinct INTEGER
 * keys, one rowset of {@value Fixtures#ROWSET_ROWS} probe tuples whose keys hit with probability
 * {@code hitRate}. {@code probe}: the generated probe pipeline (hash, bucket chain walk, key
 * compare, a counting parent; or with the direct-address {@code layout}, a range check and the
 * slot's chain). {@code bloom}: the runtime filter R's test per tuple, hashed as the
 * build hashed its keys, as pushdown applies it near storage. Score: nanoseconds per probe tuple.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(Fixtures.ROWSET_ROWS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {RequiredJvmFlags.NATIVE_ACCESS, RequiredJvmFlags.OPEN_NIO, RequiredJvmFlags.UNSAFE, "-Xmx2g"})
public class JoinProbeBenchmark {
    @Param({"1000", "100000", "1000000"})
    public int buildRows;

    @Param({"0.01", "0.5", "1.0"})
    public double hitRate;

    /** The table's layout: hash buckets, or direct address (one slot per key value). */
    @Param({"hash", "direct"})
    public String layout;

    private BenchMemory memory;
    private DetachedQuery query;
    private List<Rowset> buildRowsets;
    private JoinBuildSink buildSink;
    private ScanPipeline buildPipeline;
    private BloomFilter bloomFilter;
    private Rowset probeRowset;
    private long probeKeys;
    private CountSink matches;
    private ScanPipeline probePipeline;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        memory = new BenchMemory();
        query = new DetachedQuery(memory.allocator(), memory.pool(), Fixtures.ONE_WORKER);
        buildRowsets = JoinSides.build(buildRows, query.context().allocator());
        buildSink = JoinSides.sink(layout.equals("direct"));
        buildPipeline = new ScanPipeline(query.context(), JoinSides.TYPES, JoinSides.TYPES.size(), null, buildSink);
        JoinHashTable table = JoinSides.build(buildPipeline, buildSink, buildRowsets, query.context());
        Fixtures.check(table.direct() == layout.equals("direct"), "the table should be " + layout + ": " + table.describe());
        bloomFilter = table.bloomFilter();

        int[] keys = JoinSides.probeKeys(Fixtures.ROWSET_ROWS, buildRows, hitRate);
        probeRowset = Fixtures.rowsets(JoinSides.KINDS, new int[][] {keys, Fixtures.uniform(keys.length, 1 << 30, 11)}, 0,
                query.context().allocator()).getFirst();
        probeKeys = probeRowset.batch().data[0];
        matches = new CountSink();
        HashJoinProbe probe = new HashJoinProbe(JoinType.INNER, true, new int[] {0}, new int[] {0}, null, buildSink,
                JoinSides.TYPES, false, matches);
        probePipeline = new ScanPipeline(query.context(), JoinSides.TYPES, JoinSides.TYPES.size(), null, probe);
        probePipeline.open();

        long hits = JoinSides.hits(keys);
        long found = probe();
        Fixtures.check(found == hits, "the probe found " + found + " matches, expected " + hits);
        long passed = bloom();
        Fixtures.check(passed >= hits, "the Bloom filter dropped " + (hits - passed) + " tuples that have a match");
    }

    @Benchmark
    public long probe() {
        matches.reset();
        probePipeline.consume(probeRowset);
        return matches.count();
    }

    @Benchmark
    public long bloom() {
        BloomFilter f = bloomFilter;
        long keys = probeKeys;
        long passed = 0;
        for (int row = 0; row < Fixtures.ROWSET_ROWS; row++) {
            long h = Hash.finish(Hash.combine(Hash.SEED, Mem.getInt(keys + 4L * row)));
            if (f.mightContain(h)) passed++;
        }
        return passed;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        Fixtures.close(probePipeline, probeRowset, buildPipeline, buildSink, Fixtures.all(buildRowsets), query, memory);
    }
}
