package io.ascan.format;

import io.ascan.types.TypeKind;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.HashMap;
import java.util.zip.CRC32C;

/**
 * Encodes the values of one slice of one column into a segment ({@link SegmentLayout}).
 * Not thread-safe: one encoder per column, used by one task at a time; it reuses its scratch memory.
 */
final class SegmentEncoder implements AutoCloseable {
    /** Dictionary-encode a VARCHAR segment when it has at most this fraction of distinct values. */
    private static final double DICT_MAX_DISTINCT_FRACTION = 0.5;
    private static final int DICT_MAX_ENTRIES = 1 << 16;

    private final Arena arena = Arena.ofShared();
    private MemorySegment scratch = MemorySegment.NULL;

    /** A finished segment: {@code bytes} is valid until the next call to encode. */
    record Encoded(MemorySegment bytes, long crc32c, Encoding encoding, int nullCount, Object min, Object max,
                   long decodedLength) {}

    private final boolean packing;

    /** @param packing whether integer segments are {@link Encoding#PACKED} where that pays */
    SegmentEncoder(boolean packing) {
        this.packing = packing;
    }

    Encoded encode(ColumnBuffer b) {
        int n = b.size;
        TypeKind k = b.kind();
        long validity = SegmentLayout.validityBytes(n);
        Dictionary dict = k == TypeKind.VARCHAR ? Dictionary.build(b) : null;
        BitPacking.Frame frame = packing ? BitPacking.frame(b) : null;
        long[] lengths;
        if (frame != null) {
            lengths = new long[] {validity, BitPacking.packedBytes(n, frame.bits())};
        } else if (k == TypeKind.VARCHAR && dict != null) {
            lengths = new long[] {validity, 4L * n, SegmentLayout.validityBytes(dict.size()), 4L * (dict.size() + 1),
                    dict.dataBytes};
        } else if (k == TypeKind.VARCHAR) {
            lengths = new long[] {validity, 4L * (n + 1), b.offsets[n]};
        } else if (k == TypeKind.BOOLEAN) {
            lengths = new long[] {validity, validity};
        } else {
            lengths = SegmentLayout.fixedWidthLengths(n, k.width());
        }
        long[] starts = SegmentLayout.bufferStarts(lengths);
        long total = starts[lengths.length];
        MemorySegment seg = scratch(total);
        seg.fill((byte) 0);
        Encoding enc = frame != null ? Encoding.PACKED : dict != null ? Encoding.DICT : Encoding.PLAIN;
        new SegmentLayout.Header(enc, k.ordinal(), n, b.nullCount, dict == null ? 0 : dict.size(), lengths,
                frame == null ? 0 : frame.base(), frame == null ? 0 : frame.bits()).write(seg);
        writeBits(seg, starts[0], b.nulls, n, true);
        long v = starts[1];
        if (frame != null) BitPacking.pack(b, frame, seg, v);
        else switch (k) {
            case BOOLEAN -> writeBits(seg, v, toBooleans(b.ints, n), n, false);
            case INTEGER, DATE -> MemorySegment.copy(b.ints, 0, seg, SegmentLayout.INT, v, n);
            case BIGINT, DECIMAL, TIMESTAMP -> MemorySegment.copy(b.longs, 0, seg, SegmentLayout.LONG, v, n);
            case DOUBLE -> MemorySegment.copy(b.doubles, 0, seg, SegmentLayout.DOUBLE, v, n);
            case VARCHAR -> {
                if (dict != null) {
                    MemorySegment.copy(dict.codes, 0, seg, SegmentLayout.INT, v, n);
                    seg.asSlice(starts[2], lengths[2]).fill((byte) 0xFF); // every dictionary entry is valid
                    MemorySegment.copy(dict.offsets, 0, seg, SegmentLayout.INT, starts[3], dict.size() + 1);
                    MemorySegment.copy(dict.data, 0, seg, ValueLayout.JAVA_BYTE, starts[4], dict.dataBytes);
                } else {
                    MemorySegment.copy(b.offsets, 0, seg, SegmentLayout.INT, v, n + 1);
                    MemorySegment.copy(b.bytes, 0, seg, ValueLayout.JAVA_BYTE, starts[2], b.offsets[n]);
                }
            }
        }
        CRC32C crc = new CRC32C();
        crc.update(seg.asByteBuffer());
        Object[] zone = ZoneMap.of(b);
        long decoded = frame == null ? total : SegmentLayout.fixedWidthBytes(n, k.width());
        return new Encoded(seg, crc.getValue(), enc, b.nullCount, zone[0], zone[1], decoded);
    }

