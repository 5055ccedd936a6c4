package io.ascan.scan.materializer;

import io.ascan.codegen.FilterKernelCompiler;
import io.ascan.exec.store.BloomFilter;
import io.ascan.exec.store.KeyBitmap;
import java.util.Arrays;

/**
 * A runtime filter R, published by a join build to the scan of its probe side: a Bloom filter
 * over the hash of some scan output columns (rowset positions) and, for one integer key column,
 * the range {@code [min, max]} of the build's keys, which the pushdown kernel tests first (two
 * compares; no hash for the many keys outside it), or instead of both the keys' exact bitmap over
 * that range (null where there is none). {@code keys} is the build's row count (-1: unknown);
 * {@code describe} is how EXPLAIN ANALYZE names it. Locally only pushdown applies R (paper III-C);
 * over a storage node pull-up applies it too, at the scan ({@link io.ascan.scan.remote.RuntimeFilteredPullup}).
 */
public record RuntimeFilter(BloomFilter filter, int[] columns, long min, long max, KeyBitmap bitmap, String describe, long keys) {
    public RuntimeFilter {
        if (min > max) throw new IllegalArgumentException("empty key range " + min + ".." + max + " of a runtime filter");
        if (bitmap != null && (bitmap.min() != min || bitmap.max() != max || columns.length != 1)) {
            throw new IllegalArgumentException("a runtime filter's bitmap must cover its one key's range " + min + ".." + max);
        }
    }

    /** With a key range and maybe a bitmap, of an unknown number of keys. */
    public RuntimeFilter(BloomFilter filter, int[] columns, long min, long max, KeyBitmap bitmap) {
        this(filter, columns, min, max, bitmap, "bloom(" + Arrays.toString(columns) + " in " + min + ".." + max + ")", -1);
    }

    /** Without a key range. */
    public RuntimeFilter(BloomFilter filter, int[] columns) {
        this(filter, columns, Long.MIN_VALUE, Long.MAX_VALUE, null, "bloom(" + Arrays.toString(columns) + ")", -1);
    }

    /** Whether a key range narrower than all of long comes with the Bloom filter. */
    public boolean ranged() {
        return columns.length == 1 && (min != Long.MIN_VALUE || max != Long.MAX_VALUE);
    }

    FilterKernelCompiler.RuntimeFilterKeys kernelKeys() {
        var test = bitmap != null ? FilterKernelCompiler.KeyTest.BITMAP
                : ranged() ? FilterKernelCompiler.KeyTest.RANGE_THEN_BLOOM : FilterKernelCompiler.KeyTest.BLOOM;
        return new FilterKernelCompiler.RuntimeFilterKeys(columns, test);
    }

    /** The Bloom filter alone, without the key range. */
    RuntimeFilter withoutRange() {
        return new RuntimeFilter(filter, columns, Long.MIN_VALUE, Long.MAX_VALUE, null, describe, keys);
    }

    /** What the kernel reads per key: the bitmap, else the Bloom filter (its cost in cache). */
    long sizeBytes() {
        return bitmap != null ? bitmap.sizeBytes() : filter.sizeBytes();
    }

    /** Its key range and bitmap address, as the kernel reads them ({@link FilterKernelCompiler#BOUNDS}). */
    void bounds(long[] to, int f) {
        to[FilterKernelCompiler.BOUNDS * f] = min;
        to[FilterKernelCompiler.BOUNDS * f + 1] = max;
        to[FilterKernelCompiler.BOUNDS * f + 2] = bitmap == null ? 0 : bitmap.address();
    }
}
