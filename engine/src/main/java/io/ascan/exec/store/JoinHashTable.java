package io.ascan.exec.store;

import io.ascan.codegen.rt.Mem;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;

/**
 * The build side of a hash join: the rows of the build pipeline's stores, chained by hash into a
 * power-of-two bucket array. Built once after the build pipeline finished, by one thread or by
 * several (each chaining its row runs); then probed
 * concurrently and read-only, except for the "matched" bit outer joins set (a benign race: bits
 * are only ever set). Generated probe code walks a chain as
 * {@code for (r = bucket(h); r != 0; r = next(r)) if (hash(r) == h && keys match) ...}.
 */
public final class JoinHashTable implements AutoCloseable {
    /** Top bit of a row's stored hash: the row found a partner (RIGHT and FULL joins). */
    public static final long MATCHED = Long.MIN_VALUE;

    private final List<TupleStore> stores;
    private static final VarHandle BUCKETS = ValueLayout.JAVA_LONG.varHandle();

    private final ArrowBuf buckets;
    private final MemorySegment bucketSegment;
    private final long mask;
    private final long rows;
    private final BloomFilter bloom;

    /** A table over every row of {@code stores}, inserted by the calling thread. */
    public JoinHashTable(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter) {
        this(stores, allocator, withBloomFilter, true);
    }

    /**
     * An empty table sized for {@code stores}' rows: {@link #insert} fills it, or several threads
     * with {@link #chainRuns} and then {@link #addToBloomFilter}.
     */
    public static JoinHashTable allocate(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter) {
        return new JoinHashTable(stores, allocator, withBloomFilter, false);
    }

    private JoinHashTable(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter, boolean insertAll) {
        this.stores = List.copyOf(stores);
        long n = 0;
        for (TupleStore s : stores) n += s.rowCount();
        this.rows = n;
        // At most half a row per bucket: a chain step is a cache miss, so short chains beat a smaller array.
        long capacity = Long.highestOneBit(Math.max(SHARES, n * 2 - 1)) << 1;
        try {
            buckets = allocator.buffer(capacity * 8);
        } catch (OutOfMemoryException e) {
            throw new OutOfMemoryException("query memory limit exceeded by a hash join's bucket array ("
                    + capacity + " buckets for " + n + " rows)", e);
        }
        buckets.setZero(0, capacity * 8);
        this.bucketSegment = Mem.at(buckets.memoryAddress(), capacity * 8);
        this.mask = capacity - 1;
        BloomFilter filter = null;
        try {
            filter = withBloomFilter ? new BloomFilter(n, allocator) : null;
        } catch (RuntimeException e) {
            buckets.close();
            throw e;
        }
        this.bloom = filter;
        if (insertAll) insert();
    }

    /** Chains every row into the buckets (and the Bloom filter), on the calling thread. */
    public void insert() {
        for (TupleStore s : stores) s.forEachRow(this::chain);
    }

    private void chain(long row) {
        long h = Mem.getLong(row + RowLayout.HASH);
        long at = buckets.memoryAddress() + ((h & mask) << 3);
        Mem.putLong(row + RowLayout.NEXT, Mem.getLong(at));
        Mem.putLong(at, row);
        if (bloom != null) bloom.add(h);
    }

    /** Shares of the hash values in a parallel build's Bloom filter pass (see {@link #chainRuns}). */
    public static final int SHARES = 64;

    /**
     * Phase 1 of a build on {@code parts} threads, run by thread {@code part}: chains the rows of
     * every {@code parts}-th row run, in store order (a compare-and-set on the bucket head), and
     * returns their hashes sorted by share, the low six bits. Bloom filter words are not
     * updated here: an atomic OR per row costs more than the chaining.
     */
    public HashShares chainRuns(int part, int parts) {
        HashShares hashes = new HashShares();
        long base = buckets.memoryAddress();
        int run = 0;
        for (TupleStore s : stores) {
            for (int r = 0; r < s.runCount(); r++, run++) {
                if (run % parts != part) continue;
                s.forEachRowOfRun(r, row -> {
                    long h = Mem.getLong(row + RowLayout.HASH);
                    long slot = (h & mask) << 3;
                    long head;
                    do {
                        head = Mem.getLong(base + slot);
                        Mem.putLong(row + RowLayout.NEXT, head);
                    } while (!BUCKETS.compareAndSet(bucketSegment, slot, head, row));
                    if (bloom != null) hashes.add((int) (h & (SHARES - 1)), h);
                });
            }
        }
        return hashes;
    }

    /**
     * Phase 2, run by thread {@code part} after every {@link #chainRuns}: adds the hashes of shares
     * {@code part}, {@code part + parts}... to the Bloom filter. The share is in the low bits every
     * Bloom filter word index contains, so threads write disjoint words.
     */
    public void addToBloomFilter(int part, int parts, List<HashShares> all) {
        if (bloom == null) return;
        for (int share = part; share < SHARES; share += parts) {
            for (HashShares s : all) s.forEach(share, bloom::add);
        }
    }

    /** Hash values by share, from one thread's {@link #chainRuns}. */
    public static final class HashShares {
        private final long[][] values = new long[SHARES][16];
        private final int[] counts = new int[SHARES];

        void add(int share, long h) {
            if (counts[share] == values[share].length) values[share] = java.util.Arrays.copyOf(values[share], values[share].length * 2);
            values[share][counts[share]++] = h;
        }

        void forEach(int share, java.util.function.LongConsumer visitor) {
            long[] v = values[share];
            for (int i = 0; i < counts[share]; i++) visitor.accept(v[i]);
        }
    }

    public long bucketsAddress() {
        return buckets.memoryAddress();
    }

    public long mask() {
        return mask;
    }

    public long rowCount() {
        return rows;
    }

    /** The first row of the chain for hash {@code h}, or 0. */
    public long first(long h) {
        return Mem.getLong(buckets.memoryAddress() + ((h & mask) << 3));
    }

    /** The runtime filter R for the probe-side scan, or null if none was requested. */
    public BloomFilter bloomFilter() {
        return bloom;
    }

    public List<TupleStore> stores() {
        return stores;
    }

    @Override
    public void close() {
        buckets.close();
        if (bloom != null) bloom.close();
        for (TupleStore s : stores) s.close();
    }
}
