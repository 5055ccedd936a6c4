package io.ascan.gen;

import io.ascan.format.RowAppender;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Test sink: keeps every row as boxed values (Integer, Long, Double, Boolean, String, null). */
final class RowCollector implements RowAppender {
    final List<Object[]> rows = new ArrayList<>();
    private final int columns;
    private Object[] current;

    RowCollector(int columns) {
        this.columns = columns;
        this.current = new Object[columns];
    }

    private void set(int c, Object v) {
        if (c < 0 || c >= columns) throw new IndexOutOfBoundsException("column " + c + " of " + columns);
        if (current[c] != null) throw new IllegalStateException("column " + c + " set twice");
        current[c] = v;
    }

    @Override public void setNull(int c) { set(c, null); }
    @Override public void setBoolean(int c, boolean v) { set(c, v); }
    @Override public void setInt(int c, int v) { set(c, v); }
    @Override public void setLong(int c, long v) { set(c, v); }
    @Override public void setDouble(int c, double v) { set(c, v); }
    @Override public void setString(int c, String v) { set(c, v); }
    @Override public void setUtf8(int c, byte[] b, int off, int len) { set(c, new String(b, off, len, StandardCharsets.UTF_8)); }

    @Override
    public void endRow() {
        for (int c = 0; c < columns; c++) {
            if (current[c] == null) throw new IllegalStateException("column " + c + " not set in row " + rows.size());
        }
        rows.add(current);
        current = new Object[columns];
    }

    static RowCollector of(ChunkedTable t) {
        RowCollector c = new RowCollector(t.schema().size());
        ParallelGeneration.generateAll(t, c);
        return c;
    }
}
