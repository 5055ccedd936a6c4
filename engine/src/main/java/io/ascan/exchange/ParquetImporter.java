package io.ascan.exchange;

import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.TableWriteException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * Imports a Parquet file row group by row group. parquet-java's record reader assembles each row
 * and calls one converter per column ({@link ParquetColumns}), which writes straight into the
 * table writer; a column absent from a row is left unset, which is NULL.
 */
public final class ParquetImporter {
    private ParquetImporter() {}

    public static ImportResult importFile(Path file, ImportTarget target, Progress progress) throws IOException {
        ImportTarget.checkReadable(file);
        target.checkWritable();
        try (ParquetFileReader reader = open(file)) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            List<ColumnSpec> columns = new ArrayList<>();
            for (var field : schema.getFields()) columns.add(ParquetColumns.spec(field));
            TableSchema tableSchema;
            try {
                tableSchema = new TableSchema(columns);
            } catch (IllegalArgumentException e) {
                throw new UserException(file + ": " + e.getMessage());
            }
            try (TableWriter w = target.create(tableSchema)) {
                Rows rows = new Rows(schema, w, progress);
                MessageColumnIO io = new ColumnIOFactory().getColumnIO(schema);
                PageReadStore group;
                while ((group = reader.readNextRowGroup()) != null) {
                    RecordReader<Void> records = io.getRecordReader(group, rows);
                    for (long i = 0, n = group.getRowCount(); i < n; i++) records.read();
                }
                w.commit();
                progress.done();
                return new ImportResult(w.name(), tableSchema, w.rowCount());
            }
        } catch (java.io.UncheckedIOException e) {
            if (e.getCause() instanceof TableWriteException w) throw w; // disk full names the catalog, not the input
            throw e;
        } catch (ParquetDecodingException e) {
            throw new UserException(file + ": corrupt Parquet data: " + e.getMessage(), e);
        }
    }

    private static ParquetFileReader open(Path file) throws IOException {
        ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
                .withCodecFactory(ParquetCodecs.INSTANCE)
                .build();
        try {
            return ParquetFileReader.open(new LocalInputFile(file), options);
        } catch (RuntimeException | IOException e) {
            // parquet-java reports a wrong magic number or a damaged footer as a RuntimeException.
            throw new UserException(file + " is not a readable Parquet file: " + e.getMessage(), e);
        }
    }

    /** The record materializer: its root converter ends a table row at the end of each record. */
    private static final class Rows extends RecordMaterializer<Void> {
        private final GroupConverter root;

        Rows(MessageType schema, TableWriter out, Progress progress) {
            Converter[] columns = new Converter[schema.getFieldCount()];
            for (int c = 0; c < columns.length; c++) columns[c] = ParquetColumns.converter(schema.getType(c), out, c);
            this.root = new GroupConverter() {
                @Override public Converter getConverter(int field) { return columns[field]; }
                @Override public void start() {}
                @Override public void end() {
                    out.endRow();
                    progress.row();
                }
            };
        }

        @Override public Void getCurrentRecord() { return null; }
        @Override public GroupConverter getRootConverter() { return root; }
    }
}
