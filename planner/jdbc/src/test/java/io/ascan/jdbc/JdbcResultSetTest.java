package io.ascan.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Properties;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Result metadata and getters over Arrow batches, with the scripted executor. */
class JdbcResultSetTest {
    @TempDir static Path dir;
    ScriptedExecutor executor;
    Connection conn;

    @BeforeAll
    static void catalog() throws Exception {
        JdbcFixtures.catalog(dir);
    }

    @BeforeEach
    void open() throws SQLException {
        executor = new ScriptedExecutor();
        executor.rows = p -> JdbcFixtures.ROWS;
        conn = executor.driver().connect("jdbc:ascan:" + dir, new Properties());
    }

    @AfterEach
    void close() throws SQLException {
        conn.close();
        executor.close(); // fails on leaked result memory
    }

    @Test
    void metadataOfEveryType() throws SQLException {
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(JdbcFixtures.ALL_TYPES)) {
            ResultSetMetaData md = rs.getMetaData();
            assertEquals(8, md.getColumnCount());
            int[] types = {Types.BOOLEAN, Types.INTEGER, Types.BIGINT, Types.DOUBLE, Types.DECIMAL, Types.DATE,
                    Types.TIMESTAMP, Types.VARCHAR};
            String[] names = {"BOOLEAN", "INTEGER", "BIGINT", "DOUBLE", "DECIMAL", "DATE", "TIMESTAMP", "VARCHAR"};
            String[] classes = {"java.lang.Boolean", "java.lang.Integer", "java.lang.Long", "java.lang.Double",
                    "java.math.BigDecimal", "java.sql.Date", "java.sql.Timestamp", "java.lang.String"};
            String[] labels = {"b", "i", "l", "d", "m", "dt", "ts", "s"};
            for (int c = 1; c <= 8; c++) {
                assertEquals(types[c - 1], md.getColumnType(c));
                assertEquals(names[c - 1], md.getColumnTypeName(c));
                assertEquals(classes[c - 1], md.getColumnClassName(c));
                assertEquals(labels[c - 1], md.getColumnLabel(c));
                assertEquals(labels[c - 1], md.getColumnName(c));
                assertEquals(ResultSetMetaData.columnNullable, md.isNullable(c));
                assertTrue(md.isReadOnly(c));
            }
            assertEquals(12, md.getPrecision(5));
            assertEquals(2, md.getScale(5));
            assertEquals(6, md.getScale(7));
            assertTrue(md.isSigned(4));
            assertFalse(md.isSigned(8));
            assertThrows(SQLException.class, () -> md.getColumnType(9));
        }
    }

    @Test
    void aliasesAndNullabilityComeFromThePlan() throws SQLException {
        executor.rows = p -> List.<Object[]>of(new Object[] {10L, BigDecimal.valueOf(1, 2)});
        try (Statement s = conn.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) AS \"Rows\", SUM(m) total FROM all_types")) {
            ResultSetMetaData md = rs.getMetaData();
            assertEquals("Rows", md.getColumnLabel(1));
            assertEquals("total", md.getColumnLabel(2));
            assertEquals(ResultSetMetaData.columnNoNulls, md.isNullable(1));
            assertEquals(ResultSetMetaData.columnNullable, md.isNullable(2));
            assertTrue(rs.next());
            assertEquals(10, rs.getLong("ROWS")); // labels match case-insensitively when not exact
            assertEquals(new BigDecimal("0.01"), rs.getBigDecimal("total"));
        }
    }

    @Test
    void gettersAndWasNull() throws SQLException {
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(JdbcFixtures.ALL_TYPES)) {
            assertThrows(SQLException.class, () -> rs.getInt(1), "before the first row");
            assertTrue(rs.next());
            assertTrue(rs.getBoolean(1));
            assertFalse(rs.wasNull());
            assertEquals(42, rs.getInt(2));
            assertEquals(42L, rs.getLong("i"));
            assertEquals(42.0, rs.getDouble(2));
            assertEquals(9_000_000_000L, rs.getLong(3));
            SQLException range = assertThrows(SQLException.class, () -> rs.getInt(3));
            assertEquals("22003", range.getSQLState());
            assertEquals(1e20, rs.getDouble(4));
            assertEquals("100000000000000000000.0", rs.getString(4));
            assertEquals(new BigDecimal("-1234.50"), rs.getBigDecimal(5));
            assertEquals("-1234.50", rs.getString(5));
            assertEquals(-1234, rs.getInt(5));
            assertEquals(Date.valueOf("1998-12-31"), rs.getDate(6));
            assertEquals("1998-12-31", rs.getString(6));
            assertEquals(LocalDate.of(1998, 12, 31), rs.getObject(6, LocalDate.class));
            Timestamp ts = rs.getTimestamp(7);
            assertEquals(Timestamp.valueOf("2020-02-29 23:59:58.123456"), ts);
            assertEquals(123_456_000, ts.getNanos());
            assertEquals("2020-02-29 23:59:58.123456", rs.getString(7));
            assertEquals(LocalDateTime.of(2020, 2, 29, 23, 59, 58, 123_456_000), rs.getObject(7, LocalDateTime.class));
            assertEquals(Date.valueOf("2020-02-29"), rs.getDate(7));
            assertEquals("a, \"quoted\"\nline", rs.getString(8));
            assertArrayEquals(new Object[] {Boolean.TRUE, 42, 9_000_000_000L, 1e20, new BigDecimal("-1234.50"),
                    Date.valueOf("1998-12-31"), Timestamp.valueOf("2020-02-29 23:59:58.123456"), "a, \"quoted\"\nline"}, row(rs));

            assertTrue(rs.next());
            for (int c = 1; c <= 8; c++) {
                assertNull(rs.getObject(c));
                assertTrue(rs.wasNull());
                assertNull(rs.getString(c));
            }
            assertFalse(rs.getBoolean(1));
            assertEquals(0, rs.getInt(2));
            assertTrue(rs.wasNull());
            assertNull(rs.getBigDecimal(5));
            assertNull(rs.getTimestamp(7));

            assertTrue(rs.next());
            assertFalse(rs.getBoolean(1));
            assertEquals(new BigDecimal("0.05"), rs.getBigDecimal(5));
            assertEquals("0.05", rs.getString(5));
            assertEquals("1969-12-31 23:00:00", rs.getString(7));
            assertEquals("", rs.getString(8));
            assertFalse(rs.wasNull());
            assertFalse(rs.next());
            assertFalse(rs.next());
        }
    }

    @Test
    void calendarsShiftDatesAndTimestamps() throws SQLException {
        Calendar utc = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(JdbcFixtures.ALL_TYPES)) {
            rs.next();
            assertEquals(LocalDate.of(1998, 12, 31).toEpochDay() * 86_400_000L, rs.getDate(6, utc).getTime());
            assertEquals(LocalDateTime.of(2020, 2, 29, 23, 59, 58).toEpochSecond(java.time.ZoneOffset.UTC) * 1000 + 123,
                    rs.getTimestamp(7, utc).getTime());
        }
    }

    @Test
    void maxRowsStopsEarlyAndReleasesTheQuery() throws SQLException {
        try (Statement s = conn.createStatement()) {
            s.setMaxRows(2);
            ResultSet rs = s.executeQuery(JdbcFixtures.ALL_TYPES);
            assertTrue(rs.next());
            assertTrue(rs.next());
            assertFalse(rs.next());
            assertEquals(0, executor.allocator.getAllocatedMemory(), "released before the result set is closed");
        }
    }

    @Test
    void manyBatches() throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 1000; i++) rows.add(new Object[] {i % 2 == 0, i, (long) i, i / 2.0, BigDecimal.valueOf(i, 2),
                LocalDate.EPOCH.plusDays(i), LocalDateTime.of(2000, 1, 1, 0, 0).plusSeconds(i), "r" + i});
        executor.rows = p -> rows;
        executor.batchRows = 7;
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(JdbcFixtures.ALL_TYPES)) {
            int n = 0;
            while (rs.next()) {
                assertEquals(n, rs.getInt(2));
                assertEquals("r" + n, rs.getString("s"));
                n++;
            }
            assertEquals(1000, n);
        }
    }

    @Test
    void statisticsBecomeWarningsAtTheEnd() throws SQLException {
        executor.statistics = "scan lineorder: direct 10 slices";
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(JdbcFixtures.ALL_TYPES)) {
            assertNull(s.getWarnings());
            while (rs.next()) {
                // read to the end
            }
            SQLWarning w = s.getWarnings();
            assertEquals("scan lineorder: direct 10 slices", w.getMessage());
            assertEquals(w.getMessage(), rs.getWarnings().getMessage());
        }
    }

    @Test
    void forwardOnlyAndReadOnly() throws SQLException {
        try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(JdbcFixtures.ALL_TYPES)) {
            assertEquals(ResultSet.TYPE_FORWARD_ONLY, rs.getType());
            assertThrows(SQLException.class, rs::previous);
            rs.next();
            assertThrows(SQLException.class, () -> rs.updateInt(1, 3));
            assertThrows(SQLException.class, () -> s.executeUpdate("DELETE FROM all_types"));
            assertThrows(SQLException.class, () -> rs.getInt("nope"));
        }
    }

    @Test
    void closingTheStatementClosesItsResult() throws SQLException {
        Statement s = conn.createStatement();
        ResultSet rs = s.executeQuery(JdbcFixtures.ALL_TYPES);
        ResultSet second = s.executeQuery(JdbcFixtures.ALL_TYPES);
        assertTrue(rs.isClosed(), "a new execution closes the previous result");
        s.close();
        assertTrue(second.isClosed());
        assertThrows(SQLException.class, second::next);
    }

    private static Object[] row(ResultSet rs) throws SQLException {
        Object[] r = new Object[rs.getMetaData().getColumnCount()];
        for (int c = 0; c < r.length; c++) r[c] = rs.getObject(c + 1);
        return r;
    }
}
