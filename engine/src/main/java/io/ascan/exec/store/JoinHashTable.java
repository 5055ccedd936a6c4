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
 * The build side of a hash join: the rows of the build pipeline's stores, chained into an array
 * of heads. Built once after the build pipeline finished, by one thread or by several (each
 * chaining its row runs); then probed concurrently and read-only, except for the "matched" bit
 * outer joins set (a benign race: bits are only ever set).
 *
 * <p>Two layouts of the head array, chosen when the build finished and the keys are known:
 * <ul>
 * <li>hash buckets, a power of two of them: generated probe code walks a chain as
 *     {@code for (r = bucket(h); r != 0; r = next(r)) if (hash(r) == h && keys match) ...};</li>
 * <li>direct address (DuckDB's "perfect hash join"), when the join has one integer key whose
 *     non-NULL values span a dense range (see {@link KeyRange#directSlots}): slot {@code key - min}
 *     heads the chain of exactly the rows with that key, so a probe is a range check and one load,
 *     with no hashing and no hash or key compare. Probe keys clustered in the probe table (order
 *     keys in lineitem) also stay clustered in the slots, where hashing scatters them. Rows with a
 *     NULL key are in no chain (they never match).</li>
 * </ul>
 * Either way every row keeps its key hash, for the Bloom filter R and the MATCHED bit.
 */
public final class JoinHashTable implements AutoCloseable {
    /** Top bit of a row's stored hash: the row found a partner (RIGHT and FULL joins). */
    public static final long MATCHED = Long.MIN_VALUE;

    private final List<TupleStore> stores;
    private static final VarHandle HEADS = ValueLayout.JAVA_LONG.varHandle();

    private final ArrowBuf heads;
    private final MemorySegment headSegment;
    private final long headsAddress;
    private final long rows;
    private final BloomFilter bloom;
    /** Hash layout: the bucket mask. */
    private final long mask;
    /** Direct layout: whether chains are by key, the smallest key, the slot count, where keys and their NULL bits are. */
    private final boolean direct;
    private final long keyMin;
    private final long slots;
    private final int keyOffset;
    private final int keyNullWord;
    private final long keyNullMask;
    /** Direct layout, once chained: no two rows share a key, so every chain is one row long. */
    private boolean uniqueKeys;

    /** A hash table over every row of {@code stores}, inserted by the calling thread. */
    public JoinHashTable(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter) {
        this(stores, allocator, withBloomFilter, null);
        insert();
    }

    /**
     * An empty hash table sized for {@code stores}' rows: {@link #insert} fills it, or several
     * threads with {@link #chainRuns} and then {@link #addToBloomFilter}.
     */
    public static JoinHashTable allocate(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter) {
        return new JoinHashTable(stores, allocator, withBloomFilter, null);
    }

    /**
     * As {@link #allocate(List, BufferAllocator, boolean)}, but with the direct-address layout
     * when {@code key}'s range is dense enough (and its array fits the query's memory limit).
     */
    public static JoinHashTable allocate(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter, DirectKey key) {
        return new JoinHashTable(stores, allocator, withBloomFilter, key);
    }

    /** A build side's single integer key column and the range of its non-NULL values. */
    public record DirectKey(int column, KeyRange range) {}

    private JoinHashTable(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter, DirectKey key) {
        this.stores = List.copyOf(stores);
        long n = 0;
        for (TupleStore s : stores) n += s.rowCount();
        this.rows = n;
        long directSlots = key == null || stores.isEmpty() ? 0 : key.range().directSlots();
        ArrowBuf array = null;
        if (directSlots > 0) {
            try {
                array = allocator.buffer(directSlots * 8);
            } catch (OutOfMemoryException e) {
                // The bucket array is smaller: build the hash layout within the limit instead.
            }
        }
        this.direct = array != null;
        long capacity;
        if (direct) {
            capacity = directSlots;
            RowLayout layout = stores.getFirst().layout();
            this.keyMin = key.range().min();
            this.keyOffset = layout.valueOffset(key.column());
            this.keyNullWord = layout.nullWordOffset(key.column());
            this.keyNullMask = RowLayout.nullMask(key.column());
            this.mask = 0;
        } else {
            // At most half a row per bucket: a chain step is a cache miss, so short chains beat a smaller array.
            capacity = Long.highestOneBit(Math.max(SHARES, n * 2 - 1)) << 1;
            try {
                array = allocator.buffer(capacity * 8);
            } catch (OutOfMemoryException e) {
                throw new OutOfMemoryException("query memory limit exceeded by a hash join's bucket array ("
                        + capacity + " buckets for " + n + " rows)", e);
            }
            this.keyMin = 0;
            this.keyOffset = this.keyNullWord = 0;
            this.keyNullMask = 0;
            this.mask = capacity - 1;
        }
        this.slots = capacity;
        this.heads = array;
        heads.setZero(0, capacity * 8);
        this.headsAddress = heads.memoryAddress();
        this.headSegment = Mem.at(headsAddress, capacity * 8);
        BloomFilter filter = null;
        try {
            filter = withBloomFilter ? new BloomFilter(n, allocator) : null;
        } catch (RuntimeException e) {
            heads.close();
            throw e;
        }
        this.bloom = filter;
    }

    /**
     * Where row {@code row}'s chain head lives (an address in the head array), or 0 for a row
     * with a NULL key in the direct layout, which joins no chain.
     */
    private long headOf(long row) {
        if (!direct) return headsAddress + ((Mem.getLong(row + RowLayout.HASH) & mask) << 3);
        if ((Mem.getLong(row + keyNullWord) & keyNullMask) != 0) return 0;
        return headsAddress + ((Mem.getLong(row + keyOffset) - keyMin) << 3);
    }

    /** Chains every row into the head array (and the Bloom filter), on the calling thread. */
    public void insert() {
        boolean[] shared = {false};
        for (TupleStore s : stores) {
            s.forEachRow(row -> {
                long at = headOf(row);
                if (at != 0) {
                    long head = Mem.getLong(at);
                    shared[0] |= head != 0;
                    Mem.putLong(row + RowLayout.NEXT, head);
                    Mem.putLong(at, row);
                }
                if (bloom != null) bloom.add(Mem.getLong(row + RowLayout.HASH));
            });
        }
        uniqueKeys = direct && !shared[0];
    }

    /** Shares of the hash values in a parallel build's Bloom filter pass (see {@link #chainRuns}). */
    public static final int SHARES = 64;

    /**
     * Phase 1 of a build on {@code parts} threads, run by thread {@code part}: chains the rows of
     * every {@code parts}-th row run, in store order (a compare-and-set on the chain head), and
     * returns their hashes sorted by share, the low six bits. Bloom filter words are not
     * updated here: an atomic OR per row costs more than the chaining.
     */
    public HashShares chainRuns(int part, int parts) {
        HashShares hashes = new HashShares();
        int run = 0;
        for (TupleStore s : stores) {
            for (int r = 0; r < s.runCount(); r++, run++) {
                if (run % parts != part) continue;
                s.forEachRowOfRun(r, row -> {
                    long at = headOf(row);
                    if (at != 0) {
                        long head;
                        do {
                            head = Mem.getLong(at);
                            Mem.putLong(row + RowLayout.NEXT, head);
                        } while (!HEADS.compareAndSet(headSegment, at - headsAddress, head, row));
                        hashes.sharedHead |= head != 0;
                    }
                    long h = Mem.getLong(row + RowLayout.HASH);
                    if (bloom != null) hashes.add((int) (h & (SHARES - 1)), h);
                });
            }
        }
        return hashes;
    }

    /** After every {@link #chainRuns} (and before any probe): notes whether some chain holds two rows. */
    public void chained(List<HashShares> all) {
        boolean shared = false;
        for (HashShares s : all) shared |= s.sharedHead;
        uniqueKeys = direct && !shared;
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
        /** A row was chained in front of another. */
        private boolean sharedHead;

        void add(int share, long h) {
            if (counts[share] == values[share].length) values[share] = java.util.Arrays.copyOf(values[share], values[share].length * 2);
            values[share][counts[share]++] = h;
        }

        void forEach(int share, java.util.function.LongConsumer visitor) {
            long[] v = values[share];
            for (int i = 0; i < counts[share]; i++) visitor.accept(v[i]);
        }
    }

    /** The head array: hash buckets, or with {@link #direct} one slot per key from {@link #keyMin}. */
    public long headsAddress() {
        return headsAddress;
    }

    /** Hash layout: the mask that turns a hash into a bucket. */
    public long mask() {
        return mask;
    }

    /** Whether this is the direct-address layout: chains by key, not by hash. */
    public boolean direct() {
        return direct;
    }

    /**
     * Direct layout: every key has at most one row, so a probe needs no chain step (and touches
     * the row only if it reads its columns). False for the hash layout.
     */
    public boolean uniqueKeys() {
        return uniqueKeys;
    }

    /** Direct layout: the key of slot 0. */
    public long keyMin() {
        return keyMin;
    }

    /** Slots (direct) or buckets (hash) of the head array. */
    public long slots() {
        return slots;
    }

    public long rowCount() {
        return rows;
    }

    /** Hash layout: the first row of the chain for hash {@code h}, or 0. */
    public long first(long h) {
        return Mem.getLong(headsAddress + ((h & mask) << 3));
    }

    /** Direct layout: the first row with key {@code key}, or 0 (the generated probe inlines the same). */
    public long firstOfKey(long key) {
        long d = key - keyMin;
        return d >= 0 && d < slots ? Mem.getLong(headsAddress + (d << 3)) : 0L;
    }

    /** How a probe finds rows, for the query's statistics. */
    public String describe() {
        return direct ? "direct-address table, " + slots + " slots from key " + keyMin + ", " + rows + " rows"
                + (uniqueKeys ? ", unique keys" : "")
                : "hash table, " + slots + " buckets, " + rows + " rows";
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
        heads.close();
        if (bloom != null) bloom.close();
        for (TupleStore s : stores) s.close();
    }
}
