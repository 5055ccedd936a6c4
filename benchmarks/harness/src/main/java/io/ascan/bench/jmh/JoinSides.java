package io.ascan.bench.jmh;

import io.ascan.exec.QueryContext;
import io.ascan.scan.Rowset;
import io.ascan.exec.operator.JoinBuildSink;
import io.ascan.exec.store.JoinHashTable;
import io.ascan.types.DataType;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The two sides of an SSB-like foreign-key join on an INTEGER key: a build side of {@code n}
 * rows (distinct even keys, an INTEGER payload) and probe tuples whose keys hit the build side
 * with a given probability (misses are odd, so never found).
 */
final class JoinSides {
    static final List<DataType> TYPES = List.of(DataType.INTEGER, DataType.INTEGER);
    static final ColumnKind[] KINDS = {ColumnKind.INT, ColumnKind.INT};

    private JoinSides() {}

    /** Build rowsets: key {@code 2 * i} for i in 0..n-1 in random order, a payload. */
    static List<Rowset> build(int n, BufferAllocator allocator) {
        int[] keys = Fixtures.permutation(n, 7);
        for (int i = 0; i < n; i++) keys[i] *= 2;
        return Fixtures.rowsets(KINDS, new int[][] {keys, Fixtures.uniform(n, 1 << 30, 8)}, 0, allocator);
    }

    /** Probe keys: with probability {@code hitRate} a random build key, otherwise an odd key. */
    static int[] probeKeys(int rows, int buildRows, double hitRate) {
        int[] keys = Fixtures.uniform(rows, buildRows, 9);
        java.util.SplittableRandom r = new java.util.SplittableRandom(10);
        for (int i = 0; i < rows; i++) keys[i] = r.nextDouble() < hitRate ? 2 * keys[i] : 2 * r.nextInt(1 << 29) + 1;
        return keys;
    }

    static long hits(int[] probeKeys) {
        long n = 0;
        for (int k : probeKeys) if ((k & 1) == 0) n++;
        return n;
    }

    /**
     * A build sink for {@link #TYPES} keyed on column 0, as an inner join plans it; {@code direct}:
     * it may take the direct-address layout (the keys 0, 2, 4... are dense enough), else hashing.
     */
    static JoinBuildSink sink(boolean direct) {
        return new JoinBuildSink(TYPES, new int[] {0}, false, direct);
    }

    /**
     * Runs the build: the rowsets through {@code pipeline} (fresh stores), then the sink's finish
     * chains them and fills the Bloom filter. Returns the finished table, owned by {@code sink}.
     */
    static JoinHashTable build(ScanPipeline pipeline, JoinBuildSink sink, List<Rowset> rowsets, QueryContext query) throws Exception {
        pipeline.open();
        for (Rowset r : rowsets) pipeline.consume(r);
        sink.finish(null, query); // a join build's finish does not need the pipeline
        return (JoinHashTable) sink.table().get(null);
    }
}
