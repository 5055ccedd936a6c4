package io.ascan.bench.jmh;

import io.ascan.expr.Literal;
import io.ascan.format.ArrowTypes;
import io.ascan.format.ColumnData;
import io.ascan.format.ColumnSpec;
import io.ascan.types.DataType;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * The column types the micro suites run over, as a scan delivers them: Arrow vectors laid out
 * the way {@code TableReader} loads segments (DECIMAL as a scaled BIGINT, VARCHAR plain or as
 * int32 codes into a sorted dictionary). A column is built from small integers {@code v} in
 * {@code [0, domain)}, mapped so that the order of the values is the order of {@code v}: the
 * predicate {@code c < literal(t)} then keeps exactly the tuples with {@code v < t}.
 */
public enum ColumnKind {
    INT(DataType.INTEGER, false),
    BIGINT(DataType.BIGINT, false),
    DOUBLE(DataType.DOUBLE, false),
    DECIMAL(DataType.decimal(12, 2), false),
    DATE(DataType.DATE, false),
    VARCHAR(DataType.VARCHAR, false),
    VARCHAR_DICT(DataType.VARCHAR, true);

    /** 1992-01-01, the first day of SSB's calendar. */
    private static final int FIRST_DAY = 8035;
    private static final long BIGINT_STRIDE = 1_000_003L;

    private final DataType type;
    private final boolean dictionary;

    ColumnKind(DataType type, boolean dictionary) {
        this.type = type;
        this.dictionary = dictionary;
    }

    DataType type() {
        return type;
    }

    boolean dictionary() {
        return dictionary;
    }

    /** A literal of this column's type that sorts like {@code v} among the column's values. */
    Literal literal(int v) {
        return switch (this) {
            case INT -> Literal.of(v);
            case BIGINT -> Literal.of(v * BIGINT_STRIDE);
            case DOUBLE -> Literal.of(v + 0.5);
            case DECIMAL -> new Literal(v * 100L + 37, type);
            case DATE -> new Literal(FIRST_DAY + v, DataType.DATE);
            case VARCHAR, VARCHAR_DICT -> Literal.of(text(v));
        };
    }

    /** Short SSB-like strings whose lexicographic order is numeric order. */
    static String text(int v) {
        return String.format(Locale.ROOT, "MFGR#%06d", v);
    }

    /**
     * A column holding {@code values} (each in {@code [0, domain)}), no NULLs. A dictionary column's
     * dictionary holds all {@code domain} strings in order, so a value's code is {@code v}.
     */
    ColumnData build(String name, int[] values, int domain, BufferAllocator allocator) {
        ColumnSpec spec = ColumnSpec.of(name, type);
        FieldVector vector = ArrowTypes.field(spec, dictionary).createVector(allocator);
        VarCharVector dict = null;
        try {
            int n = values.length;
            switch (this) {
                case INT, VARCHAR_DICT -> {
                    IntVector v = (IntVector) vector;
                    v.allocateNew(n);
                    for (int i = 0; i < n; i++) v.set(i, values[i]);
                }
                case BIGINT, DECIMAL -> {
                    BigIntVector v = (BigIntVector) vector;
                    v.allocateNew(n);
                    long stride = this == BIGINT ? BIGINT_STRIDE : 100L;
                    long offset = this == BIGINT ? 0 : 37;
                    for (int i = 0; i < n; i++) v.set(i, values[i] * stride + offset);
                }
                case DOUBLE -> {
                    Float8Vector v = (Float8Vector) vector;
                    v.allocateNew(n);
                    for (int i = 0; i < n; i++) v.set(i, values[i] + 0.5);
                }
                case DATE -> {
                    DateDayVector v = (DateDayVector) vector;
                    v.allocateNew(n);
                    for (int i = 0; i < n; i++) v.set(i, FIRST_DAY + values[i]);
                }
                case VARCHAR -> {
                    VarCharVector v = (VarCharVector) vector;
                    v.allocateNew((long) n * text(0).length(), n);
                    for (int i = 0; i < n; i++) v.setSafe(i, utf8(values[i]));
                }
            }
            vector.setValueCount(n);
            if (dictionary) {
                dict = new VarCharVector(name + "-dictionary", allocator);
                dict.allocateNew((long) domain * text(0).length(), domain);
                for (int v = 0; v < domain; v++) dict.setSafe(v, utf8(v));
                dict.setValueCount(domain);
            }
            return new ColumnData(spec, vector, dict);
        } catch (RuntimeException e) {
            vector.close();
            if (dict != null) dict.close();
            throw e;
        }
    }

    private static byte[] utf8(int v) {
        return text(v).getBytes(StandardCharsets.UTF_8);
    }
}
