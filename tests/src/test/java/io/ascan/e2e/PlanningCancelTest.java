package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A statement still planning stops on {@code Statement.cancel()} (57014) and on its query timeout
 * (HYT00), and the planning work on the planner's thread really ends: nothing keeps burning a core
 * for a query nobody waits for. The query plans for hours: each of its {@link #LEVELS} derived
 * tables uses both columns of the one below twice, so the expressions double per level and
 * Calcite's conversion, which checks no cancel flag, walks them all.
 */
class PlanningCancelTest {
    static final int LEVELS = 28;

    @TempDir static Path dir;

    @BeforeAll
    static void table() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE t (a INTEGER, b INTEGER)");
            s.executeUpdate("INSERT INTO t VALUES (1, 2), (3, 4)");
        }
    }

    static String longPlanning() {
        String q = "SELECT a, b FROM t";
        for (int i = 0; i < LEVELS; i++) q = "SELECT a + b AS a, a - b AS b FROM (" + q + ") q" + i;
        return "SELECT count(*) FROM (" + q + ") z WHERE a > 5";
    }

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void cancelStopsPlanning() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir); Statement s = c.createStatement()) {
            CompletableFuture<Throwable> reader = run(s);
            assertTrue(await(() -> planning(), 60), "the statement never started planning");
            Thread.sleep(500);
            assertFalse(reader.isDone(), "the query finished planning before it was cancelled: make LEVELS larger");
            s.cancel();
            Throwable t = reader.get(60, TimeUnit.SECONDS);
            SQLException e = assertInstanceOf(SQLException.class, t);
            assertEquals("57014", e.getSQLState(), e.toString());
            assertStopped();
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM t")) { // the statement stays usable
                assertTrue(rs.next());
                assertEquals(2, rs.getLong(1));
            }
        }
    }

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void timeoutStopsPlanning() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir); Statement s = c.createStatement()) {
            s.setQueryTimeout(1);
            Throwable t = run(s).get(60, TimeUnit.SECONDS);
            SQLTimeoutException e = assertInstanceOf(SQLTimeoutException.class, t);
            assertEquals("HYT00", e.getSQLState(), e.toString());
            assertStopped();
        }
    }

    private static CompletableFuture<Throwable> run(Statement s) {
        return CompletableFuture.supplyAsync(() -> {
            try (ResultSet rs = s.executeQuery(longPlanning())) {
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
    }

    /** The planning thread leaves the planner (hang guard only: it stops at its next safe point). */
    private static void assertStopped() throws InterruptedException {
        assertTrue(await(() -> !planning(), 60), () -> "planning went on after the statement ended:\n" + planningStacks());
    }

    private static boolean planning() {
        return !planningStacks().isEmpty();
    }

    private static String planningStacks() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            if (Arrays.stream(e.getValue()).anyMatch(f -> f.getClassName().startsWith("io.ascan.planner.QueryPlanner"))) {
                sb.append(e.getKey().getName()).append('\n');
                for (int i = 0; i < Math.min(12, e.getValue().length); i++) sb.append("  at ").append(e.getValue()[i]).append('\n');
            }
        }
        return sb.toString();
    }

    private static boolean await(java.util.function.BooleanSupplier condition, int seconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) return true;
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }
}
