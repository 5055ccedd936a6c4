package io.ascan.exec.store;

import io.ascan.codegen.rt.Mem;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;

/**
 * The build side of a hash join: the rows of the build pipeline's stores, chained by hash into a
 * power-of-two bucket array. Built once after the build pipeline finished, by one thread or by
 * several, each chaining the rows of its shares of the hash values; then probed
 * concurrently and read-only, except for the "matched" bit outer joins set (a benign race: bits
 * are only ever set). Generated probe code walks a chain as
 * {@code for (r = bucket(h); r != 0; r = next(r)) if (hash(r) == h && keys match) ...}.
 */
public final class JoinHashTable implements AutoCloseable {
    /** Top bit of a row's stored hash: the row found a partner (RIGHT and FULL joins). */
    public static final long MATCHED = Long.MIN_VALUE;

    private final List<TupleStore> stores;
    private final ArrowBuf buckets;
    private final long mask;
    private final long rows;
    private final BloomFilter bloom;

    /** A table over every row of {@code stores}, inserted by the calling thread. */
    public JoinHashTable(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter) {
        this(stores, allocator, withBloomFilter, true);
    }

    /**
     * An empty table sized for {@code stores}' rows: {@link #insert} fills it, or several threads
     * with {@link #partition} and then {@link #insertShares}.
     */
    public static JoinHashTable allocate(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter) {
        return new JoinHashTable(stores, allocator, withBloomFilter, false);
    }

    private JoinHashTable(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter, boolean insertAll) {
        this.stores = List.copyOf(stores);
        long n = 0;
        for (TupleStore s : stores) n += s.rowCount();
        this.rows = n;
        // Chains: up to one row per bucket on average keeps them short with half the memory of a sparser array.
        long capacity = Long.highestOneBit(Math.max(RowShares.SHARES, n * 2 - 1));
        try {
            buckets = allocator.buffer(capacity * 8);
        } catch (OutOfMemoryException e) {
            throw new OutOfMemoryException("query memory limit exceeded by a hash join's bucket array ("
                    + capacity + " buckets for " + n + " rows)", e);
        }
        buckets.setZero(0, capacity * 8);
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

    /**
     * Phase 1 of a build on {@code parts} threads, run by thread {@code part}: its rows sorted by
     * share. A share is the low bits of the hash, which both the bucket index and the Bloom filter
     * word contain, so threads chaining different shares write disjoint memory (every bucket
     * array and Bloom filter has at least {@value RowShares#SHARES} slots).
     */
    public RowShares partition(int part, int parts) {
        return RowShares.partition(stores, part, parts, 0);
    }

    /** Phase 2, run by thread {@code part} after every partition: chains the rows of its shares. */
    public void insertShares(int part, int parts, List<RowShares> partitions) {
        RowShares.forEachRow(partitions, part, parts, this::chain);
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
