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
 * <li>clustered direct address, when the keys are too sparse for one slot per value (see
 *     {@link KeyRange#clusterShift}): slot {@code (key - min) >>> shift} heads the rows of 2^shift
 *     neighbouring key values, which a probe compares by key (no hash). It keeps the direct
 *     layout's sequential reads for a clustered probe side at the size of a bucket array. If the
 *     keys turn out to crowd into few slots, the table falls back to the hash layout. A bitmap
 *     with one bit per key value of the range ({@link #keyBitsAddress}) tells a probe whether its
 *     key is there before it loads a head and walks rows: with filtered build keys most probes
 *     of a non-empty slot find only neighbours, and each such walk is a cache miss on a row.</li>
 * </ul>
 * Either way every row keeps its key hash, for the Bloom filter R and the MATCHED bit.
 */
public final class JoinHashTable implements AutoCloseable {
    /** Top bit of a row's stored hash: the row found a partner (RIGHT and FULL joins). */
    public static final long MATCHED = Long.MIN_VALUE;

    private final List<TupleStore> stores;
    private static final VarHandle HEADS = ValueLayout.JAVA_LONG.varHandle();
    /**
     * Clustered layouts with at most this shift get the key bitmap: it is then no bigger than the
     * head array (2^shift bits per slot against 64).
     */
    static final int KEY_BITS_MAX_SHIFT = 6;

    // The layout may still change from clustered direct to hash once chained (see fallBackToHash).
    private ArrowBuf heads;
    private MemorySegment headSegment;
    private long headsAddress;
    private final long rows;
    private final BloomFilter bloom;
    /** Hash layout: the bucket mask. */
    private long mask;
    /** Direct layout: whether chains are by key, the smallest key, the key bits a slot ignores, the slot count, where keys and their NULL bits are. */
    private boolean direct;
    private final long keyMin;
    private final int shift;
    private long slots;
    private final int keyOffset;
    private final int keyNullWord;
    private final long keyNullMask;
    /** Direct layout, once chained: no two rows share a key, so every chain is one row long. */
    private boolean uniqueKeys;
    /** Clustered direct layout: bit {@code key - keyMin} is set when a row has that key; null without one. */
    private ArrowBuf keyBits;
    private MemorySegment keyBitSegment;
    private long keyBitsAddress;

    /** A hash table over every row of {@code stores}, inserted by the calling thread. */
    public JoinHashTable(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter) {
        this(stores, allocator, withBloomFilter, null, true);
        insert();
    }

    /**
     * An empty hash table sized for {@code stores}' rows: {@link #insert} fills it, or several
     * threads with {@link #chainRuns} and then {@link #addToBloomFilter}.
     */
    public static JoinHashTable allocate(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter) {
        return new JoinHashTable(stores, allocator, withBloomFilter, null, true);
    }

    /**
     * As {@link #allocate(List, BufferAllocator, boolean)}, but with the direct-address layout
     * when {@code key}'s range is dense enough (and its array fits the query's memory limit).
     */
    public static JoinHashTable allocate(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter, DirectKey key) {
        return new JoinHashTable(stores, allocator, withBloomFilter, key, true);
    }

    /**
     * As {@link #allocate(List, BufferAllocator, boolean, DirectKey)} (key may be null), for a
     * build on {@code parts} threads: the head array and key bitmap are left unzeroed, and every
     * part runs {@link #zeroShare} before any runs {@link #chainRuns}. A direct-address array
     * spans the key range (TPC-H orders: 6 M slots, 48 MB), so zeroing it on one thread took a
     * tenth of q9's time while the other waited.
     */
    public static JoinHashTable allocateUnzeroed(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter,
                                                 DirectKey key) {
        return new JoinHashTable(stores, allocator, withBloomFilter, key, false);
    }

    /** Zeroes part {@code part} of {@code parts} of the head array and key bitmap (see {@link #allocateUnzeroed}). */
    public void zeroShare(int part, int parts) {
        zeroShare(heads, slots * 8, part, parts);
        if (keyBits != null) zeroShare(keyBits, keyBits.capacity(), part, parts);
    }

    /** Zeroes the {@code part}-th of {@code parts} shares of {@code bytes} bytes, split at 8-byte words. */
    private static void zeroShare(ArrowBuf buf, long bytes, int part, int parts) {
        long words = bytes >>> 3;
        long from = words * part / parts, to = words * (part + 1) / parts;
        buf.setZero(from << 3, (to - from) << 3);
    }

    /** A build side's single integer key column and the range of its non-NULL values. */
    public record DirectKey(int column, KeyRange range) {}

    private JoinHashTable(List<TupleStore> stores, BufferAllocator allocator, boolean withBloomFilter, DirectKey key, boolean zero) {
        this.stores = List.copyOf(stores);
        long n = 0;
        for (TupleStore s : stores) n += s.rowCount();
        this.rows = n;
        long directSlots = key == null || stores.isEmpty() ? 0 : key.range().directSlots();
        int clusterShift = 0;
        if (directSlots == 0 && key != null && !stores.isEmpty()) {
            clusterShift = key.range().clusterShift();
            directSlots = clusterShift > 0 ? key.range().clusterSlots(clusterShift) : 0;
        }
        ArrowBuf array = null;
        if (directSlots > 0) {
            try {
                array = allocator.buffer(directSlots * 8);
            } catch (OutOfMemoryException e) {
                // The bucket array is smaller: build the hash layout within the limit instead.
            }
        }
        this.direct = array != null;
        this.shift = direct ? clusterShift : 0;
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
            capacity = bucketCount(n);
            array = bucketArray(allocator, capacity, n);
            this.keyMin = 0;
            this.keyOffset = this.keyNullWord = 0;
            this.keyNullMask = 0;
            this.mask = capacity - 1;
        }
        this.slots = capacity;
        this.heads = array;
        if (zero) heads.setZero(0, capacity * 8);
        this.headsAddress = heads.memoryAddress();
        this.headSegment = Mem.at(headsAddress, capacity * 8);
        if (shift > 0 && shift <= KEY_BITS_MAX_SHIFT) {
            long bytes = ((capacity << shift) + 63 >>> 6) * 8;
            try {
                keyBits = allocator.buffer(bytes);
                if (zero) keyBits.setZero(0, bytes);
                keyBitsAddress = keyBits.memoryAddress();
                keyBitSegment = Mem.at(keyBitsAddress, bytes);
            } catch (OutOfMemoryException e) {
                // An optional filter: probes then walk every non-empty slot's chain.
            }
        }
        BloomFilter filter = null;
        try {
            filter = withBloomFilter ? new BloomFilter(n, allocator) : null;
        } catch (RuntimeException e) {
            heads.close();
            if (keyBits != null) keyBits.close();
            throw e;
        }
        this.bloom = filter;
        this.allocator = allocator;
    }

    private final BufferAllocator allocator;

    /** At most half a row per bucket: a chain step is a cache miss, so short chains beat a smaller array. */
    private static long bucketCount(long rows) {
        return Long.highestOneBit(Math.max(SHARES, rows * 2 - 1)) << 1;
    }

    private static ArrowBuf bucketArray(BufferAllocator allocator, long capacity, long rows) {
        try {
            return allocator.buffer(capacity * 8);
        } catch (OutOfMemoryException e) {
            throw new OutOfMemoryException("query memory limit exceeded by a hash join's bucket array ("
                    + capacity + " buckets for " + rows + " rows)", e);
        }
    }

    /**
     * Clustered direct layout: whether {@code foreign} rows chained in front of a row with another
     * key mean the keys crowd into few slots (a skewed key range), so that hash buckets give
     * shorter chains. (Rows with one key share a chain in both layouts; a uniform spread at
     * {@link KeyRange#CLUSTER_SLOTS_PER_KEY} slots per key puts few rows before another key's.)
     */
    private boolean crowded(long foreign) {
        return shift > 0 && foreign > rows / 2;
    }

    /** Clustered layout: whether row {@code row}, chained in front of {@code head}, has another key (1) or the same (0). */
    private long foreignKey(long row, long head) {
        return shift > 0 && Mem.getLong(row + keyOffset) != Mem.getLong(head + keyOffset) ? 1 : 0;
    }

    /** Re-chains every row by its hash into a bucket array, on the calling thread (the clustered layout was crowded). */
    private void fallBackToHash() {
        long capacity = bucketCount(rows);
        ArrowBuf buckets = bucketArray(allocator, capacity, rows);
        heads.close();
        dropKeyBits();
        heads = buckets;
        heads.setZero(0, capacity * 8);
        headsAddress = heads.memoryAddress();
        headSegment = Mem.at(headsAddress, capacity * 8);
        direct = false;
        mask = capacity - 1;
        slots = capacity;
        uniqueKeys = false;
        for (TupleStore s : stores) {
            s.forEachRow(row -> {
                long at = headsAddress + ((Mem.getLong(row + RowLayout.HASH) & mask) << 3);
                Mem.putLong(row + RowLayout.NEXT, Mem.getLong(at));
                Mem.putLong(at, row);
            });
        }
    }

    /**
     * Where row {@code row}'s chain head lives (an address in the head array), or 0 for a row
     * with a NULL key in the direct layout, which joins no chain.
     */
    private long headOf(long row) {
        if (!direct) return headsAddress + ((Mem.getLong(row + RowLayout.HASH) & mask) << 3);
        if ((Mem.getLong(row + keyNullWord) & keyNullMask) != 0) return 0;
        return headsAddress + (((Mem.getLong(row + keyOffset) - keyMin) >>> shift) << 3);
    }

    private void dropKeyBits() {
        if (keyBits == null) return;
        keyBits.close();
        keyBits = null;
        keyBitSegment = null;
        keyBitsAddress = 0;
    }

    /** Key bitmap: the word of key offset {@code d} (the row's key minus {@link #keyMin}), as an offset into the bitmap. */
    private static long keyWord(long d) {
        return (d >>> 6) << 3;
    }

    /** Chains every row into the head array (and the Bloom filter), on the calling thread. */
    public void insert() {
        long[] shared = {0, 0};
        for (TupleStore s : stores) {
            s.forEachRow(row -> {
                long at = headOf(row);
                if (at != 0) {
                    long head = Mem.getLong(at);
                    if (head != 0) {
                        shared[0]++;
                        shared[1] += foreignKey(row, head);
                    }
                    Mem.putLong(row + RowLayout.NEXT, head);
                    Mem.putLong(at, row);
                    if (keyBitsAddress != 0) {
                        long d = Mem.getLong(row + keyOffset) - keyMin, word = keyBitsAddress + keyWord(d);
                        Mem.putLong(word, Mem.getLong(word) | 1L << d);
                    }
                }
                if (bloom != null) bloom.add(Mem.getLong(row + RowLayout.HASH));
            });
        }
        uniqueKeys = direct && shared[0] == 0;
        if (crowded(shared[1])) fallBackToHash();
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
                        if (head != 0) {
                            hashes.sharedHeads++;
                            hashes.foreignHeads += foreignKey(row, head);
                        }
                        if (keyBitsAddress != 0) {
                            long d = Mem.getLong(row + keyOffset) - keyMin;
                            HEADS.getAndBitwiseOr(keyBitSegment, keyWord(d), 1L << d);
                        }
                    }
                    long h = Mem.getLong(row + RowLayout.HASH);
                    if (bloom != null) hashes.add((int) (h & (SHARES - 1)), h);
                });
            }
        }
        return hashes;
    }

    /**
     * After every {@link #chainRuns} (and before any probe): notes whether some chain holds two
     * rows, and re-chains by hash if the clustered layout turned out crowded.
     */
    public void chained(List<HashShares> all) {
        long shared = 0, foreign = 0;
        for (HashShares s : all) {
            shared += s.sharedHeads;
            foreign += s.foreignHeads;
        }
        uniqueKeys = direct && shared == 0;
        if (crowded(foreign)) fallBackToHash();
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
        /** Rows chained in front of another, and of those in front of one with another key. */
        private long sharedHeads, foreignHeads;

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
     * Direct layout: every chain is one row long (every key has at most one row, and with a
     * {@link #shift} no two keys share a slot), so a probe needs no chain step. False for the
     * hash layout.
     */
    public boolean uniqueKeys() {
        return uniqueKeys;
    }

    /** Direct layout: the low key bits a slot ignores, 0 when every slot has one key (so a probe need not compare keys). */
    public int shift() {
        return shift;
    }

    /**
     * Clustered direct layout: the bitmap with bit {@code key - keyMin} set for every key a row
     * has (little-endian words of 64 keys), or 0 when there is none (other layouts, a shift
     * above {@link #KEY_BITS_MAX_SHIFT}, or no memory for it).
     */
    public long keyBitsAddress() {
        return keyBitsAddress;
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

    /**
     * Direct layout: the first row of the chain that holds the rows with key {@code key}, or 0
     * (the generated probe inlines the same); with a {@link #shift} the chain also holds rows
     * with neighbouring keys.
     */
    public long firstOfKey(long key) {
        long d = key - keyMin;
        if (d < 0 || (d >>> shift) >= slots) return 0L;
        if (keyBitsAddress != 0 && (Mem.getLong(keyBitsAddress + keyWord(d)) & 1L << d) == 0) return 0L;
        return Mem.getLong(headsAddress + ((d >>> shift) << 3));
    }

    /** How a probe finds rows, for the query's statistics. */
    public String describe() {
        return direct ? "direct-address table, " + slots + " slots" + (shift > 0 ? " of " + (1L << shift) + " keys" : "")
                + " from key " + keyMin + ", " + rows + " rows"
                + (uniqueKeys ? ", unique keys" : "") + (keyBitsAddress != 0 ? ", key bitmap" : "")
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
        dropKeyBits();
        if (bloom != null) bloom.close();
        for (TupleStore s : stores) s.close();
    }
}
