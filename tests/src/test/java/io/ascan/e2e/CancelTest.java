package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code Statement.cancel()} from another thread while a real query runs: the reader gets the
 * cancellation (SQLSTATE 57014) and nothing else, every engine thread of the query ends, the same
 * statement and connection run further queries, and closing the connection finds no memory
 * still allocated (the engine's Arrow root allocator refuses to close over a leak).
 */
class CancelTest {
    /**
     * About 2e8 joined pairs at TPC-H SF 0.01 (each lineitem row meets the ~7,000 orders of its
     * status): a few seconds of work. The engine notices a cancel between rowsets (one slice each,
     * here all of lineitem in one), not inside a rowset's generated loop, so the query must not be
     * much longer: a 1.8e9-pair self-join of lineitem took 12 s to stop after cancel().
     */
    static final String LONG_QUERY = "SELECT count(*), sum(l_quantity + o_totalprice) FROM lineitem "
            + "JOIN orders ON l_linestatus = o_orderstatus WHERE l_discount + o_totalprice >= 0";
    /** Threads of a running query: {@code ascan-q<id>-coordinator} and {@code ascan-q<id>-<pipeline>-<worker>}. */
    private static final Pattern QUERY_THREAD = Pattern.compile("ascan-q\\d+-.*");

    @TempDir static Path scratch;
    static String url;

    @BeforeAll
    static void data() {
        Path db = scratch.resolve("tpch");
        Workload.cli("gen", "tpch", "--sf", "0.01", "--dir", db.toString(), "--threads", "2");
        url = "jdbc:ascan:" + db;
    }

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void cancelStopsTheQueryAndReleasesEverything() throws Exception {
        for (String mode : List.of("adaptive", "direct", "staging", "pushdown", "backpressure")) {
            String settings = "?mode=" + mode;
            Connection c = DriverManager.getConnection(url + settings);
            Statement s = c.createStatement();
            CompletableFuture<Throwable> reader = CompletableFuture.supplyAsync(() -> {
                try (ResultSet rs = s.executeQuery(LONG_QUERY)) {
                    while (rs.next()) {
                        // read to the end
                    }
                    return null;
                } catch (Throwable t) {
                    return t;
                }
            });
            assertTrue(await(() -> queryThreads() > 0, 30), settings + ": the query's threads never appeared");
            Thread.sleep(300);
            assertFalse(reader.isDone(), settings + ": the query ended before it was cancelled (" + reader.getNow(null)
                    + "); make LONG_QUERY longer");
            s.cancel();
            Throwable t;
            try {
                t = reader.get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException timeout) {
                throw new AssertionError(settings + ": the query did not stop within 30 s of cancel(); its threads:\n"
                        + stacks(), timeout);
            }
            SQLException e = assertInstanceOf(SQLException.class, t, settings + ": expected the cancellation, got " + t);
            assertEquals("57014", e.getSQLState(), settings + ": " + e);
            assertTrue(await(() -> queryThreads() == 0, 10), settings + ": query threads still alive after cancel: "
                    + threadNames());

            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM nation")) {
                assertTrue(rs.next());
                assertEquals(25, rs.getLong(1), settings);
            }
            try (Statement s2 = c.createStatement(); ResultSet rs = s2.executeQuery(
                    "SELECT r_name, count(*) FROM region JOIN nation ON r_regionkey = n_regionkey GROUP BY r_name")) {
                int rows = 0;
                while (rs.next()) {
                    assertEquals(5, rs.getLong(2), settings);
                    rows++;
                }
                assertEquals(5, rows, settings);
            }
            s.close();
            assertDoesNotThrow(c::close, settings + ": closing the connection after a cancelled query");
        }
    }

    private static long queryThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(th -> th.isAlive() && QUERY_THREAD.matcher(th.getName()).matches()).count();
    }

    private static String stacks() {
        StringBuilder sb = new StringBuilder();
        Thread.getAllStackTraces().forEach((th, stack) -> {
            if (!QUERY_THREAD.matcher(th.getName()).matches() && !th.getName().startsWith("ForkJoinPool")) return;
            sb.append(th.getName()).append(" ").append(th.getState()).append('\n');
            for (int i = 0; i < Math.min(12, stack.length); i++) sb.append("    at ").append(stack[i]).append('\n');
        });
        return sb.toString();
    }

    private static List<String> threadNames() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(n -> QUERY_THREAD.matcher(n).matches()).toList();
    }

    private static boolean await(BooleanSupplier condition, int seconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) return true;
            Thread.sleep(10);
        }
        return condition.getAsBoolean();
    }
}
