package io.ascan.format;

/**
 * How a table is cut into slices. {@code segmentCapBytes} caps each column segment's payload
 * (2 MiB by default, the paper's hugepage-sized segments); {@code maxSliceRows} optionally caps
 * rows per slice further (0 = only the byte cap decides); {@code replace} allows overwriting
 * an existing table atomically.
 */
public record WriteOptions(int segmentCapBytes, int maxSliceRows, boolean replace) {
    public static final int DEFAULT_SEGMENT_CAP = 2 << 20;
    public static final WriteOptions DEFAULTS = new WriteOptions(DEFAULT_SEGMENT_CAP, 0, false);

    public WriteOptions {
        if (segmentCapBytes < 4096) throw new IllegalArgumentException("segment cap must be at least 4096 bytes");
        if (maxSliceRows < 0) throw new IllegalArgumentException("slice rows must not be negative");
    }

    public WriteOptions withReplace(boolean r) {
        return new WriteOptions(segmentCapBytes, maxSliceRows, r);
    }

    public WriteOptions withMaxSliceRows(int rows) {
        return new WriteOptions(segmentCapBytes, rows, replace);
    }

    public WriteOptions withSegmentCap(int bytes) {
        return new WriteOptions(bytes, maxSliceRows, replace);
    }
}
