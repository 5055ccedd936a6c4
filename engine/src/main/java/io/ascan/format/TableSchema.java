package io.ascan.format;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The ordered columns of a table. */
public record TableSchema(List<ColumnSpec> columns) {
    public TableSchema {
        columns = List.copyOf(columns);
        if (columns.isEmpty()) throw new IllegalArgumentException("a table needs at least one column");
        Set<String> seen = new HashSet<>();
        for (ColumnSpec c : columns) {
            if (!seen.add(c.name())) throw new IllegalArgumentException("duplicate column name '" + c.name() + "'");
        }
    }

    public static TableSchema of(ColumnSpec... columns) {
        return new TableSchema(List.of(columns));
    }

    public int size() {
        return columns.size();
    }

    public ColumnSpec column(int i) {
        return columns.get(i);
    }

    /** Index of a column by (case-insensitive) name, or -1. */
    public int indexOf(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(n)) return i;
        }
        return -1;
    }
}
