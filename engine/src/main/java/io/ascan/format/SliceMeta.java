package io.ascan.format;

import java.util.List;

/** One scan slice: a row range of the table and one segment per column (in schema order). */
public record SliceMeta(int index, long firstRow, int rowCount, List<SegmentMeta> segments) {
    public SliceMeta {
        segments = List.copyOf(segments);
    }

    public SegmentMeta segment(int column) {
        return segments.get(column);
    }
}
