package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.storage.node.StorageNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Selection bitmaps both ways over a storage node (FlexPushdownDB section 6.2), with
 * {@code exec.bitmaps=force}: a table of three slices (one P selects whole, one it selects none of
 * though zone maps cannot tell, one with NULLs in P's columns and in the projection), the cache
 * warmed with the projected columns only (the node sends bitmaps) or with P's columns only (the
 * compute side sends them). Answers against DuckDB on the same rows; the route counts from EXPLAIN
 * ANALYZE; the node's memory back to zero afterwards, and the compute side's (its engine refuses
 * to close otherwise).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RemoteBitmapTest {
    static final int ROWS = 37; // not a multiple of 8: the bitmap's last byte is partial
    static final String P = "p > 10 AND q < 'm'";
    static final Pattern EXEC = Pattern.compile("exec \\[hybrid\\]: (\\d+) cached, (\\d+) pushdown, (\\d+) pull-up, (\\d+) bitmap "
            + "slices \\((\\d+) bitmaps from storage, (\\d+) from compute\\)");

    private StorageNode node;
    private Connection duckdb;

    @BeforeAll
    void data(@TempDir Path scratch) throws Exception {
        Path dir = Files.createDirectories(scratch.resolve("db"));
        duckdb = DriverManager.getConnection("jdbc:duckdb:");
        List<String> sql = new ArrayList<>();
        sql.add("CREATE TABLE t (k INTEGER, p INTEGER, q VARCHAR, v BIGINT)");
        for (int s = 0; s < 3; s++) sql.add("INSERT INTO t VALUES " + String.join(", ", slice(s))); // one slice each
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir); Statement a = c.createStatement();
             Statement d = duckdb.createStatement()) {
            for (String q : sql) {
                a.execute(q);
                d.execute(q);
            }
        }
        node = StorageNode.start(StorageNode.Settings.local(dir));
    }

    /** Slice 0: P holds for all; 1: for none (yet p and q span P's ranges); 2: NULLs in p, q and v. */
    static List<String> slice(int s) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            String p, q;
            switch (s) {
                case 0 -> { p = String.valueOf(11 + i); q = "'a'"; }
                case 1 -> { p = i % 2 == 0 ? "50" : "0"; q = i % 2 == 0 ? "'z'" : "'a'"; }
                default -> { p = i % 3 == 0 ? "NULL" : String.valueOf(i); q = i % 5 == 0 ? "NULL" : i % 2 == 0 ? "'a'" : "'z'"; }
            }
            String v = i % 4 == 0 ? "NULL" : String.valueOf(i * 10L);
            rows.add("(" + (s * 100 + i) + ", " + p + ", " + q + ", " + v + ")");
        }
        return rows;
    }

    @AfterAll
    void close() throws Exception {
        try {
            if (node != null) assertEquals(0, NodeMemory.afterRelease(node), "storage node memory after the queries");
        } finally {
            try {
                if (node != null) node.close();
            } finally {
                if (duckdb != null) duckdb.close();
            }
        }
    }

    Connection connect(String bitmaps) throws SQLException {
        return DriverManager.getConnection("jdbc:ascan:grpc://127.0.0.1:" + node.port()
                + "?scan.inlineRows=0&exec.mode=hybrid&mode=pushdown&cache.compute.bytes=1g&exec.bitmaps=" + bitmaps);
    }

    static List<String> rows(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder b = new StringBuilder();
                for (int i = 1; i <= n; i++) b.append(i == 1 ? "" : "|").append(rs.getObject(i) == null ? "NULL" : rs.getString(i));
                out.add(b.toString());
            }
        }
        return out;
    }

    /** The query's rows equal DuckDB's; returns EXPLAIN ANALYZE's route counts of its scan of t. */
    long[] check(Connection c, String sql) throws SQLException {
        List<String> expected = rows(duckdb, sql);
        assertEquals(expected, rows(c, sql), sql);
        String plan = String.join("\n", rows(c, "EXPLAIN ANALYZE " + sql));
        Matcher m = EXEC.matcher(plan);
        assertTrue(m.find(), plan);
        long[] routes = new long[6];
        for (int i = 0; i < 6; i++) routes[i] = Long.parseLong(m.group(i + 1));
        return routes;
    }

    static final String[] QUERIES = {
        "SELECT k, v FROM t WHERE " + P + " ORDER BY k",
        "SELECT k, v FROM t WHERE NOT (" + P + ") ORDER BY k", // a NULL P is not selected either way
        "SELECT COUNT(*), SUM(v), COUNT(v) FROM t WHERE p > 10 OR q = 'z'",
    };

    @Test
    void theNodeSendsBitmapsWhenOnlyTheProjectionIsCached() throws SQLException {
        try (Connection c = connect("force")) {
            rows(c, "SELECT COUNT(k), COUNT(v) FROM t"); // no P: pulled up and admitted
            for (String q : QUERIES) {
                long[] r = check(c, q);
                assertEquals(0, r[1] + r[2] + r[5], q + ": every slice takes a bitmap from storage");
                assertTrue(r[4] > 0, q);
            }
        }
    }

    @Test
    void theComputeSideSendsBitmapsWhenOnlyPsColumnsAreCached() throws SQLException {
        try (Connection c = connect("force")) {
            rows(c, "SELECT COUNT(p), COUNT(q) FROM t");
            for (String q : QUERIES) {
                long[] r = check(c, q);
                assertEquals(0, r[1] + r[2] + r[4], q + ": every slice takes a bitmap from compute");
                assertTrue(r[5] > 0, q);
            }
        }
    }

    @Test
    void theNodeRefusesABitmapOfAnotherSlicesSize() throws Exception {
        try (io.ascan.storage.node.RemoteCatalog remote = io.ascan.storage.node.RemoteCatalog.connect(
                "grpc://127.0.0.1:" + node.port(), null, null);
             org.apache.arrow.memory.BufferAllocator a = new org.apache.arrow.memory.RootAllocator()) {
            io.ascan.catalog.Table t = io.ascan.catalog.Catalog.open(remote.dir()).table("t");
            io.ascan.format.SliceMeta slice = t.manifest().slices().getFirst();
            java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                    () -> remote.client().selectedRows(t, new int[] {0}, slice, new byte[1], a));
            assertTrue(e.getMessage().contains("INVALID_ARGUMENT") && e.getMessage().contains("a selection bitmap of 1 bytes is not one of "
                    + ROWS + " rows"), e.getMessage());
            // a bitmap selecting nothing: no tuple, no batch
            var none = remote.client().selectedRows(t, new int[] {0, 3}, slice, new byte[(ROWS + 7) / 8], a);
            assertEquals(0, none.rows());
            assertTrue(none.value().isEmpty());
        }
    }

    @Test
    void offRoutesPartlyCachedSlicesWhole() throws SQLException {
        try (Connection c = connect("off")) {
            rows(c, "SELECT COUNT(k), COUNT(v) FROM t");
            long[] r = check(c, QUERIES[0]);
            assertEquals(0, r[3], "no bitmaps");
        }
    }
}
