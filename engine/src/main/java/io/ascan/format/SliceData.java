package io.ascan.format;

import java.util.List;

/** The loaded segments of one slice, one {@link ColumnData} per projected column. */
public record SliceData(SliceMeta slice, List<ColumnData> columns) implements AutoCloseable {
    public int rowCount() {
        return slice.rowCount();
    }

    public ColumnData column(int i) {
        return columns.get(i);
    }

    @Override
    public void close() {
        for (ColumnData c : columns) c.close();
    }
}