    private static boolean[] toBooleans(int[] ints, int n) {
        boolean[] r = new boolean[n];
        for (int i = 0; i < n; i++) r[i] = ints[i] != 0;
        return r;
    }

    /** Arrow bitmaps: bit i of byte i/8, least significant first. {@code invert} turns null flags into validity. */
    private static void writeBits(MemorySegment seg, long at, boolean[] flags, int n, boolean invert) {
        for (int byteIx = 0; byteIx * 8 < n; byteIx++) {
            int bits = 0;
            int end = Math.min(8, n - byteIx * 8);
            for (int j = 0; j < end; j++) {
                if (flags[byteIx * 8 + j] != invert) bits |= 1 << j;
            }
            seg.set(ValueLayout.JAVA_BYTE, at + byteIx, (byte) bits);
        }
    }

    private MemorySegment scratch(long size) {
        if (scratch.byteSize() < size) {
            scratch = arena.allocate(Math.max(size, scratch.byteSize() * 3 / 2), SegmentLayout.BUFFER_ALIGN);
        }
        return scratch.asSlice(0, size);
    }

    @Override
    public void close() {
        arena.close();
    }

    /** A sorted dictionary of a segment's distinct strings, and each row's code (0 for NULL rows). */
    static final class Dictionary {
        final int[] codes;
        int[] offsets;
        byte[] data;
        int dataBytes;

        private Dictionary(int n) {
            codes = new int[n];
        }

        int size() {
            return offsets.length - 1;
        }

        /** Null when the column has too many distinct values for a dictionary to pay off. */
        static Dictionary build(ColumnBuffer b) {
            int n = b.size;
            int limit = (int) Math.min(DICT_MAX_ENTRIES, Math.max(1, n * DICT_MAX_DISTINCT_FRACTION));
            HashMap<Key, Integer> ids = new HashMap<>();
            Dictionary d = new Dictionary(n);
            int[] firstRow = new int[Math.min(limit, 1024)];
            for (int i = 0; i < n; i++) {
                if (b.nulls[i]) continue;
                Key key = new Key(b.bytes, b.offsets[i], b.offsets[i + 1]);
                Integer id = ids.get(key);
                if (id == null) {
                    if (ids.size() >= limit) return null;
                    id = ids.size();
                    ids.put(key, id);
                    if (id == firstRow.length) firstRow = Arrays.copyOf(firstRow, firstRow.length * 2);
                    firstRow[id] = i;
                }
                d.codes[i] = id;
            }
            // Sort entries so that codes compare like the strings (range predicates on codes).
            int m = ids.size();
            Integer[] order = new Integer[m];
            for (int i = 0; i < m; i++) order[i] = i;
            final int[] rows = firstRow;
            Arrays.sort(order, (x, y) -> ZoneMap.compare(b, rows[x], rows[y]));
            int[] rank = new int[m];
            d.offsets = new int[m + 1];
            int bytes = 0;
            for (int r = 0; r < m; r++) {
                rank[order[r]] = r;
                int row = rows[order[r]];
                bytes += b.offsets[row + 1] - b.offsets[row];
                d.offsets[r + 1] = bytes;
            }
            d.data = new byte[bytes];
            for (int r = 0; r < m; r++) {
                int row = rows[order[r]];
                System.arraycopy(b.bytes, b.offsets[row], d.data, d.offsets[r], d.offsets[r + 1] - d.offsets[r]);
            }
            d.dataBytes = bytes;
            for (int i = 0; i < n; i++) d.codes[i] = b.nulls[i] ? 0 : rank[d.codes[i]];
            return d;
        }
    }

    /** A byte range used as a hash key without copying. */
    private record Key(byte[] a, int from, int to) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(a, from, to, k.a, k.from, k.to);
        }

        @Override
        public int hashCode() {
            int h = 1;
            for (int i = from; i < to; i++) h = 31 * h + a[i];
            return h;
        }
    }
}
