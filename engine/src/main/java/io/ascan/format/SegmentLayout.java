package io.ascan.format;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The on-disk layout of one column segment: a 64-byte header followed by Arrow buffers, each
 * starting at a 64-byte aligned offset, so that an O_DIRECT read into aligned memory is the
 * Arrow vector. Segments start at 4 KiB-aligned file offsets (see {@link TableWriter}).
 *
 * <pre>
 *  0 int   magic "ASG1"          4 byte encoding (0 plain, 1 dict, 2 packed)   5 byte buffer count
 *  6 short type kind ordinal     8 int rows     12 int null count    16 int dictionary size
 * 24 long[5] buffer lengths      64.. buffers
 *   fixed width : validity, values        VARCHAR plain: validity, offsets (int32, rows+1), data
 *   VARCHAR dict: validity, codes (int32), dictionary validity, offsets (int32, size+1), data
 *   packed      : validity, bit-packed values; 48 long base, 56 int bits (in the unused length slots)
 * </pre>
 *
 * A packed segment's values start where the plain segment's would, so a read expands it in place
 * ({@link BitPacking#expand}).
 */
public final class SegmentLayout {
    public static final int MAGIC = 0x31475341; // "ASG1" little-endian
    public static final int HEADER_BYTES = 64;
    public static final int BUFFER_ALIGN = 64;
    public static final int MAX_BUFFERS = 5;

    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfDouble DOUBLE = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private SegmentLayout() {}

    public static long align64(long n) {
        return (n + BUFFER_ALIGN - 1) & -BUFFER_ALIGN;
    }

    public static long validityBytes(int rows) {
        return (rows + 7L) / 8;
    }

    /** The buffer lengths of a plain fixed-width segment: validity, values. */
    public static long[] fixedWidthLengths(int rows, int width) {
        return new long[] {validityBytes(rows), (long) width * rows};
    }

    /** The length of a plain fixed-width segment: what a packed one expands to. */
    public static long fixedWidthBytes(int rows, int width) {
        return bufferStarts(fixedWidthLengths(rows, width))[2];
    }

    /** Start offsets of the buffers with the given lengths, and (last element) the total length. */
    public static long[] bufferStarts(long[] lengths) {
        long[] starts = new long[lengths.length + 1];
        long pos = HEADER_BYTES;
        for (int i = 0; i < lengths.length; i++) {
            starts[i] = pos;
            pos = align64(pos + lengths[i]);
        }
        starts[lengths.length] = lengths.length == 0 ? HEADER_BYTES : pos;
        return starts;
    }

    /** The decoded header of a segment. */
    public record Header(Encoding encoding, int typeOrdinal, int rows, int nullCount, int dictSize, long[] lengths,
                         long base, int bits) {
        static final long BASE = 48;
        static final long BITS = 56;

        public Header(Encoding encoding, int typeOrdinal, int rows, int nullCount, int dictSize, long[] lengths) {
            this(encoding, typeOrdinal, rows, nullCount, dictSize, lengths, 0, 0);
        }

        public static Header read(MemorySegment seg) throws java.io.IOException {
            if (seg.byteSize() < HEADER_BYTES || seg.get(INT, 0) != MAGIC) {
                throw new java.io.IOException("bad segment magic");
            }
            int enc = seg.get(ValueLayout.JAVA_BYTE, 4);
            int count = seg.get(ValueLayout.JAVA_BYTE, 5);
            if (enc < 0 || enc >= Encoding.values().length || count < 0 || count > MAX_BUFFERS) {
                throw new java.io.IOException("bad segment header (encoding " + enc + ", buffers " + count + ")");
            }
            long[] lengths = new long[count];
            for (int i = 0; i < count; i++) lengths[i] = seg.get(LONG, 24 + 8L * i);
            boolean packed = enc == Encoding.PACKED.ordinal();
            if (packed && count != 2) throw new java.io.IOException("bad packed segment header (buffers " + count + ")");
            return new Header(Encoding.values()[enc], seg.get(SHORT, 6), seg.get(INT, 8), seg.get(INT, 12),
                    seg.get(INT, 16), lengths, packed ? seg.get(LONG, BASE) : 0, packed ? seg.get(INT, BITS) : 0);
        }

        void write(MemorySegment seg) {
            seg.asSlice(0, HEADER_BYTES).fill((byte) 0);
            seg.set(INT, 0, MAGIC);
            seg.set(ValueLayout.JAVA_BYTE, 4, (byte) encoding.ordinal());
            seg.set(ValueLayout.JAVA_BYTE, 5, (byte) lengths.length);
            seg.set(SHORT, 6, (short) typeOrdinal);
            seg.set(INT, 8, rows);
            seg.set(INT, 12, nullCount);
            seg.set(INT, 16, dictSize);
            for (int i = 0; i < lengths.length; i++) seg.set(LONG, 24 + 8L * i, lengths[i]);
            if (encoding == Encoding.PACKED) {
                seg.set(LONG, BASE, base);
                seg.set(INT, BITS, bits);
            }
        }
    }
}
