package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.exec.QueryOptions;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.testing.AllTypesTable;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQLSTATEs of real failures through JDBC (docs/errors.md): data errors 22xxx, the user's SQL 42xxx,
 * corrupt data XX001, the memory limit 53200 naming its setting; and thread settings capped.
 */
class ErrorStatesTest {
    static final int ROWS = 5000;
    @TempDir static Path scratch;
    static String url;

    @BeforeAll
    static void data() throws Exception {
        Path db = scratch.resolve("db");
        AllTypesTable.write(db, ROWS, 1000);
        url = "jdbc:ascan:" + db;
    }

    static SQLException fails(String settings, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url + settings); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> {
                try (ResultSet rs = s.executeQuery(sql)) {
                    while (rs.next()) {
                        // read to the end: errors of later batches count too
                    }
                }
            }, sql);
            // the connection stays usable
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM all_types")) {
                assertTrue(rs.next());
                assertEquals(ROWS, rs.getLong(1));
            }
            return e;
        }
    }

    static void assertState(String state, SQLException e) {
        assertEquals(state, e.getSQLState(), e.getMessage());
        assertTrue(!e.getMessage().contains("GeneratedPipeline") && !e.getMessage().contains("io.ascan.codegen.rt."),
                "never generated source in a message: " + e.getMessage());
    }

    @Test
    void dataErrorsAreClass22() throws SQLException {
        SQLException div = fails("", "SELECT SUM(i / (i - i)) FROM all_types");
        assertInstanceOf(SQLDataException.class, div);
        assertState("22012", div);
        assertTrue(div.getMessage().contains("division by zero"), div.getMessage());
        assertState("22003", fails("", "SELECT SUM(l * l) FROM all_types"));
        assertState("22018", fails("", "SELECT SUM(CAST(high AS INTEGER)) FROM all_types"));
        // a literal beyond BIGINT, folded while planning, was an "internal error" naming io.ascan.codegen.rt.SqlException
        assertState("22003", fails("", "SELECT 9223372036854775808"));
    }

    @Test
    void theUsersSqlIsClass42() throws SQLException {
        assertInstanceOf(SQLSyntaxErrorException.class, fails("", "SELECT FROM all_types"));
        assertState("42601", fails("", "SELECT FROM all_types"));
        assertState("42P01", fails("", "SELECT * FROM no_such_table"));
        assertState("42703", fails("", "SELECT no_such_column FROM all_types"));
        assertState("42804", fails("", "SELECT b + 1 FROM all_types"));
    }

    @Test
    void theMemoryLimitIsASettingAndItsErrorNamesIt() throws SQLException {
        Path tpch = scratch.resolve("tpch");
        Workload.cli("gen", "tpch", "--sf", "0.01", "--dir", tpch.toString(), "--threads", "2");
        String query = "SELECT COUNT(*) FROM (SELECT l_comment, COUNT(*) FROM lineitem GROUP BY l_comment)";
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + tpch + "?query.memory=1m"); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> {
                try (ResultSet rs = s.executeQuery(query)) {
                    while (rs.next()) {
                        // read to the end
                    }
                }
            });
            assertState("53200", e);
            assertTrue(e.getMessage().contains("query.memory=1048576"), e.getMessage());
        }
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + tpch + "?query.memory=1g"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(query)) {
            assertTrue(rs.next());
            assertTrue(rs.getLong(1) > 1000, "the same query within a larger limit runs");
        }
    }

    @Test
    void corruptDataIsXX001() throws Exception {
        Path db = scratch.resolve("corrupt");
        Table t = AllTypesTable.write(db, ROWS, 1000);
        Path file = t.columnFile(1);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            long at = Files.size(file) / 2;
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x5a);
        }
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + db + "?cache.bytes=0"); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> {
                try (ResultSet rs = s.executeQuery("SELECT SUM(i) FROM all_types")) {
                    while (rs.next()) {
                        // read to the end
                    }
                }
            });
            assertState("XX001", e);
            assertTrue(e.getMessage().contains("all_types"), e.getMessage());
        }
    }

    /**
     * A column file that cannot be opened is an I/O error (58030) naming the file, and the catalog's
     * other tables stay usable. Tests run as root, whom permissions do not stop, and a directory in
     * the file's place reads as a truncated file (XX001): the file becomes a symbolic link to itself,
     * which every open fails with ELOOP, an error of the file system, not of the data.
     */
    @Test
    void anUnopenableColumnFileIs58030NamingIt() throws Exception {
        Path db = scratch.resolve("unopenable");
        Table t = AllTypesTable.write(db, ROWS, 1000);
        try (TableWriter w = Catalog.open(db).create("other", AllTypesTable.SCHEMA, WriteOptions.DEFAULTS)) {
            for (int r = 0; r < 10; r++) AllTypesTable.appendRow(w, r);
            w.commit();
        }
        Path file = t.columnFile(1);
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + db + "?cache.bytes=0"); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM all_types")) {
                assertTrue(rs.next()); // the catalog is open and has planned on the table
            }
            Files.delete(file);
            Files.createSymbolicLink(file, file.getFileName());
            SQLException e = assertThrows(SQLException.class, () -> {
                try (ResultSet rs = s.executeQuery("SELECT SUM(i) FROM all_types")) {
                    while (rs.next()) {
                        // read to the end
                    }
                }
            });
            assertState("58030", e);
            assertTrue(e.getMessage().contains(file.getFileName().toString()), e.getMessage());
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(i) FROM other")) {
                assertTrue(rs.next());
                assertEquals(10, rs.getLong(1));
            }
        }
    }

    /** compute.threads=2000 started 1,610 threads; now the setting is capped to QueryOptions.MAX_THREADS. */
    @Test
    void threadSettingsAreCapped() throws SQLException {
        var threads = ManagementFactory.getThreadMXBean();
        long before = threads.getTotalStartedThreadCount();
        try (Connection c = DriverManager.getConnection(url + "?compute.threads=2000&storage.threads=2000&mode=pushdown&scan.inlineRows=0");
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT low, COUNT(*), SUM(i) FROM all_types GROUP BY low")) {
            while (rs.next()) {
                // read to the end
            }
        }
        long started = threads.getTotalStartedThreadCount() - before;
        assertTrue(started <= 4L * QueryOptions.MAX_THREADS, started + " threads started, cap " + QueryOptions.MAX_THREADS);
    }
}
