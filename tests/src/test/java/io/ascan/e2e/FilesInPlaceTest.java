package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.exchange.ArrowIpcExporter;
import io.ascan.exchange.FileSource;
import io.ascan.exchange.FileTableCache;
import io.ascan.exchange.ImportFormat;
import io.ascan.exchange.ParquetExporter;
import io.ascan.exchange.Progress;
import io.ascan.io.AlignedBufferPool;
import io.ascan.memory.Allocators;
import io.ascan.testing.AllTypesTable;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files queried in place (read_parquet, read_csv, read_arrow; docs/sql.md), compared with DuckDB
 * reading the same files: every type, NULLs, globs, joins and sub-queries, CSV options, a file
 * written again, missing files; and the file cache's bound and single import.
 */
class FilesInPlaceTest {
    static final int ROWS = 5000;
    @TempDir static Path scratch;
    static Path db;
    static Path data;
    static String url;
    static Connection duck;

    @BeforeAll
    static void files() throws Exception {
        db = scratch.resolve("db");
        data = scratch.resolve("data");
        Files.createDirectories(data.resolve("parts"));
        Table all = AllTypesTable.write(db, ROWS, 1000);
        try (BufferAllocator a = Allocators.root(); AlignedBufferPool pool = new AlignedBufferPool(1L << 26)) {
            ParquetExporter.export(all, data.resolve("all.parquet"), pool, a, Progress.NONE);
            ArrowIpcExporter.export(all, data.resolve("all.arrow"), false, pool, a, Progress.NONE);
        }
        url = "jdbc:ascan:" + db;
        duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duck.createStatement()) {
            for (int p = 0; p < 3; p++) {
                s.execute("COPY (SELECT range AS id, range % 7 AS g, CASE WHEN range % 5 = 0 THEN NULL ELSE 'v' || range END AS s,"
                        + " (range * 0.25)::DOUBLE AS d FROM range(" + p * 1000 + ", " + (p + 1) * 1000 + ")) TO '"
                        + data.resolve("parts/p" + p + ".parquet") + "' (FORMAT parquet)");
            }
            s.execute("COPY (SELECT range AS id, CASE WHEN range % 4 = 0 THEN NULL ELSE 'a;b \"' || range END AS s,"
                    + " CASE WHEN range % 3 = 0 THEN NULL ELSE range * 2 END AS x FROM range(0, 700)) TO '"
                    + data.resolve("semi.csv") + "' (DELIMITER ';', NULL 'NA', HEADER false, QUOTE '''', ESCAPE '\\')");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        duck.close();
    }

    static String f(String name) {
        return data.resolve(name).toString();
    }

