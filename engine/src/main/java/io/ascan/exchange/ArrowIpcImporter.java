package io.ascan.exchange;

import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Imports an Arrow IPC file (random-access format, starting with {@code ARROW1}) or stream,
 * batch by batch, with buffers uncompressed or compressed (LZ4 frame, ZSTD: pyarrow's Feather
 * files are LZ4 by default). Dictionary-encoded columns are decoded per batch into their value type.
 */
public final class ArrowIpcImporter {
    private static final byte[] FILE_MAGIC = "ARROW1".getBytes(StandardCharsets.US_ASCII);

    private ArrowIpcImporter() {}

    public static ImportResult importFile(Path file, ImportTarget target, BufferAllocator allocator, Progress progress)
            throws IOException {
        ImportTarget.checkReadable(file);
        target.checkWritable();
        try (FileChannel ch = FileChannel.open(file);
             ArrowReader reader = isFileFormat(ch)
                     ? new ArrowFileReader(ch, allocator, CommonsCompressionFactory.INSTANCE)
                     : new ArrowStreamReader(ch, allocator, CommonsCompressionFactory.INSTANCE)) {
            VectorSchemaRoot root = schemaRoot(reader, file);
            List<Field> fields = root.getSchema().getFields();
            Dictionary[] dictionaries = new Dictionary[fields.size()];
            ArrowColumns.Copier[] copiers = new ArrowColumns.Copier[fields.size()];
            List<ColumnSpec> columns = new ArrayList<>();
            for (int c = 0; c < fields.size(); c++) {
                Field f = fields.get(c);
                Field values = f;
                if (f.getDictionary() != null) {
                    dictionaries[c] = reader.getDictionaryVectors().get(f.getDictionary().getId());
                    values = new Field(f.getName(), FieldType.nullable(dictionaries[c].getVectorType()), null);
                }
                columns.add(ArrowColumns.spec(values));
                copiers[c] = ArrowColumns.copier(values);
            }
            TableSchema schema = tableSchema(columns, file);
            try (TableWriter w = target.create(schema)) {
                while (loadNextBatch(reader, file)) copyBatch(root, dictionaries, copiers, w, progress);
                w.commit();
                progress.done();
                return new ImportResult(w.name(), schema, w.rowCount());
            }
        }
    }

    private static void copyBatch(VectorSchemaRoot root, Dictionary[] dictionaries, ArrowColumns.Copier[] copiers,
                                  TableWriter w, Progress progress) {
        int columns = copiers.length;
        FieldVector[] vectors = new FieldVector[columns];
        try {
            for (int c = 0; c < columns; c++) {
                FieldVector v = root.getVector(c);
                vectors[c] = dictionaries[c] == null ? v : (FieldVector) DictionaryEncoder.decode(v, dictionaries[c]);
            }
            int rows = root.getRowCount();
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < columns; c++) {
                    if (!vectors[c].isNull(r)) copiers[c].copy(vectors[c], r, w, c);
                }
                w.endRow();
            }
            progress.rows(rows);
        } finally {
            for (int c = 0; c < columns; c++) {
                if (dictionaries[c] != null && vectors[c] != null) vectors[c].close(); // decoded copies only
            }
        }
    }

    private static boolean isFileFormat(FileChannel ch) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(FILE_MAGIC.length);
        while (head.hasRemaining() && ch.read(head) >= 0) { /* fill */ }
        ch.position(0);
        return !head.hasRemaining() && head.flip().equals(ByteBuffer.wrap(FILE_MAGIC));
    }

    private static VectorSchemaRoot schemaRoot(ArrowReader reader, Path file) {
        try {
            return reader.getVectorSchemaRoot();
        } catch (IOException | RuntimeException e) {
            throw new UserException(file + " is not a readable Arrow IPC file or stream: " + e.getMessage(), e);
        }
    }

    private static boolean loadNextBatch(ArrowReader reader, Path file) {
        try {
            return reader.loadNextBatch();
        } catch (IOException | RuntimeException e) {
            throw new UserException(file + ": corrupt Arrow IPC data: " + e.getMessage(), e);
        }
    }

    private static TableSchema tableSchema(List<ColumnSpec> columns, Path file) {
        try {
            return new TableSchema(columns);
        } catch (IllegalArgumentException e) {
            throw new UserException(file + ": " + e.getMessage());
        }
    }
}
