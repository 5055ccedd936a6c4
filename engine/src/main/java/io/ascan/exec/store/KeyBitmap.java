package io.ascan.exec.store;

import io.ascan.codegen.rt.Mem;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The exact set of a join build's integer keys as one bit per value of their range {@code [min,
 * max]}: the runtime filter R for a scan when the keys are dense enough that the bitmap is no
 * larger than a Bloom filter of them would be (a dimension's keys, filtered or not). Testing a key
 * is a subtraction, a compare and one bit: no hashing, and no false positives. Bits only, so it
 * stays in a core's cache where the join's direct-address array (eight bytes a slot) does not.
 */
public final class KeyBitmap implements AutoCloseable {
    /** Bits allowed per key: about what a Bloom filter spends ({@link BloomFilter}: 16 to 32). */
    static final long BITS_PER_KEY = 32;
    /**
     * Bits allowed for any key count (512 KiB): a bitmap this small stays in a core's second-level
     * cache, and its one load beats hashing into a smaller Bloom filter (SSB's suppliers of two
     * cities: 795 keys over 100,000 values; TPC-H q02's 7,854 parts over 2,000,000 values at SF 10,
     * where the pushdown kernel tests a key in a third of the time of range then Bloom filter:
     * RuntimeFilterBenchmark, docs/benchmarks.md).
     */
    static final long SMALL_BITS = 1L << 22;
    /** The largest bitmap (1 MiB): beyond it the Bloom filter is the safer bet. */
    static final long MAX_BITS = 1L << 23;
    /**
     * The largest view of bits another structure keeps ({@link #over}, 16 MiB): they cost no
     * memory, and a probe side clustered by the key (TPC-H's {@code lineitem} by {@code l_orderkey})
     * reads them in order: TPC-H SF 10 q05's orders keys over 60 M values (7.5 MB), where the
     * Bloom filter lost pushdown to staging, whose join tests these very bits.
     */
    static final long SHARED_MAX_BITS = 1L << 27;

    private final ArrowBuf words; // null for a view of bits another structure owns
    private final long address;
    private final long min;
    private final long max;

    private KeyBitmap(ArrowBuf words, long address, long min, long max) {
        this.words = words;
        this.address = address;
        this.min = min;
        this.max = max;
    }

    /**
     * A bitmap of the keys of {@code range} whose bits, bit {@code key - range.min()} per key, are
     * already kept at {@code address} by their owner (a clustered join table's key bits): not
     * freed by {@link #close}, valid while the owner is. Null where the range is too large
     * ({@link #shareable}: up to {@link #SHARED_MAX_BITS}).
     */
    public static KeyBitmap over(long address, KeyRange range) {
        return shareable(range) ? new KeyBitmap(null, address, range.min(), range.max()) : null;
    }

    /**
     * Whether bits another structure keeps anyway serve as R: they cost no memory, so only the
     * range's size, not its density, limits them (TPC-H q03's 147,126 order keys over 6 M values:
     * a test is one load from 750 KB instead of a hash and a load from a Bloom filter of about
     * the same size).
     */
    static boolean shareable(KeyRange range) {
        if (range == null || range.keys() == 0) return false;
        long bits = range.max() - range.min() + 1;
        return bits > 0 && bits <= SHARED_MAX_BITS;
    }

    /**
     * Whether this bitmap may travel to a storage node with a pushdown request: a node takes
     * bitmaps of up to 1 MiB ({@link #of(ArrowBuf, long, long)}); a larger view stays on this side,
     * and the node tests the Bloom filter instead.
     */
    public boolean shippable() {
        return max - min + 1 <= MAX_BITS;
    }

    /**
     * The bitmap of range {@code min..max} whose bits are {@code words} (taking it over), as
     * another process built them; {@code words} must hold the range's bits.
     */
    public static KeyBitmap of(ArrowBuf words, long min, long max) {
        if (min > max || max - min + 1 <= 0 || max - min + 1 > MAX_BITS || words.capacity() < (((max - min + 64) >>> 6) << 3)) {
            throw new IllegalArgumentException("a key bitmap of " + min + ".." + max + " cannot be " + words.capacity() + " bytes");
        }
        return new KeyBitmap(words, words.memoryAddress(), min, max);
    }

    /** Whether the keys of {@code range} get a bitmap (else a Bloom filter alone serves). */
    public static boolean suits(KeyRange range) {
        if (!shareable(range)) return false;
        long bits = range.max() - range.min() + 1;
        return bits <= MAX_BITS && (bits <= SMALL_BITS || bits <= BITS_PER_KEY * range.keys());
    }

    /**
     * The bitmap of the non-NULL values of column {@code column} over the rows of {@code stores}
     * (whose keys {@code range} covers), or null where they do not {@link #suits suit} one.
     */
    public static KeyBitmap of(List<TupleStore> stores, RowLayout layout, int column, KeyRange range, BufferAllocator allocator) {
        if (!suits(range)) return null;
        long bits = range.max() - range.min() + 1;
        long bytes = ((bits + 63) >>> 6) << 3;
        ArrowBuf words = allocator.buffer(bytes);
        try {
            words.setZero(0, bytes);
            long address = words.memoryAddress(), lo = range.min();
            int value = layout.valueOffset(column), nullWord = layout.nullWordOffset(column);
            long nullMask = RowLayout.nullMask(column);
            for (TupleStore s : stores) {
                s.forEachRow(row -> {
                    if ((Mem.getLong(row + nullWord) & nullMask) != 0) return; // NULL: never a partner
                    long d = Mem.getLong(row + value) - lo;
                    long at = address + ((d >>> 6) << 3);
                    Mem.putLong(at, Mem.getLong(at) | 1L << d);
                });
            }
            return new KeyBitmap(words, address, lo, range.max());
        } catch (RuntimeException | Error e) {
            words.close();
            throw e;
        }
    }

    public boolean contains(long key) {
        return test(address, min, max, key);
    }

    /** {@link #contains} for generated code that keeps the bitmap's address and range in locals. */
    public static boolean test(long address, long min, long max, long key) {
        long d = key - min;
        return Long.compareUnsigned(d, max - min) <= 0 && (Mem.getLong(address + ((d >>> 6) << 3)) >>> d & 1) != 0;
    }

    public long address() {
        return address;
    }

    public long min() {
        return min;
    }

    public long max() {
        return max;
    }

    /** The bytes a test may touch: one bit per value of the range, in whole words. */
    public long sizeBytes() {
        return ((max - min + 64) >>> 6) << 3;
    }

    @Override
    public void close() {
        if (words != null) words.close();
    }
}
