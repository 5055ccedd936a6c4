package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.storage.node.StorageNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * SSB's test workload served by a storage node on a free loopback port, and one query whose answer
 * is checked against DuckDB's on every run: the fixture of the tests that read a remote scan's
 * routes and memory from EXPLAIN ANALYZE. Closing checks that the node's off-heap memory is back
 * to zero.
 */
final class SsbQueryOnNode implements AutoCloseable {
    final Workload workload;
    final StorageNode node;
    private final String query;
    private final Object[] expected;

    SsbQueryOnNode(Path scratch, String query) throws Exception {
        this.query = query;
        this.workload = Workload.ssb(scratch);
        this.node = StorageNode.start(StorageNode.Settings.local(workload.catalog));
        this.expected = workload.runDuckDb(query).rows().getFirst();
    }

    /** A connection to the node with {@code settings} (URL parameters), without inlined small tables. */
    Connection connect(String settings) throws SQLException {
        return DriverManager.getConnection("jdbc:ascan:grpc://127.0.0.1:" + node.port() + "?scan.inlineRows=0&" + settings);
    }

    /** EXPLAIN ANALYZE's text of the query, after checking the query's answer on {@code c}. */
    String run(Connection c) throws SQLException {
        Object[] row = workload.runAscan(c, query).rows().getFirst();
        for (int i = 0; i < expected.length; i++) {
            assertEquals(String.valueOf(expected[i]), String.valueOf(row[i]), "column " + (i + 1) + " against DuckDB");
        }
        return explain(c);
    }

    /** EXPLAIN ANALYZE's text of the query. */
    String explain(Connection c) throws SQLException {
        StringBuilder plan = new StringBuilder();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN ANALYZE " + query)) {
            while (rs.next()) plan.append(rs.getString(1)).append('\n');
        }
        return plan.toString();
    }

    @Override
    public void close() throws Exception {
        try {
            assertEquals(0, NodeMemory.afterRelease(node), "storage node memory after the queries");
        } finally {
            try {
                node.close();
            } finally {
                workload.close();
            }
        }
    }
}
