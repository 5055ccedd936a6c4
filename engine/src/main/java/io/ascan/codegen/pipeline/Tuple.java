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
public record Tuple(List<DataType> types, ColumnAccess access, int[] origins, RowsetColumns rowset, RowsetColumns scan) {
    /**
     * @param origins for each column, the rowset column it is a plain copy of, or -1 (computed,
     *                from a hash table row, ...); lets an operator read it for any tuple of the
     *                rowset in a per-rowset pass
     * @param rowset  the rowset columns of the pipeline's scan when every tuple of the rowset's
     *                selection reaches this point (no join in between, filters and projections
     *                aside) and nothing in between counts tuples (a LIMIT), so that a per-rowset
     *                pass over the selection ({@link RowsetColumns#pass}) may compute for them and
     *                drop those this operator will certainly not pass on; else null
     * @param scan    the rowset columns of the pipeline's scan, read for the current tuple (any
     *                variant, any tuple), where some origin is not -1; else null
     */
    public Tuple {
        types = List.copyOf(types);
        origins = origins.clone();
    }

    /** A tuple none of whose columns is known to come straight from a rowset. */
    public Tuple(List<DataType> types, ColumnAccess access) {
        this(types, access, none(types.size()), null, null);
    }

    /**
     * The current tuple's dictionary code of column {@code c} (emitting its NULL test), when the
     * column is a plain copy of a rowset column that may arrive dictionary-encoded; else null.
     */
    public io.ascan.codegen.DictionaryColumnAccess.DictionaryCode dictionary(int c, CodeBuilder code) {
        return scan == null || origins[c] < 0 || !scan.mayBeDictionary(origins[c]) ? null : scan.dictionary(origins[c], code);
    }

    private static int[] none(int n) {
        int[] o = new int[n];
        java.util.Arrays.fill(o, -1);
        return o;
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

    /** The rowset column column c copies, or -1. */
    public int origin(int c) {
        return origins[c];
    }

    /** This tuple's columns through another access: {@code origins[i]} of the new tuple says where column i comes from. */
    public Tuple derive(List<DataType> types, ColumnAccess access, int[] origins) {
        return new Tuple(types, access, origins, rowset, scan);
    }

    /** The same tuple without its rowset: an operator that must see every tuple in its order (LIMIT) hands its parent this. */
    public Tuple withoutRowset() {
        return new Tuple(types, access, origins, null, scan);
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
        int[] origins = new int[types.size()];
        for (int c = 0; c < origins.length; c++) origins[c] = c < n ? left.origin(c) : right.origin(c - n);
        // No rowset: a join's output tuples are a subset of the rowset's, so a per-rowset pass over all would waste its work.
        // Both sides' origins (if any) are columns of the pipeline's one scan.
        return new Tuple(types, (c, code) -> c < n ? left.read(c, code) : right.read(c - n, code), origins, null,
                left.scan() != null ? left.scan() : right.scan());
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
