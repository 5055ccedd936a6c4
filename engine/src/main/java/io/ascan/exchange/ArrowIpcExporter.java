package io.ascan.exchange;

import io.ascan.catalog.Table;
import io.ascan.format.ArrowTypes;
import io.ascan.format.ColumnData;
import io.ascan.format.ColumnSpec;
import io.ascan.format.SliceData;
import io.ascan.format.TableSchema;
import io.ascan.io.AlignedBufferPool;
import io.ascan.types.TypeKind;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes a table as an uncompressed Arrow IPC file (random-access format: .arrow, .feather, .ipc)
 * or stream (.arrows), one record batch per slice, with the types other engines read back as the
 * same SQL types: DECIMAL as decimal128(p, s), DATE as date32, TIMESTAMP as timestamp(us) without
 * a zone, VARCHAR as utf8 (dictionary-encoded slices are decoded), the rest as their Arrow peers.
 */
public final class ArrowIpcExporter {
    private ArrowIpcExporter() {}

    /** Writes {@code table} to {@code to} (replacing it atomically) and returns the rows written. */
    public static long export(Table table, Path to, boolean streamFormat, AlignedBufferPool pool,
                              BufferAllocator allocator, Progress progress) throws IOException {
        TableSchema columns = table.schema();
        try (AtomicFile out = AtomicFile.create(to)) {
            long rows;
            try (FileChannel ch = FileChannel.open(out.temp(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                 VectorSchemaRoot root = VectorSchemaRoot.create(schema(columns), allocator);
                 ArrowWriter writer = streamFormat ? new ArrowStreamWriter(root, null, ch)
                         : new ArrowFileWriter(root, null, ch)) {
                writer.start();
                rows = TableScan.forEachSlice(table, pool, allocator, slice -> {
                    fill(root, columns, slice);
                    writer.writeBatch();
                    progress.rows(slice.rowCount());
                });
                writer.end();
            }
            out.commit();
            progress.done();
            return rows;
        }
    }

    /** The result types every query path hands to Arrow (ArrowTypes.resultField), so an export reads back as a query does. */
    static Schema schema(TableSchema table) {
        List<Field> fields = new ArrayList<>();
        for (ColumnSpec c : table.columns()) fields.add(ArrowTypes.resultField(c.name(), c.type()));
        return new Schema(fields, Map.of("ascan.schema", SchemaText.format(table)));
    }

    /** Copies one slice into the batch (the root's buffers are reused from slice to slice). */
    private static void fill(VectorSchemaRoot root, TableSchema columns, SliceData slice) {
        int n = slice.rowCount();
        root.allocateNew();
        for (int c = 0; c < columns.size(); c++) {
            ColumnData in = slice.column(c);
            FieldVector v = root.getVector(c);
            TypeKind kind = columns.column(c).type().kind();
            for (int r = 0; r < n; r++) {
                if (in.isNull(r)) {
                    v.setNull(r);
                    continue;
                }
                switch (kind) {
                    case BOOLEAN -> ((BitVector) v).setSafe(r, in.getBoolean(r) ? 1 : 0);
                    case INTEGER -> ((IntVector) v).setSafe(r, in.getInt(r));
                    case DATE -> ((DateDayVector) v).setSafe(r, in.getInt(r));
                    case BIGINT -> ((BigIntVector) v).setSafe(r, in.getLong(r));
                    case TIMESTAMP -> ((TimeStampMicroVector) v).setSafe(r, in.getLong(r));
                    case DECIMAL -> ((DecimalVector) v).setSafe(r, in.getLong(r)); // the unscaled value
                    case DOUBLE -> ((Float8Vector) v).setSafe(r, in.getDouble(r));
                    case VARCHAR -> ((VarCharVector) v).setSafe(r, in.getUtf8(r));
                }
            }
            v.setValueCount(n);
        }
        root.setRowCount(n);
    }
}
