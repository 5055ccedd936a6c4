package io.ascan.codegen.rt;

/**
 * A string predicate evaluated once per dictionary entry instead of once per tuple: for a
 * dictionary-encoded VARCHAR column, {@code col = 'x'}, {@code col IN (...)}, {@code col LIKE
 * 'p'} and range comparisons become {@code table[code]}. The table is rebuilt only when the
 * dictionary changes (segments of a slice share it; a new segment brings a new dictionary), so
 * generated code can ask for it per tuple at the cost of one comparison.
 *
 * <p>A dictionary is Arrow VARCHAR buffers: int32 offsets ({@code size + 1} of them) and data.
 */
public final class DictionaryFilter {
    /** The predicate on one string value (not NULL). */
    @FunctionalInterface
    public interface Test {
        boolean test(long address, int length);
    }

    private final Test test;
    private long cachedOffsets;
    private long cachedData;
    private boolean[] table = new boolean[0];

    public DictionaryFilter(Test test) {
        this.test = test;
    }

    /** The same predicate with a cache of its own: each instance of a generated class gets one (see Constants). */
    public DictionaryFilter copy() {
        return new DictionaryFilter(test);
    }

    /** Whether the entry {@code code} of the dictionary passes (NULL codes must be handled by the caller). */
    public boolean test(long offsets, long data, int size, int code) {
        if (offsets != cachedOffsets || data != cachedData || table.length != size) rebuild(offsets, data, size);
        return table[code];
    }

    private void rebuild(long offsets, long data, int size) {
        boolean[] t = new boolean[size];
        for (int i = 0; i < size; i++) {
            int start = Mem.getInt(offsets + 4L * i), end = Mem.getInt(offsets + 4L * (i + 1));
            t[i] = test.test(data + start, end - start);
        }
        table = t;
        cachedOffsets = offsets;
        cachedData = data;
    }

    /**
     * In a sorted dictionary, the first code whose entry is not less than the key: {@code value <
     * key} is {@code code < lowerBound}, so range predicates compare codes.
     */
    public static int lowerBound(long offsets, long data, int size, long key, int keyLength) {
        int lo = 0, hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            int start = Mem.getInt(offsets + 4L * mid), end = Mem.getInt(offsets + 4L * (mid + 1));
            if (Strings.compare(data + start, end - start, key, keyLength) < 0) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }
}
