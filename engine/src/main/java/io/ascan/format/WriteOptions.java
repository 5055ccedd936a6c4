package io.ascan.format;


/**
 * How a table is cut into slices. {@code segmentCapBytes} caps each column segment's payload
 * (2 MiB by default, the paper's hugepage-sized segments); {@code maxSliceRows} optionally caps
 * rows per slice further (0 = only the byte cap decides); {@code replace} allows overwriting
 * an existing table atomically; {@code steps} is called before each step of the write that
 * changes the disk; {@code packed} stores integer segments {@link Encoding#PACKED} where that saves
 * a quarter of their bytes (off by default: see docs/storage.md, "Packed integer segments").
 */
public record WriteOptions(int segmentCapBytes, int maxSliceRows, boolean replace, TableVersions.Steps steps,
                           boolean packed) {
    public static final int DEFAULT_SEGMENT_CAP = 2 << 20;
    public static final WriteOptions DEFAULTS = new WriteOptions(DEFAULT_SEGMENT_CAP, 0, false);

    public WriteOptions(int segmentCapBytes, int maxSliceRows, boolean replace) {
        this(segmentCapBytes, maxSliceRows, replace, TableVersions.Steps.NONE, false);
    }

    public WriteOptions(int segmentCapBytes, int maxSliceRows, boolean replace, TableVersions.Steps steps) {
        this(segmentCapBytes, maxSliceRows, replace, steps, false);
    }

    public WriteOptions {
        if (steps == null) throw new IllegalArgumentException("steps must not be null (use Steps.NONE)");
        if (segmentCapBytes < 4096) throw new IllegalArgumentException("segment cap must be at least 4096 bytes");
        if (maxSliceRows < 0) throw new IllegalArgumentException("slice rows must not be negative");
    }

    public WriteOptions withReplace(boolean r) {
        return new WriteOptions(segmentCapBytes, maxSliceRows, r, steps, packed);
    }

    public WriteOptions withMaxSliceRows(int rows) {
        return new WriteOptions(segmentCapBytes, rows, replace, steps, packed);
    }

    public WriteOptions withSegmentCap(int bytes) {
        return new WriteOptions(bytes, maxSliceRows, replace, steps, packed);
    }

    /** Hooks between the write's steps that change the disk (fault injection in tests). */
    public WriteOptions withSteps(TableVersions.Steps s) {
        return new WriteOptions(segmentCapBytes, maxSliceRows, replace, s, packed);
    }

    public WriteOptions withPacked(boolean p) {
        return new WriteOptions(segmentCapBytes, maxSliceRows, replace, steps, p);
    }
}
