package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code import} of CSV, Parquet and Arrow IPC and {@code export} to Parquet and CSV in child JVMs
 * on the launcher's classpath ({@link Launcher}). The three inputs hold one table of {@link #ROWS}
 * rows with every column type and NULLs: DuckDB writes the CSV and Parquet files from SQL, this
 * test writes the Arrow file from the same formulas ({@link #arrowFile}); DuckDB then compares what
 * ascan exports, and what {@code sql} prints, with its own source.
 */
class LauncherExchangeTest {
    private static final int ROWS = 1000;
    /** The source table, as DuckDB computes it; {@link #arrowFile} computes the same values. */
    private static final String SOURCE = "SELECT i::INTEGER AS id, "
            + "CASE WHEN i % 7 = 0 THEN NULL ELSE i * 1000003 END::BIGINT AS big, "
            + "CASE WHEN i % 11 = 0 THEN NULL ELSE CAST(i * 12.34 - 5000 AS DECIMAL(12,2)) END AS price, "
            + "i::DOUBLE / 8 AS x, "
            + "CASE WHEN i % 13 = 0 THEN NULL ELSE 'name ' || i || CASE WHEN i % 5 = 0 THEN ', \"quoted\"' ELSE '' END "
            + "END AS name, "
            + "DATE '1992-01-01' + i::INTEGER AS day, "
            + "i % 3 = 0 AS flag "
            + "FROM range(" + ROWS + ") t(i)";
    private static final String COLUMNS = "id INTEGER, big BIGINT, price DECIMAL(12,2), x DOUBLE, name VARCHAR, "
            + "day DATE, flag BOOLEAN";

    @TempDir static Path dir;
    private static Path catalog;
    private static Connection duckdb;

    @BeforeAll
    static void sources() throws Exception {
        catalog = dir.resolve("catalog");
        duckdb = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duckdb.createStatement()) {
            s.execute("SET threads = 1");
            s.execute("CREATE TABLE src AS " + SOURCE);
            s.execute("COPY src TO '" + sql(dir.resolve("src.parquet")) + "' (FORMAT parquet)");
            s.execute("COPY src TO '" + sql(dir.resolve("src.csv")) + "' (FORMAT csv, HEADER)");
        }
        arrowFile(dir.resolve("src.arrow"));
    }

    @AfterAll
    static void close() throws SQLException {
        if (duckdb != null) duckdb.close();
    }

    @Test
    void parquetImportedAndExportedToParquetKeepsEveryValue() throws Exception {
        Launcher.Child imported = importFile("t_parquet", dir.resolve("src.parquet"));
        assertTrue(imported.out().contains("imported 1,000 rows into table 't_parquet' (" + COLUMNS + ")"),
                imported.toString());
        Path out = dir.resolve("out.parquet");
        Launcher.Child exported = Launcher.run("export", "--dir", catalog.toString(), "--table", "t_parquet",
                "--to", out.toString()).ok();
        assertTrue(exported.out().contains("exported 1,000 rows of table 't_parquet' to " + out), exported.toString());
        assertSameAsSource("read_parquet('" + sql(out) + "')");
    }

    @Test
    void arrowImportedAndExportedToCsvKeepsEveryValue() throws Exception {
        Launcher.Child imported = importFile("t_arrow", dir.resolve("src.arrow"));
        assertTrue(imported.out().contains("imported 1,000 rows into table 't_arrow' (" + COLUMNS + ")"),
                imported.toString());
        Path out = dir.resolve("out.csv");
        Launcher.Child exported = Launcher.run("export", "--dir", catalog.toString(), "--table", "t_arrow",
                "--to", out.toString()).ok();
        assertTrue(exported.out().contains("exported 1,000 rows of table 't_arrow' to " + out), exported.toString());
        assertSameAsSource(csv(out));
    }

    /** CSV with the types given, then every row printed by {@code sql --format csv} as DuckDB holds it. */
    @Test
    void csvImportedWithASchemaPrintsEveryValue() throws Exception {
        Launcher.Child imported = Launcher.run("import", "--dir", catalog.toString(), "--table", "t_csv",
                "--from", dir.resolve("src.csv").toString(), "--schema", COLUMNS).ok();
        assertTrue(imported.out().contains("imported 1,000 rows into table 't_csv' (" + COLUMNS + ")"),
                imported.toString());
        String query = "SELECT * FROM t_csv ORDER BY id";
        Launcher.Child printed = Launcher.run("sql", "--dir", catalog.toString(), "--format", "csv", "-e", query).ok();
        List<CSVRecord> records = CSVFormat.RFC4180.parse(new StringReader(printed.out())).getRecords();
        assertEquals(List.of("id", "big", "price", "x", "name", "day", "flag"), records.getFirst().toList());
        Result expected = query("SELECT * FROM src ORDER BY id");
        assertEquals(ROWS, records.size() - 1, printed.toString());
        for (int r = 0; r < ROWS; r++) {
            String[] cells = records.get(r + 1).values();
            Object[] want = expected.rows().get(r);
            assertTrue(LauncherCatalogTest.sameRow(cells, want),
                    "row " + r + ": " + records.get(r + 1).toList() + " vs " + Result.format(want));
        }
    }

    private static Launcher.Child importFile(String table, Path file) {
        return Launcher.run("import", "--dir", catalog.toString(), "--table", table, "--from", file.toString()).ok();
    }

    /** DuckDB finds the same multiset of rows in {@code relation} as in its source table. */
    private static void assertSameAsSource(String relation) throws SQLException {
        String columns = "id, big, price, x, name, day, flag";
        long missing = count("SELECT " + columns + " FROM src EXCEPT ALL SELECT " + columns + " FROM " + relation);
        long extra = count("SELECT " + columns + " FROM " + relation + " EXCEPT ALL SELECT " + columns + " FROM src");
        assertEquals(0, missing, "rows of the source missing from " + relation);
        assertEquals(0, extra, "rows of " + relation + " not in the source");
        assertEquals(ROWS, count("SELECT * FROM " + relation));
    }

    /** A CSV file as DuckDB reads it with the source's column types. */
    private static String csv(Path file) {
        return "read_csv('" + sql(file) + "', header = true, columns = {'id': 'INTEGER', 'big': 'BIGINT', "
                + "'price': 'DECIMAL(12,2)', 'x': 'DOUBLE', 'name': 'VARCHAR', 'day': 'DATE', 'flag': 'BOOLEAN'})";
    }

    private static long count(String query) throws SQLException {
        try (Statement s = duckdb.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM (" + query + ")")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static Result query(String query) throws SQLException {
        try (Statement s = duckdb.createStatement(); ResultSet rs = s.executeQuery(query)) {
            return Result.read(rs);
        }
    }

    private static String sql(Path p) {
        return p.toAbsolutePath().toString().replace("'", "''");
    }

    /** {@link #SOURCE}'s rows computed here and written as an Arrow IPC file. */
    private static void arrowFile(Path file) throws IOException {
        try (BufferAllocator allocator = new RootAllocator();
             IntVector id = new IntVector("id", allocator);
             BigIntVector big = new BigIntVector("big", allocator);
             DecimalVector price = new DecimalVector("price", allocator, 12, 2);
             Float8Vector x = new Float8Vector("x", allocator);
             VarCharVector name = new VarCharVector("name", allocator);
             DateDayVector day = new DateDayVector("day", allocator);
             BitVector flag = new BitVector("flag", allocator)) {
            for (var v : List.of(id, big, price, x, name, day, flag)) v.allocateNew();
            for (int i = 0; i < ROWS; i++) {
                id.setSafe(i, i);
                if (i % 7 == 0) big.setNull(i); else big.setSafe(i, i * 1_000_003L);
                if (i % 11 == 0) price.setNull(i); else price.setSafe(i, BigDecimal.valueOf(i * 1234L - 500_000, 2));
                x.setSafe(i, i / 8.0);
                if (i % 13 == 0) {
                    name.setNull(i);
                } else {
                    name.setSafe(i, ("name " + i + (i % 5 == 0 ? ", \"quoted\"" : "")).getBytes(StandardCharsets.UTF_8));
                }
                day.setSafe(i, (int) LocalDate.of(1992, 1, 1).plusDays(i).toEpochDay());
                flag.setSafe(i, i % 3 == 0 ? 1 : 0);
            }
            try (VectorSchemaRoot root = VectorSchemaRoot.of(id, big, price, x, name, day, flag);
                 FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                 ArrowFileWriter writer = new ArrowFileWriter(root, null, channel)) {
                root.setRowCount(ROWS);
                writer.start();
                writer.writeBatch();
                writer.end();
            }
        }
    }
}
