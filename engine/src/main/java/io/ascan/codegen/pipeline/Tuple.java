package io.ascan.codegen.pipeline;

import io.ascan.codegen.ColumnAccess;
import io.ascan.codegen.CodeBuilder;
import io.ascan.codegen.ValueCode;
import io.ascan.types.DataType;
import java.util.List;

/**
 * The tuple an operator hands its parent in generated code: the column types and how to read
 * each column at the point of use. Reads are lazy and not cached (every read emits its own
 * locals), so a column is touched only on the paths that need it, locals never escape the block
 * that declared them, and every read bottoms out in fields of the generated class, which keeps
 * split-off expression methods valid.
 */
public record Tuple(List<DataType> types, ColumnAccess access) {
    public Tuple {
        types = List.copyOf(types);
    }

    public int width() {
        return types.size();
    }

    public DataType type(int c) {
        return types.get(c);
    }

    public ValueCode read(int c, CodeBuilder code) {
        return access.read(c, code);
    }

    /** A tuple of all-NULL columns (the missing side of an outer join). */
    public static Tuple nulls(List<DataType> types) {
        return new Tuple(types, (c, code) -> {
            DataType t = types.get(c);
            return new ValueCode("true", defaultValue(t), t.kind() == io.ascan.types.TypeKind.VARCHAR ? "0" : null, t);
        });
    }

    /** Columns of {@code left} followed by those of {@code right}. */
    public static Tuple concat(Tuple left, Tuple right) {
        List<DataType> types = new java.util.ArrayList<>(left.types());
        types.addAll(right.types());
        int n = left.width();
        return new Tuple(types, (c, code) -> c < n ? left.read(c, code) : right.read(c - n, code));
    }

    static String defaultValue(DataType t) {
        return switch (t.kind()) {
            case BOOLEAN -> "false";
            case INTEGER, DATE -> "0";
            case BIGINT, DECIMAL, TIMESTAMP, VARCHAR -> "0L";
            case DOUBLE -> "0.0";
        };
    }
}
