package io.ascan.format;

import java.util.List;

/**
 * The manifest of a table ({@code manifest.json}): format version, schema, row count, slice
 * index with per-segment zone maps, approximate distinct counts per column. A table exists exactly when its manifest does.
 */
public record TableManifest(int formatVersion, String name, List<ColumnSpec> columns, long rowCount,
                            int segmentCapBytes, List<SliceMeta> slices, long[] distinctCounts) {
    /**
     * 1: unsealed manifest; 2: manifest sealed with a CRC32C (see {@link ManifestCodec}); 3: some segments are
     * {@link Encoding#PACKED}, which a build that reads only version 2 would not understand (tables without
     * one are still written as version 2).
     */
    public static final int FORMAT_VERSION = 3;
    public static final int SEALED_VERSION = 2;
    public static final String FILE_NAME = "manifest.json";

    public TableManifest {
        columns = List.copyOf(columns);
        slices = List.copyOf(slices);
        distinctCounts = distinctCounts == null ? new long[0] : distinctCounts.clone();
    }

    /**
     * Approximate number of distinct non-NULL values of a column (HyperLogLog at write time), or
     * -1 when the manifest does not record it.
     */
    @Override
    public long[] distinctCounts() {
        return distinctCounts.clone();
    }

    public long distinctCount(int column) {
        return column < distinctCounts.length ? distinctCounts[column] : -1;
    }

    public TableSchema schema() {
        return new TableSchema(columns);
    }

    /** File name of a column's data, {@code <index>-<name>.col} (index keeps odd names unambiguous). */
    public static String columnFileName(int index, String name) {
        // Built by hand, not String.format and a regex: every scan asks for its columns' files each execution.
        String digits = Integer.toString(index);
        StringBuilder sb = new StringBuilder(name.length() + 8);
        for (int i = digits.length(); i < 3; i++) sb.append('0');
        sb.append(digits).append('-');
        name.codePoints().forEach(c -> sb.append(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' ? (char) c : '_'));
        return sb.append(".col").toString();
    }
}
