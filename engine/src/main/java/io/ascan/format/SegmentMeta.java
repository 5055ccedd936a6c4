package io.ascan.format;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Where a column segment lives in its column file and what it holds: file offset (4 KiB aligned),
 * payload length, CRC32C of the payload, and the zone map (min, max, null count). {@code min} and
 * {@code max} are null when the segment has no non-null values or the bound is unknown (a
 * VARCHAR max longer than {@link ZoneMap#MAX_STRING_BOUND} bytes, a DOUBLE segment with NaN).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SegmentMeta(long offset, int length, long crc32c, Encoding encoding, int nullCount,
                          Object min, Object max) {
}
