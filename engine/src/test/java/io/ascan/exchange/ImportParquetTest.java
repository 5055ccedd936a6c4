package io.ascan.exchange;

import static io.ascan.exchange.Fixtures.lit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.format.WriteOptions;
import io.ascan.testing.LeakCheck;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Parquet files written by DuckDB (an independent writer) imported and compared with DuckDB's reading. */
class ImportParquetTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    /** Every supported Parquet type, with NULLs on every 5th row of each column. */
    private static final String ALL_TYPES_SQL = """
            SELECT i::INTEGER AS id,
              CASE WHEN i % 5 = 1 THEN NULL ELSE (i % 100 - 50)::TINYINT END AS "Tiny",
              CASE WHEN i % 5 = 2 THEN NULL ELSE (i * 7 % 30000)::SMALLINT END AS small,
              CASE WHEN i % 5 = 3 THEN NULL ELSE (i * 104729 - 2000000000)::INTEGER END AS int,
              CASE WHEN i % 5 = 4 THEN NULL ELSE i * 3000000019 END AS big,
              CASE WHEN i % 5 = 0 THEN NULL ELSE (i % 256)::UTINYINT END AS u8,
              CASE WHEN i % 5 = 1 THEN NULL ELSE (i * 31 % 65536)::USMALLINT END AS u16,
              CASE WHEN i % 5 = 2 THEN NULL ELSE (4294967295 - i)::UINTEGER END AS u32,
              CASE WHEN i % 5 = 3 THEN NULL ELSE (i / 8.0)::FLOAT END AS f,
              CASE WHEN i % 5 = 4 THEN NULL ELSE i / 3.0 END::DOUBLE AS dbl,
              CASE WHEN i % 5 = 0 THEN NULL ELSE (i / 10.0 - 50)::DECIMAL(4,1) END AS dec4,
              CASE WHEN i % 5 = 1 THEN NULL ELSE (i * 12345.67 - 1e9)::DECIMAL(15,2) END AS dec15,
              CASE WHEN i % 5 = 2 THEN NULL ELSE DATE '1960-01-01' + (i * 11)::INTEGER END AS day,
              CASE WHEN i % 5 = 3 THEN NULL ELSE TIMESTAMP '1965-06-15 12:00:00' + to_microseconds(i * 987654321) END AS ts,
              CASE WHEN i % 5 = 4 THEN NULL ELSE (TIMESTAMP '2000-01-01' + to_microseconds(i * 1001))::TIMESTAMPTZ END AS tstz,
              CASE WHEN i % 5 = 0 THEN NULL ELSE (TIMESTAMP '2000-01-01' + to_seconds(i))::TIMESTAMP_MS END AS ts_ms,
              CASE WHEN i % 5 = 1 THEN NULL ELSE (TIMESTAMP '2000-01-01' + to_microseconds(i))::TIMESTAMP_NS END AS ts_ns,
              CASE WHEN i % 5 = 2 THEN NULL ELSE 'str ' || i || repeat('é', i % 4) END AS s,
              CASE WHEN i % 5 = 3 THEN NULL ELSE i % 3 = 0 END AS flag
            FROM range(2500) t(i)""";

    private Path duckParquet(String name, String select, String options) throws Exception {
        Path f = dir.resolve(name);
        Fixtures.duckExecute("COPY (" + select + ") TO " + lit(f) + " (FORMAT parquet" + options + ")");
        return f;
    }

    private ImportTarget target() throws Exception {
        return new ImportTarget(Catalog.create(dir.resolve("db")), "t", WriteOptions.DEFAULTS.withMaxSliceRows(1_000));
    }

    @Test
    void everySupportedTypeMatchesDuckDb() throws Exception {
        Path f = duckParquet("all.parquet", ALL_TYPES_SQL, ", ROW_GROUP_SIZE 1000");
        ImportResult r = ParquetImporter.importFile(f, target(), Progress.NONE);
        assertEquals("id INTEGER, tiny INTEGER, small INTEGER, int INTEGER, big BIGINT, u8 INTEGER, u16 INTEGER, "
                + "u32 BIGINT, f DOUBLE, dbl DOUBLE, dec4 DECIMAL(4,1), dec15 DECIMAL(15,2), day DATE, ts TIMESTAMP, "
                + "tstz TIMESTAMP, ts_ms TIMESTAMP, ts_ns TIMESTAMP, s VARCHAR, flag BOOLEAN", SchemaText.format(r.schema()));
        assertEquals(2500, r.rows());
        Table t = Catalog.open(dir.resolve("db")).table("t");
        List<Object[]> ours = Fixtures.read(t, memory);
        // DuckDB's view of the same file: timestamps as epoch microseconds (UTC instants for tstz).
        StringBuilder sql = new StringBuilder("SELECT ");
        for (int c = 0; c < t.schema().size(); c++) {
            String name = '"' + t.schema().column(c).name() + '"';
            if (c > 0) sql.append(", ");
            sql.append(name.startsWith("\"ts") ? "epoch_us(" + name + ")" : name);
        }
        sql.append(" FROM read_parquet(").append(lit(f)).append(") ORDER BY id");
        List<Object[]> duck = new ArrayList<>();
        try (Connection c = Fixtures.duckdb(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql.toString())) {
            while (rs.next()) {
                Object[] row = new Object[t.schema().size()];
                for (int i = 0; i < row.length; i++) {
                    Object v = rs.getObject(i + 1);
                    if (v == null) continue;
                    row[i] = switch (t.schema().column(i).type().kind()) {
                        case INTEGER -> rs.getInt(i + 1);
                        case BIGINT -> rs.getLong(i + 1);
                        case DOUBLE -> rs.getDouble(i + 1);
                        case DECIMAL -> rs.getBigDecimal(i + 1);
                        case DATE -> rs.getObject(i + 1, LocalDate.class);
                        case TIMESTAMP -> ColumnTimestamps.of(rs.getLong(i + 1));
                        case BOOLEAN -> rs.getBoolean(i + 1);
                        case VARCHAR -> rs.getString(i + 1);
                    };
                }
                duck.add(row);
            }
        }
        Fixtures.assertRows(duck, ours);
        assertEquals(new BigDecimal("-49.9"), ours.get(1)[10]);
        assertEquals(4294967295L, ours.getFirst()[7]);
    }

    /** ascan's TIMESTAMP object for epoch microseconds. */
    private static final class ColumnTimestamps {
        static Object of(long micros) {
            return io.ascan.format.ColumnData.timestamp(micros);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"uncompressed", "snappy", "zstd", "gzip", "lz4_raw"})
    void everyCommonCompressionReads(String codec) throws Exception {
        Path f = duckParquet(codec + ".parquet", "SELECT i AS n, 'v' || (i % 7) AS s FROM range(3000) t(i)",
                ", COMPRESSION " + codec);
        assertEquals(3000, ParquetImporter.importFile(f, target(), Progress.NONE).rows());
        List<Object[]> rows = Fixtures.read(Catalog.open(dir.resolve("db")).table("t"), memory);
        for (int i = 0; i < rows.size(); i++) {
            assertEquals((long) i, rows.get(i)[0]);
            assertEquals("v" + (i % 7), rows.get(i)[1]);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "[1, 2]                          | int32 list                 | group",
        "INTERVAL 3 DAY                  | interval                   | fixed_len_byte_array",
        "TIME '10:00:00'                 | time                       | int64 TIME",
        "12345678901234567890.5::DECIMAL(30,2) | wide                 | decimal(30,2)",
        "18446744073709551615::UBIGINT   | huge                       | int64 INTEGER(64,false)",
        "'\\x01'::BLOB                    | bytes                      | binary",
        "{'a': 1}                        | rec                        | group",
    })
    void unsupportedTypesNameTheColumnAndType(String expr, String column, String type) throws Exception {
        Path f = duckParquet("bad.parquet", "SELECT 1 AS ok, " + expr + " AS \"" + column + "\"", "");
        UserException e = assertThrows(UserException.class, () -> ParquetImporter.importFile(f, target(), Progress.NONE));
        assertTrue(e.getMessage().contains("column '" + column + "'") && e.getMessage().contains(type), e.getMessage());
        assertEquals(List.of(), Fixtures.entries(dir.resolve("db")));
    }

    /** Layouts DuckDB never writes but Spark and Impala do: decimals as byte arrays, int96 timestamps. */
    @Test
    void byteArrayDecimalsAndInt96Timestamps() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType("""
                message m {
                  optional fixed_len_byte_array(8) fixed (DECIMAL(18,3));
                  optional binary var (DECIMAL(10,2));
                  optional int96 legacy;
                }""");
        Path f = dir.resolve("spark.parquet");
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(f)).withType(schema)
                .withConf(new PlainParquetConfiguration()).withCodecFactory(ParquetCodecs.INSTANCE).build()) {
            Group g = groups.newGroup();
            g.add("fixed", Binary.fromConstantByteArray(java.nio.ByteBuffer.allocate(8).putLong(-123456789012345678L).array()));
            g.add("var", Binary.fromConstantByteArray(java.math.BigInteger.valueOf(-5).toByteArray()));
            // 1970-01-02 00:00:01.000002: Julian day 2440589, one second and 2 microseconds in.
            g.add("legacy", Binary.fromConstantByteArray(java.nio.ByteBuffer.allocate(12).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                    .putLong(1_000_002_000L).putInt(2_440_589).array()));
            w.write(g);
            w.write(groups.newGroup());
        }
        ImportResult r = ParquetImporter.importFile(f, target(), Progress.NONE);
        assertEquals("fixed DECIMAL(18,3), var DECIMAL(10,2), legacy TIMESTAMP", SchemaText.format(r.schema()));
        Fixtures.assertRows(List.of(
                new Object[] {new BigDecimal("-123456789012345.678"), new BigDecimal("-0.05"),
                        java.time.LocalDateTime.of(1970, 1, 2, 0, 0, 1, 2000)},
                new Object[] {null, null, null}), Fixtures.read(Catalog.open(dir.resolve("db")).table("t"), memory));
    }

    @Test
    void notAParquetFile() throws Exception {
        Path f = dir.resolve("fake.parquet");
        Files.writeString(f, "a,b\n1,2\n");
        UserException e = assertThrows(UserException.class, () -> ParquetImporter.importFile(f, target(), Progress.NONE));
        assertTrue(e.getMessage().startsWith(f + " is not a readable Parquet file"), e.getMessage());
        assertEquals(List.of(), Fixtures.entries(dir.resolve("db")));
    }
}
