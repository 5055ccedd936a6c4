package io.ascan.format;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a segment's values are laid out. */
public enum Encoding {
    /** Arrow buffers as-is: validity, values (or validity, offsets, data). */
    PLAIN,
    /** VARCHAR only: validity, int32 codes, and a sorted per-segment dictionary (offsets, data). */
    DICT;

    @JsonValue
    public String json() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
