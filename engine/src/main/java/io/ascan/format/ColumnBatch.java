package io.ascan.format;

/**
 * A batch of rows held column by column on the heap. Generators fill batches in parallel and
 * hand them, in order, to {@link TableWriter#append(ColumnBatch)}.
 */
public final class ColumnBatch implements RowAppender {
    private final TableSchema schema;
    final ColumnBuffer[] columns;
    private int rows;

    public ColumnBatch(TableSchema schema, int capacity) {
        this.schema = schema;
        this.columns = new ColumnBuffer[schema.size()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = new ColumnBuffer(schema.column(i).type(), capacity);
        }
    }

    public TableSchema schema() {
        return schema;
    }

    public int rowCount() {
        return rows;
    }

    @Override public void setNull(int c) { columns[c].setNull(); }
    @Override public void setBoolean(int c, boolean v) { columns[c].setBoolean(v); }
    @Override public void setInt(int c, int v) { columns[c].setInt(v); }
    @Override public void setLong(int c, long v) { columns[c].setLong(v); }
    @Override public void setDouble(int c, double v) { columns[c].setDouble(v); }
    @Override public void setString(int c, String v) { columns[c].setString(v); }
    @Override public void setUtf8(int c, byte[] b, int off, int len) { columns[c].setUtf8(b, off, len); }

    @Override
    public void endRow() {
        for (ColumnBuffer c : columns) c.endRow();
        rows++;
    }

    /** Appends rows [from, to) of another batch of the same schema. */
    void appendRange(ColumnBatch src, int from, int to) {
        for (int i = 0; i < columns.length; i++) columns[i].appendRange(src.columns[i], from, to);
        rows += to - from;
    }

    void truncate(int newRows) {
        for (ColumnBuffer c : columns) c.truncate(newRows);
        rows = newRows;
    }

    public void clear() {
        for (ColumnBuffer c : columns) c.clear();
        rows = 0;
    }
}
