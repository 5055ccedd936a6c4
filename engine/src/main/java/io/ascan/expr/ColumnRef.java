package io.ascan.expr;

import io.ascan.types.DataType;
import java.util.Objects;
import java.util.function.IntFunction;

/** The value of column {@code index} (of the table for a scan predicate, of the input row otherwise). */
public record ColumnRef(int index, DataType type) implements Expr {
    public ColumnRef {
        if (index < 0) throw new IllegalArgumentException("column index must not be negative: " + index);
        Objects.requireNonNull(type, "type");
    }

    @Override
    public String format(IntFunction<String> columnName) {
        return columnName.apply(index);
    }

    @Override
    public String toString() {
        return "$" + index;
    }
}
