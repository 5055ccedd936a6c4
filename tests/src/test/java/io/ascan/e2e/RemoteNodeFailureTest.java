package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.storage.node.StorageNode;
import io.ascan.testing.AllTypesTable;
import io.ascan.testing.DroppableLink;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A storage node that goes away while a query streams slices from it: the query fails with 08006
 * naming the node, returns no (partial) answer, and the compute side holds no memory afterwards
 * (its engine and client allocators refuse to close otherwise). The node is reached through a
 * relay that breaks the link after half of the query's bytes: reset (the node's process died),
 * frozen (its machine or network went away: nobody is told), or the node itself stopped.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RemoteNodeFailureTest {
    private static final int ROWS = 200_000;
    private static final String QUERY = "SELECT count(*), sum(i), count(high) FROM all_types WHERE i <> 7";

    private Path served;
    private long expectedCount, expectedSum, expectedHigh;

    @BeforeAll
    void data(@TempDir Path scratch) throws Exception {
        served = scratch.resolve("served");
        AllTypesTable.write(served, ROWS, 10_000);
        for (int r = 0; r < ROWS; r++) { // the answer, from the rows written
            Object i = AllTypesTable.expected(1, r);
            if (i == null || (Integer) i == 7) continue;
            expectedCount++;
            expectedSum += (Integer) i;
            if (AllTypesTable.expected(8, r) != null) expectedHigh++;
        }
    }

    /** Not a measurement: the failure this test guards against is a query that never ends. */
    @Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
    @ParameterizedTest(name = "{0} in mode {1}")
    @CsvSource({"reset, direct", "reset, pushdown", "frozen, direct", "frozen, pushdown", "stopped, direct",
            "stopped, adaptive"})
    void aNodeThatGoesAwayMidQueryFailsItWith08006(String failure, String mode) throws Exception {
        StorageNode node = StorageNode.start(StorageNode.Settings.local(served));
        try (DroppableLink link = new DroppableLink(node.port())) {
            String address = "grpc://127.0.0.1:" + link.port();
            String url = "jdbc:ascan:" + address + "?mode=" + mode + "&storage.threads=2&policy.nSample=4";
            Connection c = DriverManager.getConnection(url);
            long streamed;
            try (Statement s = c.createStatement()) {
                long before = link.bytesFromServer();
                try (ResultSet rs = s.executeQuery(QUERY)) { // the whole query once, through the link
                    assertTrue(rs.next());
                    assertEquals(expectedCount, rs.getLong(1));
                    assertEquals(expectedSum, rs.getLong(2));
                    assertEquals(expectedHigh, rs.getLong(3));
                }
                streamed = link.bytesFromServer() - before;
                link.afterBytes(streamed / 2, switch (failure) {
                    case "reset" -> link::cut;
                    case "frozen" -> link::freeze;
                    case "stopped" -> () -> {
                        try {
                            node.close();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    };
                    default -> throw new AssertionError(failure);
                });
                AtomicReference<Long> rows = new AtomicReference<>();
                SQLException e = assertThrows(SQLException.class, () -> {
                    try (ResultSet rs = s.executeQuery(QUERY)) {
                        rows.set(rs.next() ? rs.getLong(1) : -1);
                    }
                }, () -> "the query answered " + rows.get() + " after the link broke");
                assertEquals("08006", e.getSQLState(), Failures.describe(e));
                assertTrue(e.getMessage().contains("storage node " + address), e.getMessage());
                assertFalse(e.getMessage().contains("internal error"), e.getMessage());
            } finally {
                c.close(); // fails if the engine or the node client still holds memory
            }
        } finally {
            node.close();
        }
    }
}
