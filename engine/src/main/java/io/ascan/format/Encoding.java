package io.ascan.format;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a segment's values are laid out. */
public enum Encoding {
    /** Arrow buffers as-is: validity, values (or validity, offsets, data). */
    PLAIN,
    /** VARCHAR only: validity, int32 codes, and a sorted per-segment dictionary (offsets, data). */
    DICT,
    /**
     * Integer kinds only (INTEGER, DATE, BIGINT, DECIMAL, TIMESTAMP): validity, then each value less
     * the segment's minimum in as few bits as its range needs ({@link BitPacking}). A read expands
     * it to {@link #PLAIN} in the memory it was read into, so only the disk and the link see it.
     */
    PACKED;

    @JsonValue
    public String json() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
