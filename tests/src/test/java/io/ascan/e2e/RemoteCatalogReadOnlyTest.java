package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.embedded.Ascan;
import io.ascan.embedded.CatalogTarget;
import io.ascan.embedded.QueryReader;
import io.ascan.engine.EngineConfig;
import io.ascan.exec.SqlStates;
import io.ascan.planner.PlanningException;
import io.ascan.storage.node.StorageNode;
import io.ascan.testing.AllTypesTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A storage node's catalog is read-only on the compute side: DDL and writes are refused with
 * 25006 naming the node, and nothing is written to the node's directory or to the compute side's
 * private copy of its manifests. COPY ... TO a file reads through the node.
 */
class RemoteCatalogReadOnlyTest {
    private static final int ROWS = 500;

    @TempDir Path scratch;
    private Path served;
    private StorageNode node;
    private String url;

    @BeforeEach
    void start() throws Exception {
        served = scratch.resolve("served");
        AllTypesTable.write(served, ROWS, 100);
        node = StorageNode.start(StorageNode.Settings.local(served));
        url = "grpc://127.0.0.1:" + node.port();
    }

    @AfterEach
    void stop() throws Exception {
        try {
            assertEquals(0, NodeMemory.afterRelease(node), "storage node memory after the test");
        } finally {
            node.close();
        }
    }

    static final List<String> WRITES = List.of(
            "CREATE TABLE t (a INTEGER)",
            "CREATE TABLE IF NOT EXISTS t AS SELECT i FROM all_types",
            "INSERT INTO all_types (i) VALUES (1)",
            "INSERT INTO all_types SELECT * FROM all_types",
            "DROP TABLE all_types",
            "DROP TABLE IF EXISTS nothing",
            "CREATE VIEW v AS SELECT i FROM all_types",
            "CREATE OR REPLACE VIEW v AS SELECT 1 AS one",
            "DROP VIEW IF EXISTS v");

    /** Every file under {@code dir} with its size and modification time. */
    private static Map<String, String> files(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.toList()) {
                out.put(dir.relativize(p).toString(), Files.isDirectory(p) ? "dir"
                        : Files.size(p) + "@" + Files.getLastModifiedTime(p).toMillis());
            }
        }
        return out;
    }

    @Test
    void writesAreRefusedAndNothingIsWritten() throws Exception {
        Map<String, String> nodeFiles = files(served);
        CatalogTarget target = CatalogTarget.open(url, new HashMap<>());
        try (Ascan db = Ascan.open(target, EngineConfig.DEFAULTS)) {
            Path copy = target.catalog().dir();
            Map<String, String> copyFiles = files(copy);
            for (String sql : WRITES) {
                PlanningException e = assertThrows(PlanningException.class, () -> db.query(sql).close(), sql);
                assertEquals(SqlStates.READ_ONLY, e.sqlState(), sql + ": " + e.getMessage());
                assertTrue(e.getMessage().contains(url) && e.getMessage().contains("read-only"), e.getMessage());
            }
            assertEquals(copyFiles, files(copy), "the private copy of the node's manifests");
            try (QueryReader r = db.query("SELECT COUNT(*) FROM all_types")) {
                assertTrue(r.loadNextBatch());
                assertEquals((long) ROWS, ((Number) r.getVectorSchemaRoot().getVector(0).getObject(0)).longValue());
            }
            assertEquals(List.of("all_types"), db.catalog().tableNames());
        }
        assertEquals(nodeFiles, files(served), "the node's catalog directory");
    }

    @Test
    void jdbcReportsTheReadOnlyState() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + url); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate("INSERT INTO all_types (i) VALUES (1)"));
            assertEquals(SqlStates.READ_ONLY, e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains(url), e.getMessage());
        }
    }

    @Test
    void copyToAFileReadsThroughTheNode() throws Exception {
        long nonNullI = 0, sumI = 0;
        for (int r = 0; r < ROWS; r++) {
            Object v = AllTypesTable.expected(1, r);
            if (v != null) {
                nonNullI++;
                sumI += (Integer) v;
            }
        }
        Path table = scratch.resolve("all.csv"), query = scratch.resolve("i.csv");
        CatalogTarget target = CatalogTarget.open(url, new HashMap<>());
        try (Ascan db = Ascan.open(target, EngineConfig.DEFAULTS)) {
            Map<String, String> copyFiles = files(target.catalog().dir());
            assertEquals(ROWS, count(db, "COPY all_types TO '" + table + "' (FORMAT csv)"));
            assertEquals(nonNullI, count(db, "COPY (SELECT i FROM all_types WHERE i IS NOT NULL) TO '" + query + "' (FORMAT csv)"));
            assertEquals(copyFiles, files(target.catalog().dir()), "the private copy of the node's manifests");
        }
        assertEquals(ROWS + 1, Files.readAllLines(table).size(), "header and rows");
        List<String> lines = Files.readAllLines(query);
        assertEquals("i", lines.getFirst());
        assertEquals(sumI, lines.stream().skip(1).mapToLong(Long::parseLong).sum());
    }

    private static long count(Ascan db, String sql) throws Exception {
        try (QueryReader r = db.query(sql)) {
            assertTrue(r.loadNextBatch());
            return ((Number) r.getVectorSchemaRoot().getVector(0).getObject(0)).longValue();
        }
    }
}
