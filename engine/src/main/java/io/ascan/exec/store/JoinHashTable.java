package io.ascan.exec.store;

import io.ascan.codegen.rt.Mem;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;

/**
 * The build side of a hash join: the rows of the build pipeline's stores, chained by hash into a
 * power-of-two bucket array. Built once, single-threaded, after the build pipeline finished; then
 * probed concurrently and read-only, except for the "matched" bit outer joins set (a benign race:
 * bits are only ever set). Generated probe code walks a chain as
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

    public JoinHashTable(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter) {
        this.stores = List.copyOf(stores);
        long n = 0;
        for (TupleStore s : stores) n += s.rowCount();
        this.rows = n;
        long capacity = Long.highestOneBit(Math.max(16, n * 2 - 1)) << 1;
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
            long base = buckets.memoryAddress();
            for (TupleStore s : stores) {
                BloomFilter f = filter;
                s.forEachRow(row -> {
                    long h = Mem.getLong(row + RowLayout.HASH);
                    long slot = base + ((h & mask) << 3);
                    Mem.putLong(row + RowLayout.NEXT, Mem.getLong(slot));
                    Mem.putLong(slot, row);
                    if (f != null) f.add(h);
                });
            }
        } catch (RuntimeException e) {
            buckets.close();
            if (filter != null) filter.close();
            throw e;
        }
        this.bloom = filter;
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
