package io.ascan.format;

import io.ascan.types.DataType;
import java.util.Locale;

/** A column of a table: lower-cased name and type. Every column may hold NULLs. */
public record ColumnSpec(String name, DataType type) {
    public ColumnSpec {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("column name is empty");
        name = name.toLowerCase(Locale.ROOT);
    }

    public static ColumnSpec of(String name, DataType type) {
        return new ColumnSpec(name, type);
    }
}
