package io.ascan.codegen;

import io.ascan.codegen.rt.Batch;
import io.ascan.codegen.rt.Results;
import io.ascan.codegen.rt.StringScratch;
import io.ascan.expr.Expr;
import io.ascan.expr.Literal;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * A batch of typed test columns in Arrow vectors (the layout rowsets have), built from rows of
 * Java values (Boolean, Integer, Long, Double, BigDecimal, LocalDate, LocalDateTime, String;
 * null is NULL). A column marked dictionary-encoded is stored as int32 codes plus a sorted
 * dictionary, as the table format writes low-cardinality strings.
 */
final class ExprFixture implements AutoCloseable {
    final List<ExprCompiler.Input> inputs;
    final List<Object[]> rows;
    final Batch batch;
    private final List<FieldVector> vectors = new ArrayList<>();

    ExprFixture(BufferAllocator allocator, List<ExprCompiler.Input> inputs, List<Object[]> rows) {
        this.inputs = inputs;
        this.rows = rows;
        this.batch = new Batch(inputs.size());
        try {
            for (int c = 0; c < inputs.size(); c++) load(allocator, c);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private void load(BufferAllocator allocator, int c) {
        ExprCompiler.Input in = inputs.get(c);
        int n = rows.size();
        String name = in.name();
        FieldVector v;
        switch (in.type().kind()) {
            case BOOLEAN -> {
                BitVector b = new BitVector(name, allocator);
                b.allocateNew(n);
                for (int r = 0; r < n; r++) if (value(r, c) != null) b.set(r, (Boolean) value(r, c) ? 1 : 0);
                v = b;
            }
            case INTEGER, DATE -> {
                IntVector b = new IntVector(name, allocator);
                b.allocateNew(n);
                for (int r = 0; r < n; r++) if (value(r, c) != null) b.set(r, (Integer) storage(value(r, c), in.type()));
                v = b;
            }
            case BIGINT, DECIMAL, TIMESTAMP -> {
                BigIntVector b = new BigIntVector(name, allocator);
                b.allocateNew(n);
                for (int r = 0; r < n; r++) if (value(r, c) != null) b.set(r, (Long) storage(value(r, c), in.type()));
                v = b;
            }
            case DOUBLE -> {
                Float8Vector b = new Float8Vector(name, allocator);
                b.allocateNew(n);
                for (int r = 0; r < n; r++) if (value(r, c) != null) b.set(r, (Double) value(r, c));
                v = b;
            }
            case VARCHAR -> {
                if (in.dictionary()) {
                    loadDictionary(allocator, c);
                    return;
                }
                VarCharVector b = new VarCharVector(name, allocator);
                b.allocateNew(n);
                for (int r = 0; r < n; r++) if (value(r, c) != null) b.setSafe(r, utf8(value(r, c)));
                v = b;
            }
            default -> throw new AssertionError();
        }
        v.setValueCount(n);
        vectors.add(v);
        Batches.bind(batch, c, v);
    }

    private void loadDictionary(BufferAllocator allocator, int c) {
        TreeSet<String> distinct = new TreeSet<>((x, y) -> java.util.Arrays.compareUnsigned(utf8(x), utf8(y)));
        for (int r = 0; r < rows.size(); r++) if (value(r, c) != null) distinct.add((String) value(r, c));
        List<String> dict = new ArrayList<>(distinct);
        VarCharVector d = new VarCharVector(inputs.get(c).name() + "$dict", allocator);
        vectors.add(d);
        d.allocateNew(Math.max(1, dict.size()));
        for (int i = 0; i < dict.size(); i++) d.setSafe(i, utf8(dict.get(i)));
        d.setValueCount(dict.size());
        IntVector codes = new IntVector(inputs.get(c).name(), allocator);
        vectors.add(codes);
        codes.allocateNew(rows.size());
        for (int r = 0; r < rows.size(); r++) if (value(r, c) != null) codes.set(r, dict.indexOf(value(r, c)));
        codes.setValueCount(rows.size());
        Batches.bind(batch, c, codes);
        batch.dictionaryOffsets[c] = d.getOffsetBuffer().memoryAddress();
        batch.dictionaryData[c] = d.getDataBuffer().memoryAddress();
        batch.dictionarySize[c] = dict.size();
    }

    Object value(int r, int c) {
        return rows.get(r)[c];
    }

    static byte[] utf8(Object s) {
        return ((String) s).getBytes(StandardCharsets.UTF_8);
    }

    /** A Java value in the storage representation of {@code t} (epoch days, micros, unscaled). */
    static Object storage(Object v, DataType t) {
        return switch (v) {
            case null -> null;
            case LocalDate d -> Math.toIntExact(d.toEpochDay());
            case LocalDateTime ts -> Literal.of(ts).value();
            case BigDecimal m -> m.setScale(t.scale()).unscaledValue().longValueExact();
            default -> v;
        };
    }

    /** A row whose evaluation raised a SQL error. */
    record Failure(String message) {
        @Override
        public String toString() {
            return "ERROR(" + message + ")";
        }
    }

    /**
     * Evaluates {@code e} over every row: per row its value (storage representation: epoch days,
     * micros, unscaled decimals; Strings for VARCHAR) or a {@link Failure}. A batch that fails is
     * re-run row by row, so each row gets its own outcome.
     */
    List<Object> evaluate(BufferAllocator allocator, Expr e) {
        ExprCompiler.Compiled compiled = ExprCompiler.compile(List.of(e), inputs);
        List<Object> out = new ArrayList<>();
        try (ExprCompiler.Evaluator ev = compiled.instantiate(allocator); StringScratch scratch = new StringScratch(allocator, 64)) {
            Results res = ev.newResults(rows.size());
            try {
                ev.evaluate(batch, 0, rows.size(), res, scratch);
                for (int r = 0; r < rows.size(); r++) out.add(res.get(0, r));
            } catch (io.ascan.codegen.rt.SqlException batchError) {
                for (int r = 0; r < rows.size(); r++) {
                    try {
                        ev.evaluate(batch, r, r + 1, res, scratch);
                        out.add(res.get(0, r));
                    } catch (io.ascan.codegen.rt.SqlException rowError) {
                        out.add(new Failure(rowError.getMessage()));
                    }
                }
            }
        }
        return out;
    }

    @Override
    public void close() {
        for (FieldVector v : vectors) v.close();
        vectors.clear();
    }
}
