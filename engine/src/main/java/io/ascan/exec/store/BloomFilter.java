package io.ascan.exec.store;

import io.ascan.codegen.rt.Mem;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A blocked Bloom filter over 63-bit key hashes: the runtime filter R a join build publishes to the
 * probe-side scan (A-Scan paper III-C), which the join's probe also tests before it loads a bucket.
 * One 64-bit word per key, chosen by the hash's low bits, with four bits set from its high bits:
 * one cache line touched per test. Two to four keys share a word (16 to 32 bits per key), for
 * about 0.1% to 0.6% false positives, small enough that the filter of a build whose bucket array
 * outgrows the core's cache still fits there. False positives only cost work; there are no false
 * negatives.
 */
public final class BloomFilter implements AutoCloseable {
    private final ArrowBuf words;
    private final long address;
    private final long mask;

    public BloomFilter(long keys, BufferAllocator allocator) {
        long count = Math.max(64, Long.highestOneBit(Math.max(1, keys)) >>> 1); // a word per two to four keys
        this.words = allocator.buffer(count * 8);
        words.setZero(0, count * 8);
        this.address = words.memoryAddress();
        this.mask = count - 1;
    }

    private BloomFilter(ArrowBuf words) {
        this.words = words;
        this.address = words.memoryAddress();
        this.mask = words.capacity() / 8 - 1;
    }

    /**
     * The filter whose words are {@code words} (taking it over: {@link #close} releases it), as
     * another process built them; its capacity must be a power of two of at least 64 words.
     */
    public static BloomFilter of(ArrowBuf words) {
        long count = words.capacity() / 8;
        if (count < 64 || Long.bitCount(count) != 1 || words.capacity() % 8 != 0) {
            throw new IllegalArgumentException("a Bloom filter has a power of two of at least 64 words, not "
                    + words.capacity() + " bytes");
        }
        return new BloomFilter(words);
    }

    private static long bits(long h) {
        return (1L << (h >>> 32 & 63)) | (1L << (h >>> 38 & 63)) | (1L << (h >>> 44 & 63)) | (1L << (h >>> 50 & 63));
    }

    public void add(long h) {
        long at = address + ((h & mask) << 3);
        Mem.putLong(at, Mem.getLong(at) | bits(h));
    }

    public boolean mightContain(long h) {
        return test(address, mask, h);
    }

    /** {@link #mightContain} for generated code that keeps the filter's {@link #address} and {@link #mask} in locals. */
    public static boolean test(long address, long mask, long h) {
        long b = bits(h);
        return (Mem.getLong(address + ((h & mask) << 3)) & b) == b;
    }

    /** Where the words are. */
    public long address() {
        return address;
    }

    /** Words minus one: a hash's low bits masked with it pick its word. */
    public long mask() {
        return mask;
    }

    public long sizeBytes() {
        return words.capacity();
    }

    @Override
    public void close() {
        words.close();
    }
}
