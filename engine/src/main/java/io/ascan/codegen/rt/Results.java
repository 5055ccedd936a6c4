package io.ascan.codegen.rt;

import io.ascan.types.DataType;
import java.util.List;

/**
 * Expression results of one batch, column-major in primitive arrays sized for {@code capacity}
 * rows: per expression a NULL array and a value array (boolean[], int[], long[] or double[] by
 * the expression's Java type; VARCHAR: long[] addresses and int[] lengths, valid until the
 * scratch is reset or the compiled unit closed).
 */
public final class Results {
    public final boolean[][] nulls;
    public final Object[] values;
    public final int[][] lengths;
    private final List<DataType> types;

    public Results(List<DataType> types, int capacity) {
        this.types = List.copyOf(types);
        int n = types.size();
        nulls = new boolean[n][capacity];
        values = new Object[n];
        lengths = new int[n][];
        for (int i = 0; i < n; i++) {
            DataType t = types.get(i);
            values[i] = switch (t.kind()) {
                case BOOLEAN -> new boolean[capacity];
                case INTEGER, DATE -> new int[capacity];
                case BIGINT, DECIMAL, TIMESTAMP, VARCHAR -> new long[capacity];
                case DOUBLE -> new double[capacity];
            };
            if (t.kind() == io.ascan.types.TypeKind.VARCHAR) lengths[i] = new int[capacity];
        }
    }

    public DataType type(int expr) {
        return types.get(expr);
    }

    /** The value as a Java object (null for NULL): Boolean, Integer, Long, Double or String (tests, debugging). */
    public Object get(int expr, int row) {
        if (nulls[expr][row]) return null;
        return switch (values[expr]) {
            case boolean[] b -> b[row];
            case int[] i -> i[row];
            case double[] d -> d[row];
            case long[] l when lengths[expr] != null -> Strings.toJava(l[row], lengths[expr][row]);
            case long[] l -> l[row];
            default -> throw new IllegalStateException();
        };
    }
}
