package io.ascan.types;

/** The column types of the table format, and how each is held in memory. */
public enum TypeKind {
    BOOLEAN(0),
    /** 32-bit signed. */
    INTEGER(4),
    /** 64-bit signed. */
    BIGINT(8),
    DOUBLE(8),
    /** Scaled 64-bit integer: unscaled value = value * 10^scale; precision at most 18. */
    DECIMAL(8),
    /** Days since 1970-01-01, 32-bit. */
    DATE(4),
    /** Microseconds since 1970-01-01T00:00 (no time zone), 64-bit. */
    TIMESTAMP(8),
    /** UTF-8; offsets+data, or dictionary codes per segment when low-cardinality. */
    VARCHAR(-1);

    private final int width;

    TypeKind(int width) {
        this.width = width;
    }

    /** Bytes per value; 0 for bit-packed booleans, -1 for variable width. */
    public int width() {
        return width;
    }

    public boolean isFixedWidth() {
        return width >= 0;
    }

    /** Held in a {@code long} in memory (BIGINT, DECIMAL, TIMESTAMP). */
    public boolean isLong() {
        return this == BIGINT || this == DECIMAL || this == TIMESTAMP;
    }

    /** Held in an {@code int} in memory (INTEGER, DATE). */
    public boolean isInt() {
        return this == INTEGER || this == DATE;
    }
}
