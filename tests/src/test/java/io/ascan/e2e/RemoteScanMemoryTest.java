package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.storage.node.StorageNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scan memory over a storage node: an adaptive scan of a remote table remembers what it
 * measured under its table and predicate shape, so the connection's next scan of that shape starts
 * from it instead of the cost model; another connection (its own copy of the catalog) does not.
 * Answers against DuckDB; off-heap memory back to zero on the node.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RemoteScanMemoryTest {
    static final String QUERY = "SELECT SUM(lo_revenue), COUNT(*) FROM lineorder WHERE lo_quantity < 25";

    private Workload workload;
    private StorageNode node;
    private Object[] expected;

    @BeforeAll
    void data(@TempDir Path scratch) throws Exception {
        workload = Workload.ssb(scratch);
        node = StorageNode.start(StorageNode.Settings.local(workload.catalog));
        expected = workload.runDuckDb(QUERY).rows().getFirst();
    }

    @AfterAll
    void close() throws Exception {
        try {
            if (node != null) assertEquals(0, node.allocatedBytes(), "storage node memory after the queries");
        } finally {
            try {
                if (node != null) node.close();
            } finally {
                if (workload != null) workload.close();
            }
        }
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:ascan:grpc://127.0.0.1:" + node.port()
                + "?mode=adaptive&scan.inlineRows=0&scan.outputQueue=2&storage.threads=2");
    }

    /** EXPLAIN ANALYZE's text of {@link #QUERY}, after checking the query's answer. */
    String run(Connection c) throws SQLException {
        Object[] row = workload.runAscan(c, QUERY).rows().getFirst();
        assertEquals(String.valueOf(expected[0]), String.valueOf(row[0]), "SUM against DuckDB");
        assertEquals(String.valueOf(expected[1]), String.valueOf(row[1]), "COUNT against DuckDB");
        return explain(c);
    }

    static String explain(Connection c) throws SQLException {
        StringBuilder plan = new StringBuilder();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN ANALYZE " + QUERY)) {
            while (rs.next()) plan.append(rs.getString(1)).append('\n');
        }
        return plan.toString();
    }

    @Test
    void theNextScanOfAShapeStartsFromWhatTheLastMeasured() throws SQLException {
        try (Connection first = connect()) {
            // the query's own scan starts from the cost model; EXPLAIN ANALYZE's from what it measured
            String plan = run(first);
            assertTrue(plan.contains("prior (remembered"), plan);
            assertTrue(run(first).contains("prior (remembered"), "and so on");
        }
        try (Connection other = connect()) {
            String plan = explain(other);
            assertTrue(plan.contains("prior (cost model") && !plan.contains("prior (remembered"), "a new connection's own: " + plan);
        }
    }
}
