package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Table;
import io.ascan.exchange.ParquetExporter;
import io.ascan.exchange.Progress;
import io.ascan.io.AlignedBufferPool;
import io.ascan.memory.Allocators;
import io.ascan.testing.AllTypesTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * COPY (query) TO and COPY table TO (docs/sql.md): the files read back by DuckDB (Parquet, CSV with
 * options) and by ascan's read_csv and read_arrow hold the rows DuckDB reads from the table's own
 * Parquet export; a missing directory, a failing query and a bad option leave no file behind.
 */
class CopyToTest {
    static final int ROWS = 3000;
    @TempDir static Path scratch;
    static Path out;
    static String url;
    static String reference;
    static Connection duck;

    @BeforeAll
    static void table() throws Exception {
        Path db = scratch.resolve("db");
        out = scratch.resolve("out");
        Files.createDirectories(out);
        Table all = AllTypesTable.write(db, ROWS, 700);
        reference = "read_parquet('" + out.resolve("reference.parquet") + "')";
        try (BufferAllocator a = Allocators.root(); AlignedBufferPool pool = new AlignedBufferPool(1L << 26)) {
            ParquetExporter.export(all, out.resolve("reference.parquet"), pool, a, Progress.NONE);
        }
        url = "jdbc:ascan:" + db;
        duck = DriverManager.getConnection("jdbc:duckdb:");
    }

    @AfterAll
    static void close() throws SQLException {
        duck.close();
    }

    static String f(String name) {
        return out.resolve(name).toString();
    }