    static List<String> rows(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rows(rs);
        }
    }

    /** Rows as text, sorted, numbers without trailing zeros: the two engines type integers and decimals apart. */
    static List<String> rows(ResultSet rs) throws SQLException {
        Result r = Result.read(rs);
        List<String> out = new ArrayList<>();
        for (Object[] row : r.rows()) {
            StringBuilder sb = new StringBuilder();
            for (Object v : row) {
                sb.append(v instanceof BigDecimal d && d.scale() <= 18 ? d.stripTrailingZeros().toPlainString() : Result.format(v)).append(" | ");
            }
            out.add(sb.toString());
        }
        out.sort(null);
        return out;
    }

    static void same(String ascanSql, String duckSql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            List<String> expected = rows(duck, duckSql);
            assertTrue(!expected.isEmpty(), duckSql);
            assertEquals(expected, rows(c, ascanSql), ascanSql);
        }
    }

    static void same(String sql) throws SQLException {
        same(sql, sql);
    }

    @Test
    void parquetOfEveryTypeWithNulls() throws SQLException {
        same("SELECT * FROM read_parquet('" + f("all.parquet") + "')");
        same("SELECT low, COUNT(*), COUNT(m), SUM(m), MIN(dt), MAX(ts) FROM read_parquet('" + f("all.parquet") + "')"
                + " WHERE i > 100 GROUP BY low");
        same("SELECT COUNT(*), SUM(i) FROM parquet_scan('" + f("all.parquet") + "')"); // DuckDB's older name
    }

    @Test
    void arrowReadsAsDuckDbReadsTheSameRowsFromParquet() throws SQLException {
        same("SELECT * FROM read_arrow('" + f("all.arrow") + "')", "SELECT * FROM read_parquet('" + f("all.parquet") + "')");
    }

    @Test
    void globsJoinsAndSubqueries() throws SQLException {
        String parts = "read_parquet('" + f("parts/*.parquet") + "')";
        same("SELECT * FROM " + parts);
        same("SELECT g, COUNT(*), COUNT(s), MIN(id), MAX(id), SUM(d) FROM " + parts + " GROUP BY g");
        same("SELECT a.g, COUNT(*) FROM " + parts + " a JOIN read_parquet('" + f("parts/p1.parquet") + "') b"
                + " ON a.id = b.id + 500 GROUP BY a.g");
        same("SELECT COUNT(*), SUM(id) FROM " + parts + " WHERE g IN (SELECT g FROM read_parquet('" + f("parts/p0.parquet")
                + "') WHERE id < 3) AND s IS NOT NULL");
        // a catalog table and a file in one query
        same("SELECT COUNT(*) FROM all_types t JOIN " + parts + " p ON t.i = p.id",
                "SELECT COUNT(*) FROM read_parquet('" + f("all.parquet") + "') t JOIN " + parts + " p ON t.i = p.id");
    }

    @Test
    void csvWithOptions() throws SQLException {
        String opts = "delim=';', header=false, nullstr='NA', quote='''', escape='\\'";
        // ESCAPE is a reserved word of ascan's parser: quoted as an option's name
        String ascanOpts = opts.replace("escape=", "\"escape\"=");
        String duckRead = "SELECT * FROM read_csv('" + f("semi.csv") + "', " + opts + ")";
        same("SELECT * FROM read_csv('" + f("semi.csv") + "', " + ascanOpts + ")", duckRead);
        // Calcite's named arguments too
        same("SELECT * FROM read_csv('" + f("semi.csv") + "', delim => ';', header => false, nullstr => 'NA', quote => '''',"
                + " \"escape\" => '\\')", duckRead);
        same("SELECT COUNT(*), COUNT(column2), SUM(column3) FROM read_csv('" + f("semi.csv") + "', " + ascanOpts + ")",
                "SELECT COUNT(*), COUNT(column1), SUM(column2) FROM read_csv('" + f("semi.csv") + "', " + opts + ")");
    }

    @Test
    void aFileWrittenAgainIsReadAgain() throws Exception {
        Path file = data.resolve("changing.csv");
        String read = "SELECT COUNT(*), SUM(x), MAX(s) FROM read_csv('" + file + "')";
        Files.writeString(file, "x,s\n0,r0\n");
        try (Connection c = DriverManager.getConnection(url); PreparedStatement ps = c.prepareStatement(read)) {
            for (int round = 1; round <= 3; round++) {
                try (Statement s = duck.createStatement()) {
                    s.execute("COPY (SELECT range AS x, 'r" + round + "' AS s FROM range(0, " + round * 100 + ")) TO '" + file + "'");
                }
                // a later modification time even on a coarse clock
                Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis() + round * 10_000L));
                List<String> expected = rows(duck, read);
                assertEquals(expected, rows(c, read), "round " + round + ", same text (plan cache)");
                try (ResultSet rs = ps.executeQuery()) {
                    assertEquals(expected, rows(rs), "round " + round + ", prepared statement");
                }
            }
        }
        // the stale copies were dropped: one cached table per file and options
        try (var tables = Files.list(db.resolve(".cache/files"))) {
            Set<String> prefixes = new HashSet<>();
            for (Path p : tables.filter(p -> !p.getFileName().toString().startsWith(".")).toList()) {
                String n = p.getFileName().toString();
                assertTrue(prefixes.add(n.substring(0, n.lastIndexOf('_'))), "two copies of one file: " + n);
            }
        }
    }

    @Test
    void aMissingFileIsAnIoErrorNamingIt() throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            String missing = f("nope.parquet");
            SQLException e = assertThrows(SQLException.class, () -> rows(c, "SELECT * FROM read_parquet('" + missing + "')"));
            assertEquals("58030", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains(missing), e.getMessage());
            SQLException glob = assertThrows(SQLException.class, () -> rows(c, "SELECT * FROM read_csv('" + f("none/*.csv") + "')"));
            assertEquals("58030", glob.getSQLState(), glob.getMessage());
            assertTrue(glob.getMessage().contains("none/*.csv"), glob.getMessage());
            // not a Parquet file: a data error naming it
            SQLException bad = assertThrows(SQLException.class, () -> rows(c, "SELECT * FROM read_parquet('" + f("semi.csv") + "')"));
            assertTrue(bad.getMessage().contains(f("semi.csv")), bad.getMessage());
            assertEquals(List.of(ROWS + " | "), rows(c, "SELECT COUNT(*) FROM all_types")); // still usable
        }
    }

    @Test
    void cacheDirectoryIsASetting() throws Exception {
        Path dir = scratch.resolve("set-cache");
        try (Connection c = DriverManager.getConnection(url + "?files.cacheDir=" + dir)) {
            assertEquals(List.of("1000 | "), rows(c, "SELECT COUNT(*) FROM read_parquet('" + f("parts/p2.parquet") + "')"));
        }
        assertEquals(1, Catalog.open(dir).tableNames().size());
    }

    @Test
    void cacheIsBoundedAndImportsOnce() throws Exception {
        Path dir = scratch.resolve("small-cache");
        FileTableCache cache = new FileTableCache(dir, 1); // one byte: only the newest table stays
        FileSource parts = FileSource.resolve(f("parts/*.parquet"));
        assertEquals(3, parts.files().size());
        for (FileSource.Stamp s : parts.files()) cache.table(s, ImportFormat.PARQUET, null);
        assertEquals(1, Catalog.open(dir).tableNames().size());

        FileTableCache shared = new FileTableCache(scratch.resolve("shared-cache"), FileTableCache.DEFAULT_CAPACITY);
        FileSource.Stamp all = FileSource.resolve(f("all.parquet")).files().getFirst();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Table>> firstUses = new ArrayList<>();
            for (int i = 0; i < 4; i++) firstUses.add(pool.submit(() -> shared.table(all, ImportFormat.PARQUET, null)));
            Set<String> versions = new HashSet<>();
            for (Future<Table> t : firstUses) versions.add(t.get().dir().toString());
            assertEquals(1, versions.size(), "imported once: " + versions);
            assertEquals(ROWS, firstUses.getFirst().get().rowCount());
        } finally {
            pool.shutdownNow();
        }
    }
}
