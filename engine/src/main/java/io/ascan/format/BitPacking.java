package io.ascan.format;

import io.ascan.types.TypeKind;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Frame-of-reference bit packing of an integer segment ({@link Encoding#PACKED}): each non-null
 * value is stored as {@code value - base} in {@code bits} bits, LSB first in little-endian words,
 * where {@code base} is the segment's minimum. NULL rows store 0 and expand to 0, as plain
 * segments hold them.
 *
 * <p>Only the disk and the link see the packed form: a read expands it in the memory it was read
 * into (the packed values start where the plain ones do, and the reservation has room for them).
 */
public final class BitPacking {
    /** Packing pays when it saves at least a quarter of the plain bytes. */
    private static final int MAX_BITS_PER_BYTE_OF_WIDTH = 6;

    private BitPacking() {}

    /** The frame of a segment's values, or null when packing would not save a quarter of the bytes. */
    record Frame(long base, int bits) {}

    /** Whole words, and one more: each value is read as a word. */
    static long packedBytes(int rows, int bits) {
        return ((long) rows * bits + 63) / 64 * 8 + 8;
    }

    static boolean packable(TypeKind k) {
        return switch (k) {
            case INTEGER, DATE, BIGINT, DECIMAL, TIMESTAMP -> true;
            default -> false;
        };
    }

    static Frame frame(ColumnBuffer b) {
        TypeKind k = b.kind();
        if (!packable(k)) return null;
        long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
        for (int i = 0; i < b.size; i++) {
            if (b.nulls[i]) continue;
            long v = value(b, i);
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        if (min > max) return new Frame(0, 0); // all NULL
        int bits = 64 - Long.numberOfLeadingZeros(max - min); // max - min wraps into an unsigned range
        return fits(k, bits) ? new Frame(min, bits) : null;
    }

    /** Whether values of kind {@code k} pack into {@code bits} bits with the saving that makes packing pay. */
    static boolean fits(TypeKind k, int bits) {
        return bits >= 0 && bits <= MAX_BITS_PER_BYTE_OF_WIDTH * k.width();
    }

    private static long value(ColumnBuffer b, int i) {
        return b.longs != null ? b.longs[i] : b.ints[i];
    }

    /** Writes the rows of {@code b} packed at {@code at}, which holds {@link #packedBytes} zeroed bytes. */
    static void pack(ColumnBuffer b, Frame f, MemorySegment seg, long at) {
        if (f.bits() == 0) return;
        long[] words = new long[(int) (packedBytes(b.size, f.bits()) / 8)];
        for (int i = 0; i < b.size; i++) {
            if (b.nulls[i]) continue;
            long u = value(b, i) - f.base();
            long p = (long) i * f.bits();
            int w = (int) (p >>> 6), s = (int) (p & 63);
            words[w] |= u << s;
            if (s + f.bits() > 64) words[w + 1] |= u >>> (64 - s);
        }
        MemorySegment.copy(words, 0, seg, SegmentLayout.LONG, at, words.length);
    }

    /** Values expanded at a time: a block small enough to stay in the L1 cache between unpacking and copying. */
    private static final int BLOCK = 1024;

    /** Per thread: the packed words of one segment, and one block of expanded values. */
    private static final class Scratch {
        long[] words = new long[0];
        final long[] values = new long[BLOCK];
        final int[] ints = new int[BLOCK];
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /**
     * Expands the packed values at {@code at} into plain {@code width}-byte values at the same offset;
     * NULL rows ({@code validity} at {@code validityAt}) get 0. The packed words are copied out first,
     * so the plain values can then be written front to back, a block at a time.
     */
    static void expand(MemorySegment seg, long at, int rows, long base, int bits, int width, int nullCount, long validityAt) {
        Scratch x = SCRATCH.get();
        int nWords = (int) (packedBytes(rows, bits) / 8);
        if (x.words.length < nWords) x.words = new long[nWords];
        MemorySegment.copy(seg, SegmentLayout.LONG, at, x.words, 0, nWords);
        long[] values = x.values;
        for (int from = 0; from < rows; from += BLOCK) {
            int n = Math.min(BLOCK, rows - from);
            unpack(x.words, values, from, n, base, bits);
            if (nullCount > 0) {
                for (int i = 0; i < n; i++) {
                    int r = from + i;
                    if ((seg.get(ValueLayout.JAVA_BYTE, validityAt + (r >>> 3)) & (1 << (r & 7))) == 0) values[i] = 0;
                }
            }
            if (width == 8) {
                MemorySegment.copy(values, 0, seg, SegmentLayout.LONG, at + 8L * from, n);
            } else {
                int[] ints = x.ints;
                for (int i = 0; i < n; i++) ints[i] = (int) values[i];
                MemorySegment.copy(ints, 0, seg, SegmentLayout.INT, at + 4L * from, n);
            }
        }
    }

    /**
     * Values {@code from} to {@code from + n} into {@code values}: value i is bits [i*bits, (i+1)*bits)
     * of the words; the trailing word makes reading two words always safe.
     */
    private static void unpack(long[] words, long[] values, int from, int n, long base, int bits) {
        if (bits == 0) {
            java.util.Arrays.fill(values, 0, n, base);
            return;
        }
        long mask = (1L << bits) - 1;
        long p = (long) from * bits;
        for (int i = 0; i < n; i++, p += bits) {
            int w = (int) (p >>> 6), s = (int) (p & 63);
            // (x << 1) << (63 - s): the next word's low bits, and nothing when s is 0 (a shift by 64 would be none)
            long v = (words[w] >>> s) | ((words[w + 1] << 1) << (63 - s));
            values[i] = base + (v & mask);
        }
    }
}
