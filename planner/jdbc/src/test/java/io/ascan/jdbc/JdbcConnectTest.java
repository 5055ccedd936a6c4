package io.ascan.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The driver as DriverManager finds it (this build: no executor), URLs, properties, planner errors, EXPLAIN. */
class JdbcConnectTest {
    @TempDir static Path dir;

    @BeforeAll
    static void catalog() throws Exception {
        JdbcFixtures.catalog(dir);
    }

    static Connection connect(String suffix) throws SQLException {
        return DriverManager.getConnection("jdbc:ascan:" + dir + suffix);
    }

    @Test
    void explainRunsEndToEndWithoutAnExecutor() throws SQLException {
        try (Connection c = connect(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("EXPLAIN PLAN FOR SELECT s, COUNT(*) FROM all_types WHERE i > 3 GROUP BY s")) {
            assertEquals("PLAN", rs.getMetaData().getColumnLabel(1));
            List<String> lines = new ArrayList<>();
            while (rs.next()) lines.add(rs.getString(1));
            String plan = String.join("\n", lines);
            assertTrue(lines.size() > 1, plan);
            assertTrue(plan.contains("AdaptiveScan(table=all_types, columns=[s], P=[i > 3]"), plan);
        }
    }

    @Test
    void driverManagerFindsTheDriver() throws SQLException {
        assertInstanceOf(AscanDriver.class, DriverManager.getDriver("jdbc:ascan:x"));
        assertNull(new AscanDriver().connect("jdbc:other:x", new Properties()), "another driver's URL");
        assertTrue(new AscanDriver().getPropertyInfo("jdbc:ascan:x", null).length >= 12);
    }

    @Test
    void badSqlNamesLineAndColumn() throws SQLException {
        try (Connection c = connect(""); Statement s = c.createStatement()) {
            SQLException syntax = assertThrows(SQLSyntaxErrorException.class, () -> s.executeQuery("SELECT i\nFROM FROM all_types"));
            assertTrue(syntax.getMessage().contains("line 2, column 6"), syntax.getMessage());
            assertEquals("42601", syntax.getSQLState());
            SQLException table = assertThrows(SQLSyntaxErrorException.class, () -> s.executeQuery("SELECT * FROM nope"));
            assertTrue(table.getMessage().contains("line 1, column 15") && table.getMessage().contains("'nope' not found"),
                    table.getMessage());
            assertEquals("42P01", table.getSQLState());
            SQLException column = assertThrows(SQLSyntaxErrorException.class, () -> c.prepareStatement("SELECT zz FROM all_types"));
            assertTrue(column.getMessage().contains("Column 'zz' not found"), column.getMessage());
            assertEquals("42703", column.getSQLState());
            assertTrue(column.getMessage().contains("line 1, column 8"), column.getMessage());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "?mode=fast | mode must be one of adaptive, direct, staging, pushdown, backpressure, got 'fast'",
            "?compute.threads=0 | compute.threads must be an integer >= 1, got 0",
            "?compute.threads=many | compute.threads must be an integer >= 1, got 'many'",
            "?policy.delta=1.5 | policy.delta must be in (0, 1), got 1.5",
            "?io=aio | io must be one of uring, portable, got 'aio'",
            "?interconnect.bandwidth=-1 | interconnect.bandwidth must be an integer >= 0, got -1",
            "?cache.bytes=4gb | cache.bytes must be a byte count >= 0 such as 1073741824, 512m or 4g, got '4gb'",
            "?cache.bytes=-1 | cache.bytes must be a byte count >= 0, got -1",
            "?policy.alpha=x | policy.alpha must be a number in (0, 1], got 'x'",
            "?policy.clock=cpu | policy.clock must be one of wall, link, got 'cpu'",
            "?plan.cacheSize=3000000000 | plan.cacheSize must be an integer in [0, 2147483647], got 3000000000",
            "?query.memory=1k | query.memory must be at least 1 MiB",
            "?compute.thread=2 | unknown setting 'compute.thread'",
            "?scan.sliceRows=1000 | scan.sliceRows cannot change slices at query time",
            "?mode | URL setting 'mode' has no value"})
    void badPropertiesAreClearErrors(String suffix, String message) {
        SQLException e = assertThrows(SQLException.class, () -> connect(suffix));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertEquals(SqlErrors.INVALID_ATTRIBUTE, e.getSQLState());
    }

    @Test
    void propertiesAndUserPassword() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "me");
        p.setProperty("password", "secret");
        p.setProperty("policy.alpha", "0.5");
        p.setProperty("storage.node", "0");
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir + "?scan.outputQueue=3", p)) {
            AscanConnection ac = c.unwrap(AscanConnection.class);
            assertEquals(0.5, ac.config().query().policy().alpha());
            assertEquals(0, ac.config().storageNode());
            assertEquals(3, ac.config().query().outputQueue());
        }
    }

    @Test
    void cacheBytesSizesTheConnectionsSegmentCache() throws SQLException {
        String sql = "SELECT COUNT(*), SUM(i) FROM all_types";
        try (Connection c = connect("?cache.bytes=64m")) {
            assertEquals(64L << 20, c.unwrap(AscanConnection.class).config().cacheBytes());
            String first = statistics(c, sql), second = statistics(c, sql);
            assertTrue(first.matches("(?s).*cache 0/[1-9]\\d* segments hit.*"), first);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("cache (\\d+)/(\\d+) segments hit").matcher(second);
            assertTrue(m.find(), second);
            assertEquals(m.group(2), m.group(1), "the second run is served from the cache: " + second);
        }
        try (Connection c = connect("?cache.bytes=0")) {
            statistics(c, sql);
            String second = statistics(c, sql);
            assertTrue(second.contains("AdaptiveScan all_types") && !second.contains("cache"), second);
        }
    }

    /**
     * Connections on one directory with the same engine-level settings share one engine, so its
     * segment cache: a table is cached once, not once per connection. It closes with its last user.
     */
    @Test
    void connectionsOnOneDirectoryShareTheEngineAndItsSegmentCache() throws SQLException {
        String sql = "SELECT COUNT(*), SUM(i) FROM all_types";
        java.util.regex.Pattern hits = java.util.regex.Pattern.compile("cache (\\d+)/(\\d+) segments hit");
        try (Connection a = connect("?cache.bytes=64m"); Connection b = connect("?cache.bytes=64m&mode=direct");
             Connection other = connect("?cache.bytes=32m")) {
            assertTrue(statistics(a, sql).contains("cache 0/"), "a fresh engine reads from disk");
            java.util.regex.Matcher m = hits.matcher(statistics(b, sql));
            assertTrue(m.find());
            assertEquals(m.group(2), m.group(1), "b's first run is served from the cache a filled");
            assertTrue(statistics(other, sql).contains("cache 0/"), "another cache size is another engine");
        }
        try (Connection again = connect("?cache.bytes=64m")) {
            assertTrue(statistics(again, sql).contains("cache 0/"), "the engine closed with its last connection");
        }
    }

    /** Runs {@code sql} to the end and returns its execution statistics (the statement's warning). */
    private static String statistics(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                // read to the end
            }
            return s.getWarnings().getMessage();
        }
    }

    @Test
    void missingDirectory() {
        SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:ascan:" + dir.resolve("nope")));
        assertEquals("08001", e.getSQLState());
        assertTrue(e.getMessage().contains("catalog directory does not exist"), e.getMessage());
    }

    @Test
    void closedObjectsRefuseWork() throws SQLException {
        Connection c = connect("");
        Statement s = c.createStatement();
        PreparedStatement ps = c.prepareStatement("SELECT i FROM all_types");
        c.close();
        assertTrue(s.isClosed() && ps.isClosed());
        assertThrows(SQLException.class, c::createStatement);
        assertThrows(SQLException.class, () -> s.executeQuery("SELECT 1"));
    }
}
