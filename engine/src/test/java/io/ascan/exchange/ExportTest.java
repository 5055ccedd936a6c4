package io.ascan.exchange;

import static io.ascan.exchange.Fixtures.ALL_TYPES;
import static io.ascan.exchange.Fixtures.assertRows;
import static io.ascan.exchange.Fixtures.lit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Export to Parquet and CSV, read back by DuckDB as the independent oracle. */
class ExportTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    static final int ROWS = 2_345;

    private Table sample() throws Exception {
        // Small slices so that the export crosses several of them.
        return Fixtures.writeTable(dir.resolve("db"), "sample", ALL_TYPES, Fixtures.allTypesRows(ROWS), 1_000);
    }

    @Test
    void parquetHasProperLogicalTypesAndEveryValue() throws Exception {
        Table t = sample();
        Path file = dir.resolve("out/sample.parquet");
        long rows = ParquetExporter.export(t, file, memory.pool(), memory.allocator(), Progress.NONE);
        assertEquals(ROWS, rows);
        try (Connection c = Fixtures.duckdb()) {
            String from = "read_parquet(" + lit(file) + ")";
            assertEquals(List.of("INTEGER", "BOOLEAN", "INTEGER", "BIGINT", "DOUBLE", "DECIMAL(12,2)", "DATE",
                    "TIMESTAMP", "VARCHAR"), Fixtures.duckTypes(c, from));
            List<Object[]> duck = Fixtures.duckRows(c, "SELECT * FROM " + from + " ORDER BY id", ALL_TYPES);
            assertRows(Fixtures.allTypesRows(ROWS), duck);
            // Exact timestamps, independent of JDBC's conversions: microseconds since the epoch.
            try (var s = c.createStatement();
                 var rs = s.executeQuery("SELECT epoch_us(ts) FROM " + from + " WHERE id = 1")) {
                rs.next();
                assertEquals(-1L, rs.getLong(1));
            }
        }
        assertEquals(List.of("sample.parquet"), Fixtures.entries(file.getParent()), "no temporary file left");
    }

    @Test
    void csvIsReadByDuckDbWithTheSameValues() throws Exception {
        Table t = sample();
        Path file = dir.resolve("sample.csv");
        assertEquals(ROWS, CsvExporter.export(t, file, memory.pool(), memory.allocator(), Progress.NONE));
        try (Connection c = Fixtures.duckdb()) {
            // Quoted empty strings stay empty strings; unquoted empty fields are NULL.
            String from = "read_csv_auto(" + lit(file) + ", allow_quoted_nulls = false)";
            List<String> types = Fixtures.duckTypes(c, from);
            assertEquals(List.of("BIGINT", "BOOLEAN", "BIGINT", "BIGINT", "DOUBLE", "DOUBLE", "DATE", "TIMESTAMP",
                    "VARCHAR"), types, "DuckDB's sniffer sees numbers, booleans, dates and timestamps");
            List<Object[]> duck = Fixtures.duckRows(c, "SELECT * FROM " + from + " ORDER BY id", ALL_TYPES);
            assertRows(Fixtures.allTypesRows(ROWS), duck);
        }
    }

    @Test
    void parquetDecimalsUseTheNarrowestPhysicalType() throws Exception {
        TableSchema schema = TableSchema.of(ColumnSpec.of("small", DataType.decimal(9, 2)),
                ColumnSpec.of("large", DataType.decimal(18, 4)));
        List<Object[]> rows = List.<Object[]>of(new Object[] {new java.math.BigDecimal("-9999999.99"),
                new java.math.BigDecimal("-99999999999999.9999")}, new Object[] {null, java.math.BigDecimal.ONE.setScale(4)});
        Table t = Fixtures.writeTable(dir.resolve("db"), "dec", schema, rows, 0);
        Path file = dir.resolve("dec.parquet");
        ParquetExporter.export(t, file, memory.pool(), memory.allocator(), Progress.NONE);
        try (var reader = org.apache.parquet.hadoop.ParquetFileReader.open(new org.apache.parquet.io.LocalInputFile(file),
                org.apache.parquet.ParquetReadOptions.builder(new org.apache.parquet.conf.PlainParquetConfiguration())
                        .withCodecFactory(ParquetCodecs.INSTANCE).build())) {
            var fields = reader.getFooter().getFileMetaData().getSchema().getFields();
            assertEquals("optional int32 small (DECIMAL(9,2))", fields.get(0).toString());
            assertEquals("optional int64 large (DECIMAL(18,4))", fields.get(1).toString());
        }
        try (Connection c = Fixtures.duckdb()) {
            String from = "read_parquet(" + lit(file) + ")";
            assertEquals(List.of("DECIMAL(9,2)", "DECIMAL(18,4)"), Fixtures.duckTypes(c, from));
            assertRows(rows, Fixtures.duckRows(c, "SELECT * FROM " + from, schema));
        }
    }

    @Test
    void csvTextFollowsTheDocumentedForms() throws Exception {
        TableSchema schema = TableSchema.of(ColumnSpec.of("d", DataType.DOUBLE), ColumnSpec.of("m", DataType.decimal(9, 3)),
                ColumnSpec.of("ts", DataType.TIMESTAMP), ColumnSpec.of("s", DataType.VARCHAR));
        List<Object[]> rows = List.of(
                new Object[] {1e20, new java.math.BigDecimal("1.500"), java.time.LocalDateTime.of(2020, 1, 2, 3, 4, 5), ""},
                new Object[] {1e-5, new java.math.BigDecimal("-0.001"),
                        java.time.LocalDateTime.of(2020, 1, 2, 3, 4, 5, 120_000), null},
                new Object[] {null, null, null, "x\"y"});
        Table t = Fixtures.writeTable(dir.resolve("db"), "forms", schema, rows, 0);
        Path file = dir.resolve("forms.csv");
        CsvExporter.export(t, file, memory.pool(), memory.allocator(), Progress.NONE);
        assertEquals("d,m,ts,s\r\n"
                + "100000000000000000000.0,1.500,2020-01-02 03:04:05,\"\"\r\n"
                + "0.00001,-0.001,2020-01-02 03:04:05.000120,\r\n"
                + ",,,\"x\"\"y\"\r\n", Files.readString(file, StandardCharsets.UTF_8));
    }

    @Test
    void anExistingFileIsReplacedAndEmptyTablesExport() throws Exception {
        TableSchema schema = TableSchema.of(ColumnSpec.of("x", DataType.INTEGER));
        Table t = Fixtures.writeTable(dir.resolve("db"), "empty", schema, List.of(), 0);
        Path file = dir.resolve("e.parquet");
        Files.writeString(file, "old content");
        assertEquals(0, ParquetExporter.export(t, file, memory.pool(), memory.allocator(), Progress.NONE));
        try (Connection c = Fixtures.duckdb(); var s = c.createStatement();
             var rs = s.executeQuery("SELECT count(*) FROM read_parquet(" + lit(file) + ")")) {
            rs.next();
            assertEquals(0, rs.getLong(1));
        }
        Path csv = dir.resolve("e.csv");
        CsvExporter.export(t, csv, memory.pool(), memory.allocator(), Progress.NONE);
        assertEquals("x\r\n", Files.readString(csv));
    }

    @Test
    void unknownExtensionIsAClearError() {
        var e = assertThrows(UserException.class, () -> ExportFormat.forPath(Path.of("out.json")));
        assertTrue(e.getMessage().contains("out.json") && e.getMessage().contains(".parquet, .csv, .arrow"), e.getMessage());
        assertEquals(ExportFormat.ARROW, ExportFormat.forPath(Path.of("a.feather")));
        assertEquals(ExportFormat.ARROW_STREAM, ExportFormat.forPath(Path.of("a.arrows")));
        assertEquals(ExportFormat.CSV, ExportFormat.forPath(Path.of("A.CSV")));
        assertFalse(Files.exists(dir.resolve("out.json")));
    }
}
