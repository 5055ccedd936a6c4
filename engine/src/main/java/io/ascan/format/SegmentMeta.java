package io.ascan.format;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.ascan.io.AlignedMemory;

/**
 * Where a column segment lives in its column file and what it holds: file offset (4 KiB aligned),
 * payload length, CRC32C of the payload, and the zone map (min, max, null count). {@code min} and
 * {@code max} are null when the segment has no non-null values or the bound is unknown (a
 * VARCHAR max longer than {@link ZoneMap#MAX_STRING_BOUND} bytes, a DOUBLE segment with NaN).
 * {@code decoded} is the length in memory of a {@link Encoding#PACKED} segment once expanded (null:
 * the stored length); a read reserves {@link #memoryBytes} and reads {@link #readBytes} into its start.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SegmentMeta(long offset, int length, long crc32c, Encoding encoding, int nullCount,
                          Object min, Object max, Integer decoded) {

    /** A segment held in memory as stored. */
    public SegmentMeta(long offset, int length, long crc32c, Encoding encoding, int nullCount, Object min, Object max) {
        this(offset, length, crc32c, encoding, nullCount, min, max, null);
    }

    /** The segment's length in memory, after a read expanded it. */
    public int decodedLength() {
        return decoded == null ? length : decoded;
    }

    /** Bytes a direct read moves: the stored length, rounded up to the O_DIRECT block. */
    public long readBytes() {
        return AlignedMemory.alignUp(length);
    }

    /** Bytes of aligned memory a read needs: room for the stored bytes and for the expanded segment. */
    public long memoryBytes() {
        return AlignedMemory.alignUp(Math.max(length, decodedLength()));
    }
}