    /** Runs a COPY on ascan: the rows it reports written. */
    static long copy(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            return s.executeUpdate(sql);
        }
    }

    static void duckSame(String expected, String actual) throws SQLException {
        List<String> want = FilesInPlaceTest.rows(duck, expected);
        assertFalse(want.isEmpty(), expected);
        assertEquals(want, FilesInPlaceTest.rows(duck, actual), actual);
    }

    @Test
    void aQueryToParquetReadsBackInDuckDb() throws SQLException {
        assertEquals(ROWS, copy("COPY (SELECT * FROM all_types) TO '" + f("all.parquet") + "' (FORMAT parquet)"));
        duckSame("SELECT * FROM " + reference, "SELECT * FROM read_parquet('" + f("all.parquet") + "')");
        copy("COPY (SELECT i, l * 2 AS l2, high, m + 1 AS m1 FROM all_types WHERE i > 0 ORDER BY i) TO '" + f("some.parquet") + "'");
        duckSame("SELECT i, l * 2 AS l2, high, m + 1 AS m1 FROM " + reference + " WHERE i > 0",
                "SELECT * FROM read_parquet('" + f("some.parquet") + "')");
    }

    @Test
    void aTableToParquetAndAViewToCsv() throws SQLException {
        assertEquals(ROWS, copy("COPY all_types TO '" + f("table.parquet") + "'"));
        duckSame("SELECT * FROM " + reference, "SELECT * FROM read_parquet('" + f("table.parquet") + "')");
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE OR REPLACE VIEW odd AS SELECT i, low FROM all_types WHERE i % 2 <> 0");
            s.executeUpdate("COPY odd TO '" + f("odd.csv") + "'");
        }
        duckSame("SELECT i, low FROM " + reference + " WHERE i % 2 <> 0", "SELECT * FROM read_csv('" + f("odd.csv") + "')");
    }

    @Test
    void csvOptionsAsDuckDbReadsThem() throws SQLException {
        copy("COPY (SELECT i, d, m, dt, low, high FROM all_types) TO '" + f("semi.txt")
                + "' (FORMAT csv, DELIMITER ';', NULL 'NA', HEADER false)");
        duckSame("SELECT i, d, m, dt, low, high FROM " + reference,
                "SELECT * FROM read_csv('" + f("semi.txt") + "', delim=';', nullstr='NA', header=false, columns={'i': 'INTEGER', "
                        + "'d': 'DOUBLE', 'm': 'DECIMAL(12,2)', 'dt': 'DATE', 'low': 'VARCHAR', 'high': 'VARCHAR'})");
    }

    @Test
    void csvAndArrowReadBackInAscan() throws SQLException {
        copy("COPY (SELECT i, l, low, high FROM all_types) TO '" + f("back.csv") + "' (HEADER)");
        copy("COPY (SELECT * FROM all_types WHERE b) TO '" + f("back.arrow") + "'");
        try (Connection c = DriverManager.getConnection(url)) {
            assertEquals(List.of("0 | "), FilesInPlaceTest.rows(c, "SELECT COUNT(*) FROM (SELECT i, l, low, high FROM read_csv('"
                    + f("back.csv") + "') EXCEPT ALL SELECT i, l, low, high FROM all_types) t"));
            assertEquals(List.of("0 | "), FilesInPlaceTest.rows(c, "SELECT COUNT(*) FROM (SELECT i, l, low, high FROM all_types "
                    + "EXCEPT ALL SELECT i, l, low, high FROM read_csv('" + f("back.csv") + "')) t"));
            assertEquals(FilesInPlaceTest.rows(c, "SELECT * FROM all_types WHERE b"),
                    FilesInPlaceTest.rows(c, "SELECT * FROM read_arrow('" + f("back.arrow") + "')"));
        }
    }

    @Test
    void aMissingDirectoryIsAClearErrorAndCreatesNothing() {
        Path missing = out.resolve("no-such-dir");
        SQLException e = assertThrows(SQLException.class, () -> copy("COPY all_types TO '" + missing.resolve("x.csv") + "'"));
        assertEquals("58030", e.getSQLState(), e.getMessage());
        assertTrue(e.getMessage().contains("does not exist") && e.getMessage().contains("no-such-dir"), e.getMessage());
        e = assertThrows(SQLException.class, () -> copy("COPY (SELECT 1 AS x1) TO '" + missing.resolve("y.csv") + "'"));
        assertEquals("58030", e.getSQLState(), e.getMessage());
        assertFalse(Files.exists(missing));
    }

    @Test
    void aFailingCopyLeavesTheEarlierFileAndNoTemporaries() throws Exception {
        Path file = out.resolve("kept.csv");
        copy("COPY (SELECT i FROM all_types WHERE i = 26) TO '" + file + "'");
        String before = Files.readString(file);
        SQLException e = assertThrows(SQLException.class,
                () -> copy("COPY (SELECT i / (i - i) AS boom FROM all_types) TO '" + file + "'"));
        assertEquals("22012", e.getSQLState(), e.getMessage());
        assertEquals(before, Files.readString(file));
        try (Stream<Path> left = Files.list(out)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().startsWith(".")), "a temporary file was left");
        }
        Path scratchRows = scratch.resolve("db").resolve(".cache").resolve("copy");
        if (Files.exists(scratchRows)) {
            try (Stream<Path> left = Files.list(scratchRows)) {
                assertEquals(0, left.count(), "a temporary table was left");
            }
        }
    }

    @Test
    void badOptionsAreSyntaxErrors() {
        SQLException e = assertThrows(SQLException.class, () -> copy("COPY all_types TO '" + f("x.csv") + "' (COMPRESSION zstd)"));
        assertEquals("42601", e.getSQLState(), e.getMessage());
        e = assertThrows(SQLException.class, () -> copy("COPY all_types TO '" + f("x.parquet") + "' (FORMAT parquet, DELIMITER ';')"));
        assertEquals("42601", e.getSQLState(), e.getMessage());
        e = assertThrows(SQLException.class, () -> copy("COPY all_types TO '" + f("x.csv") + "' (FORMAT json)"));
        assertEquals("42601", e.getSQLState(), e.getMessage());
        assertFalse(Files.exists(out.resolve("x.csv")));
    }
}
