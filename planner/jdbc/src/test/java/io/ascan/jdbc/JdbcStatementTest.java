package io.ascan.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** PreparedStatement parameters, cancel and query timeouts, with the scripted executor. */
class JdbcStatementTest {
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
        Properties p = new Properties();
        p.setProperty("mode", "direct");
        p.setProperty("compute.threads", "3");
        conn = executor.driver().connect("jdbc:ascan:" + dir + "?io=portable", p);
    }

    @AfterEach
    void close() throws SQLException {
        conn.close();
        executor.close();
    }

    static final String EVERY_PARAMETER = "SELECT i FROM all_types WHERE b = ? AND i = ? AND l = ? AND d > ? AND m = ? "
            + "AND dt = ? AND ts < ? AND s = ?";

    @Test
    void parametersReachTheExecutorTyped() throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(EVERY_PARAMETER)) {
            ParameterMetaData pmd = ps.getParameterMetaData();
            assertEquals(8, pmd.getParameterCount());
            assertEquals(Types.BOOLEAN, pmd.getParameterType(1));
            assertEquals(Types.BIGINT, pmd.getParameterType(3));
            assertEquals(Types.DECIMAL, pmd.getParameterType(5));
            assertEquals(2, pmd.getScale(5));
            assertEquals(Types.VARCHAR, pmd.getParameterType(8));
            assertEquals(1, ps.getMetaData().getColumnCount(), "result metadata before execution");

            ps.setBoolean(1, true);
            ps.setInt(2, 4);
            ps.setInt(3, 40); // widened to the BIGINT the planner inferred
            ps.setString(4, "0.5"); // converted to DOUBLE
            ps.setBigDecimal(5, new BigDecimal("5"));
            ps.setDate(6, Date.valueOf("2000-01-05"));
            ps.setTimestamp(7, Timestamp.valueOf("2020-01-01 04:00:00.5"));
            ps.setString(8, "v4");
            ps.executeQuery().close();
            assertEquals(Arrays.asList(true, 4, 40L, 0.5, new BigDecimal("5.00"), LocalDate.of(2000, 1, 5),
                    LocalDateTime.of(2020, 1, 1, 4, 0, 0, 500_000_000), "v4"), executor.lastParameters);
            assertEquals(List.of(DataType.BOOLEAN, DataType.INTEGER, DataType.BIGINT, DataType.DOUBLE,
                    DataType.decimal(12, 2), DataType.DATE, DataType.TIMESTAMP, DataType.VARCHAR), executor.lastParameterTypes);

            ps.setObject(2, 5L);
            ps.setNull(8, Types.VARCHAR);
            ps.setObject(6, LocalDate.of(2001, 2, 3));
            ps.setLong(3, 7);
            ps.executeQuery().close();
            assertEquals(5, executor.lastParameters.get(1));
            assertEquals(null, executor.lastParameters.get(7));
            assertEquals(LocalDate.of(2001, 2, 3), executor.lastParameters.get(5));
        }
    }

    @Test
    void connectionSettingsReachTheExecutor() throws SQLException {
        try (Statement s = conn.createStatement()) {
            s.setQueryTimeout(30);
            s.executeQuery(JdbcFixtures.ALL_TYPES).close();
            assertEquals(io.ascan.scan.ScanStrategy.DIRECT, executor.lastOptions.mode());
            assertEquals(3, executor.lastOptions.computeThreads());
            assertEquals(io.ascan.io.IoMode.PORTABLE, executor.lastOptions.io());
            assertEquals(30_000, executor.lastOptions.timeoutMillis());
        }
    }

    @Test
    void badOrMissingParameters() throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT i FROM all_types WHERE i = ? AND s = ?")) {
            ps.setInt(1, 1);
            SQLException unset = assertThrows(SQLException.class, ps::executeQuery);
            assertEquals("07001", unset.getSQLState());
            assertTrue(unset.getMessage().contains("parameter 2"), unset.getMessage());
            assertThrows(SQLException.class, () -> ps.setInt(3, 1));
            ps.setString(1, "abc");
            ps.setString(2, "x");
            SQLException bad = assertThrows(SQLException.class, ps::executeQuery);
            assertTrue(bad.getMessage().contains("parameter 1: cannot use 'abc' as INTEGER"), bad.getMessage());
            ps.setBigDecimal(1, new BigDecimal("1.5"));
            assertTrue(assertThrows(SQLException.class, ps::executeQuery).getMessage().contains("fraction"));
            assertThrows(SQLException.class, () -> ps.executeQuery("SELECT 1"));
        }
    }

    @Test
    @Timeout(20)
    void cancelFromAnotherThreadReachesTheQuery() throws Exception {
        executor.block = true;
        try (Statement s = conn.createStatement()) {
            CompletableFuture<SQLException> reader = CompletableFuture.supplyAsync(() -> {
                try (ResultSet rs = s.executeQuery(JdbcFixtures.ALL_TYPES)) {
                    rs.next();
                    return null;
                } catch (SQLException e) {
                    return e;
                }
            });
            assertTrue(executor.started.await(10, TimeUnit.SECONDS));
            Thread.sleep(50);
            s.cancel();
            SQLException e = reader.get(10, TimeUnit.SECONDS);
            assertEquals(SqlErrors.CANCELLED, e.getSQLState());
            assertTrue(executor.cancels.get() >= 1);
        }
    }

    @Test
    @Timeout(20)
    void queryTimeoutCancels() throws SQLException {
        executor.block = true;
        try (Statement s = conn.createStatement()) {
            s.setQueryTimeout(1);
            ResultSet rs = s.executeQuery(JdbcFixtures.ALL_TYPES);
            SQLException e = assertThrows(SQLException.class, rs::next);
            assertInstanceOf(SQLTimeoutException.class, e);
            assertTrue(e.getMessage().contains("timed out after 1 s"), e.getMessage());
            assertEquals(1, executor.cancels.get());
            assertFalse(rs.next(), "the result is over after the failure");
        }
    }

    @Test
    void noExecutorIsAClearError() throws SQLException {
        AscanDriver planningOnly = new AscanDriver((catalog, config) -> new io.ascan.planner.AscanQueryService(catalog, null));
        try (Connection c = planningOnly.connect("jdbc:ascan:" + dir, new Properties());
             Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(JdbcFixtures.ALL_TYPES));
            assertEquals("query execution is not available in this build", e.getMessage());
            try (PreparedStatement ps = c.prepareStatement("SELECT i FROM all_types WHERE i > ?")) {
                assertEquals(1, ps.getParameterMetaData().getParameterCount());
                assertEquals(Types.INTEGER, ps.getMetaData().getColumnType(1));
            }
        }
    }
}
