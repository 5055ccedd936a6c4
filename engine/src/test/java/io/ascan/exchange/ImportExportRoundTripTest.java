package io.ascan.exchange;

import static io.ascan.exchange.Fixtures.ALL_TYPES;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.format.WriteOptions;
import io.ascan.testing.LeakCheck;
import java.nio.file.Path;
import java.util.List;
import java.nio.channels.FileChannel;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** import → export → import: every hop keeps every value (and, through Parquet, every type). */
class ImportExportRoundTripTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    private Table table(String name) throws Exception {
        return Catalog.open(dir.resolve("db")).table(name);
    }

    private ImportTarget target(String name) throws Exception {
        return new ImportTarget(Catalog.create(dir.resolve("db")), name, WriteOptions.DEFAULTS.withMaxSliceRows(700));
    }

    @Test
    void csvToParquetToCsvAndBack() throws Exception {
        List<Object[]> rows = Fixtures.allTypesRows(1_800);
        Table original = Fixtures.writeTable(dir.resolve("db"), "original", ALL_TYPES, rows, 500);

        // ascan → CSV → ascan, with the schema given and with it inferred.
        Path csv = dir.resolve("a.csv");
        CsvExporter.export(original, csv, memory.pool(), memory.allocator(), Progress.NONE);
        CsvImporter.importFile(csv, target("from_csv"), SchemaText.parse(SchemaText.format(ALL_TYPES)), Progress.NONE);
        assertEquals(ALL_TYPES, table("from_csv").schema());
        Fixtures.assertRows(rows, Fixtures.read(table("from_csv"), memory));

        ImportResult inferred = CsvImporter.importFile(csv, target("inferred"), null, Progress.NONE);
        // Inference finds every type but DECIMAL's precision, which it takes from the data (10 + 2 digits here).
        assertEquals("id INTEGER, b BOOLEAN, i INTEGER, l BIGINT, d DOUBLE, m DECIMAL(12,2), dt DATE, ts TIMESTAMP, "
                + "s VARCHAR", SchemaText.format(inferred.schema()));
        Fixtures.assertRows(rows, Fixtures.read(table("inferred"), memory));

        // → Parquet → ascan: same schema, same values.
        Path parquet = dir.resolve("b.parquet");
        ParquetExporter.export(table("inferred"), parquet, memory.pool(), memory.allocator(), Progress.NONE);
        ParquetImporter.importFile(parquet, target("from_parquet"), Progress.NONE);
        assertEquals(ALL_TYPES, table("from_parquet").schema());
        Fixtures.assertRows(rows, Fixtures.read(table("from_parquet"), memory));

        // → CSV again: byte-identical to the first export.
        Path again = dir.resolve("c.csv");
        CsvExporter.export(table("from_parquet"), again, memory.pool(), memory.allocator(), Progress.NONE);
        assertEquals(java.nio.file.Files.readString(csv), java.nio.file.Files.readString(again));
    }

    /** ascan → Arrow IPC (file and stream) → ascan keeps every value and type; Arrow's own reader sees SQL types. */
    @ParameterizedTest
    @ValueSource(strings = {"t.arrow", "t.arrows"})
    void arrowIpcRoundTrip(String name) throws Exception {
        List<Object[]> rows = Fixtures.allTypesRows(1_800);
        Table original = Fixtures.writeTable(dir.resolve("db"), "original", ALL_TYPES, rows, 500);
        Path file = dir.resolve(name);
        long written = ArrowIpcExporter.export(original, file, name.endsWith(".arrows"), memory.pool(),
                memory.allocator(), Progress.NONE);
        assertEquals(rows.size(), written);

        try (FileChannel ch = FileChannel.open(file);
             ArrowReader reader = name.endsWith(".arrows") ? new ArrowStreamReader(ch, memory.allocator())
                     : new ArrowFileReader(ch, memory.allocator())) {
            assertEquals("Schema<id: Int(32, true), b: Bool, i: Int(32, true), l: Int(64, true), "
                    + "d: FloatingPoint(DOUBLE), m: Decimal(12, 2, 128), dt: Date(DAY), ts: Timestamp(MICROSECOND, null), "
                    + "s: Utf8>", reader.getVectorSchemaRoot().getSchema().toString().replaceAll("\\(metadata: .*", ""));
            long seen = 0;
            int batches = 0;
            while (reader.loadNextBatch()) {
                seen += reader.getVectorSchemaRoot().getRowCount();
                batches++;
            }
            assertEquals(rows.size(), seen);
            assertEquals(4, batches, "one batch per slice of 500 rows");
        }

        ArrowIpcImporter.importFile(file, target("back"), memory.allocator(), Progress.NONE);
        assertEquals(ALL_TYPES, table("back").schema());
        Fixtures.assertRows(rows, Fixtures.read(table("back"), memory));
    }
}
