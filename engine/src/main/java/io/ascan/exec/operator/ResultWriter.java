package io.ascan.exec.operator;

import io.ascan.codegen.rt.Mem;
import io.ascan.format.ArrowTypes;
import io.ascan.plan.OutputColumn;
import io.ascan.types.TypeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One worker's result batch under construction: generated code writes values straight into the
 * Arrow buffers (a final class, so no virtual call per value); full batches go to the result
 * stream. Result types: BOOLEAN Bit, INTEGER Int, BIGINT BigInt, DOUBLE Float8, DECIMAL
 * Decimal(p, s) (128-bit, what JDBC maps to BigDecimal), DATE DateDay, TIMESTAMP TimeStampMicro,
 * VARCHAR VarChar; each field's metadata also names the SQL type.
 */
public final class ResultWriter implements AutoCloseable {
    static final int BATCH_ROWS = 4096;

    private final Schema schema;
    private final TypeKind[] kinds;
    private final BufferAllocator allocator;
    private final Consumer<VectorSchemaRoot> out;
    private final long[] data;
    private final long[] valid;
    private final long[] offsets;
    private VectorSchemaRoot root;
    private int count;

    public ResultWriter(List<OutputColumn> columns, BufferAllocator allocator, Consumer<VectorSchemaRoot> out) {
        this.schema = schema(columns);
        this.kinds = columns.stream().map(c -> c.type().kind()).toArray(TypeKind[]::new);
        this.allocator = allocator;
        this.out = out;
        this.data = new long[kinds.length];
        this.valid = new long[kinds.length];
        this.offsets = new long[kinds.length];
    }

    public static Schema schema(List<OutputColumn> columns) {
        List<Field> fields = new ArrayList<>();
        for (OutputColumn c : columns) fields.add(ArrowTypes.resultField(c.name(), c.type()));
        return new Schema(fields);
    }

    /** The row index to write the next tuple at. */
    public int row() {
        if (root == null) allocate();
        return count;
    }

    /** The tuple at {@link #row()} is complete. */
    public void end() {
        if (++count == BATCH_ROWS) flush();
    }

    private void allocate() {
        root = VectorSchemaRoot.create(schema, allocator);
        try {
            for (int c = 0; c < kinds.length; c++) {
                FieldVector v = root.getVector(c);
                if (v instanceof VarCharVector s) {
                    s.allocateNew(BATCH_ROWS * 16L, BATCH_ROWS);
                    offsets[c] = s.getOffsetBuffer().memoryAddress();
                } else {
                    v.setInitialCapacity(BATCH_ROWS);
                    v.allocateNew();
                }
                data[c] = v.getDataBuffer().memoryAddress();
                valid[c] = v.getValidityBuffer().memoryAddress();
            }
        } catch (RuntimeException e) {
            root.close();
            root = null;
            throw e;
        }
        count = 0;
    }

    private void setValid(int c, int r) {
        long at = valid[c] + (r >>> 3);
        Mem.putByte(at, (byte) (Mem.getByte(at) | (1 << (r & 7))));
    }

    public void setNull(int c, int r) {
        if (kinds[c] == TypeKind.VARCHAR) Mem.putInt(offsets[c] + 4L * (r + 1), Mem.getInt(offsets[c] + 4L * r));
    }

    public void setBoolean(int c, int r, boolean v) {
        if (v) {
            long at = data[c] + (r >>> 3);
            Mem.putByte(at, (byte) (Mem.getByte(at) | (1 << (r & 7))));
        }
        setValid(c, r);
    }

    public void setInt(int c, int r, int v) {
        Mem.putInt(data[c] + 4L * r, v);
        setValid(c, r);
    }

    public void setLong(int c, int r, long v) {
        Mem.putLong(data[c] + 8L * r, v);
        setValid(c, r);
    }

    public void setDouble(int c, int r, double v) {
        Mem.putDouble(data[c] + 8L * r, v);
        setValid(c, r);
    }

    /** An unscaled DECIMAL into a 128-bit little-endian Arrow decimal. */
    public void setDecimal(int c, int r, long unscaled) {
        Mem.putLong(data[c] + 16L * r, unscaled);
        Mem.putLong(data[c] + 16L * r + 8, unscaled >> 63);
        setValid(c, r);
    }

    public void setString(int c, int r, long address, int length) {
        int start = Mem.getInt(offsets[c] + 4L * r);
        VarCharVector v = (VarCharVector) root.getVector(c);
        while (v.getDataBuffer().capacity() < (long) start + length) {
            v.reallocDataBuffer();
            data[c] = v.getDataBuffer().memoryAddress();
        }
        Mem.copy(address, data[c] + start, length);
        Mem.putInt(offsets[c] + 4L * (r + 1), start + length);
        setValid(c, r);
    }

    /** Hands the batch under construction (if any rows) to the result stream. */
    public void flush() {
        if (root == null) return;
        if (count == 0) {
            root.close();
            root = null;
            return;
        }
        for (int c = 0; c < kinds.length; c++) {
            FieldVector v = root.getVector(c);
            if (v instanceof VarCharVector s) s.setLastSet(count - 1);
            v.setValueCount(count);
        }
        root.setRowCount(count);
        VectorSchemaRoot full = root;
        root = null;
        out.accept(full);
    }

    @Override
    public void close() {
        if (root != null) root.close();
        root = null;
    }
}
