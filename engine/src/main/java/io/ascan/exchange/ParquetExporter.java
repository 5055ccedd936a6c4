package io.ascan.exchange;

import io.ascan.catalog.Table;
import io.ascan.format.ColumnData;
import io.ascan.format.ColumnSpec;
import io.ascan.format.SliceData;
import io.ascan.format.TableSchema;
import io.ascan.io.AlignedBufferPool;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * Writes a table as a Parquet file with logical types other engines read as the same SQL types:
 * DECIMAL as decimal(p,s) (on int32 up to 9 digits, else int64), DATE as date, TIMESTAMP as timestamp(MICROS) not adjusted
 * to UTC (ascan's timestamps have no zone), VARCHAR as string. Every column is optional.
 * Snappy compression, as most writers default to.
 */
public final class ParquetExporter {
    private ParquetExporter() {}

    /** Writes {@code table} to {@code to} (replacing it atomically) and returns the rows written. */
    public static long export(Table table, Path to, AlignedBufferPool pool, BufferAllocator allocator, Progress progress)
            throws IOException {
        SliceWriteSupport support = new SliceWriteSupport(table.schema());
        try (AtomicFile out = AtomicFile.create(to)) {
            long rows;
            try (ParquetWriter<Cursor> writer = new Builder(new LocalOutputFile(out.temp()), support)
                    .withConf(new PlainParquetConfiguration())
                    .withCodecFactory(ParquetCodecs.INSTANCE)
                    .withCompressionCodec(CompressionCodecName.SNAPPY)
                    .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                    .build()) {
                Cursor cursor = new Cursor();
                rows = TableScan.forEachSlice(table, pool, allocator, slice -> {
                    cursor.slice = slice;
                    for (cursor.row = 0; cursor.row < slice.rowCount(); cursor.row++) writer.write(cursor);
                    progress.rows(slice.rowCount());
                });
            }
            out.commit();
            progress.done();
            return rows;
        }
    }

    static MessageType schema(TableSchema table) {
        Types.MessageTypeBuilder b = Types.buildMessage();
        for (ColumnSpec c : table.columns()) {
            var type = c.type();
            switch (type.kind()) {
                case BOOLEAN -> b.optional(PrimitiveTypeName.BOOLEAN).named(c.name());
                case INTEGER -> b.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(32, true)).named(c.name());
                case BIGINT -> b.optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.intType(64, true)).named(c.name());
                case DOUBLE -> b.optional(PrimitiveTypeName.DOUBLE).named(c.name());
                // The format's rule: int32 up to 9 digits (parquet-java warns otherwise), int64 up to 18.
                case DECIMAL -> b.optional(type.precision() <= 9 ? PrimitiveTypeName.INT32 : PrimitiveTypeName.INT64)
                        .as(LogicalTypeAnnotation.decimalType(type.scale(), type.precision())).named(c.name());
                case DATE -> b.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.dateType()).named(c.name());
                case TIMESTAMP -> b.optional(PrimitiveTypeName.INT64)
                        .as(LogicalTypeAnnotation.timestampType(false, LogicalTypeAnnotation.TimeUnit.MICROS)).named(c.name());
                case VARCHAR -> b.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(c.name());
            }
        }
        return b.named("ascan");
    }

    /** The row being written: a slice and a row in it (reused, so writing allocates nothing per row). */
    private static final class Cursor {
        SliceData slice;
        int row;
    }

    /** Hands one row at a time to parquet-java's record consumer; NULL fields are simply not written. */
    private static final class SliceWriteSupport extends WriteSupport<Cursor> {
        private final TableSchema table;
        private final MessageType schema;
        private RecordConsumer out;

        SliceWriteSupport(TableSchema table) {
            this.table = table;
            this.schema = schema(table);
        }

        @Override
        public WriteContext init(ParquetConfiguration configuration) {
            return new WriteContext(schema, Map.of("ascan.schema", SchemaText.format(table)));
        }

        @Override
        @SuppressWarnings("deprecation") // abstract in WriteSupport, so it must exist; never called here
        public WriteContext init(org.apache.hadoop.conf.Configuration configuration) {
            return init((ParquetConfiguration) null);
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            this.out = recordConsumer;
        }

        @Override
        public void write(Cursor cursor) {
            int r = cursor.row;
            out.startMessage();
            for (int c = 0; c < table.size(); c++) {
                ColumnData col = cursor.slice.column(c);
                if (col.isNull(r)) continue;
                String name = table.column(c).name();
                out.startField(name, c);
                switch (table.column(c).type().kind()) {
                    case BOOLEAN -> out.addBoolean(col.getBoolean(r));
                    case INTEGER, DATE -> out.addInteger(col.getInt(r));
                    case BIGINT, TIMESTAMP -> out.addLong(col.getLong(r));
                    case DECIMAL -> {
                        if (table.column(c).type().precision() <= 9) out.addInteger((int) col.getLong(r));
                        else out.addLong(col.getLong(r));
                    }
                    case DOUBLE -> out.addDouble(col.getDouble(r));
                    case VARCHAR -> out.addBinary(Binary.fromConstantByteArray(col.getUtf8(r)));
                }
                out.endField(name, c);
            }
            out.endMessage();
        }
    }

    private static final class Builder extends ParquetWriter.Builder<Cursor, Builder> {
        private final SliceWriteSupport support;

        Builder(OutputFile file, SliceWriteSupport support) {
            super(file);
            this.support = support;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<Cursor> getWriteSupport(ParquetConfiguration conf) {
            return support;
        }

        @Override
        @SuppressWarnings("deprecation") // abstract in ParquetWriter.Builder; build() uses the other overload
        protected WriteSupport<Cursor> getWriteSupport(org.apache.hadoop.conf.Configuration conf) {
            return support;
        }
    }
}
