package io.ascan.codegen.rt;

/**
 * Hash functions for generated join and aggregation code. Keys hash by value, never by dictionary
 * code (codes differ between segments). Results are masked to 63 bits: the top bit of a stored hash
 * is free for flags (a build row's "matched" mark in outer joins).
 */
public final class Hash {
    public static final long SEED = 0x2545F4914F6CDD1DL;
    public static final long MASK = Long.MAX_VALUE;

    private Hash() {}

    /** Stafford's mix13 finaliser (as in SplittableRandom): every input bit affects every output bit. */
    public static long mix(long x) {
        x = (x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L;
        x = (x ^ (x >>> 27)) * 0x94D049BB133111EBL;
        return x ^ (x >>> 31);
    }

    /** Folds one more key value into a running hash. */
    public static long combine(long h, long value) {
        return mix(h ^ (value + 0x9E3779B97F4A7C15L + (h << 6) + (h >>> 2)));
    }

    public static long ofDouble(double v) {
        // -0.0 and 0.0 are equal in SQL; all NaNs are one value.
        if (v == 0.0) return 0;
        return Double.doubleToLongBits(v);
    }

    /** Hash of UTF-8 bytes at an address, eight at a time. */
    public static long ofBytes(long address, int length) {
        long h = SEED ^ length;
        int i = 0;
        for (; i + 8 <= length; i += 8) h = combine(h, Mem.getLong(address + i));
        long tail = 0;
        for (int s = 0; i < length; i++, s += 8) tail |= (Mem.getByte(address + i) & 0xFFL) << s;
        return combine(h, tail);
    }

    /** {@link #ofBytes} of every entry of a dictionary (Arrow VARCHAR offsets and data, {@code size} entries). */
    public static long[] ofDictionary(long offsets, long data, int size) {
        long[] h = new long[size];
        for (int i = 0; i < size; i++) {
            int start = Mem.getInt(offsets + 4L * i);
            h[i] = ofBytes(data + start, Mem.getInt(offsets + 4L * (i + 1)) - start);
        }
        return h;
    }

    /** Value hashed for a NULL key (NULLs never join, but they group together). */
    public static final long NULL_VALUE = 0x7F4A7C159E3779B9L;

    public static long finish(long h) {
        return h & MASK;
    }
}
