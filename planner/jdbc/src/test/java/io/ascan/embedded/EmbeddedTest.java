package io.ascan.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.engine.EngineConfig;
import io.ascan.exec.QueryException;
import io.ascan.jdbc.JdbcFixtures;
import io.ascan.jdbc.ScriptedExecutor;
import io.ascan.planner.PlanningException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded API: Arrow batches through an ArrowReader, parameters, EXPLAIN, errors. */
class EmbeddedTest {
    @TempDir static Path dir;
    ScriptedExecutor executor;
    Ascan db;

    @BeforeAll
    static void catalog() throws Exception {
        JdbcFixtures.catalog(dir);
    }

    @BeforeEach
    void open() throws IOException {
        executor = new ScriptedExecutor();
        db = Ascan.open(dir, EngineConfig.DEFAULTS, executor::service);
    }

    @AfterEach
    void close() {
        db.close();
        executor.close();
    }

    @Test
    void batchesThroughAnArrowReader() throws Exception {
        executor.rows = p -> JdbcFixtures.ROWS;
        executor.statistics = "stats";
        try (QueryReader r = db.query(JdbcFixtures.ALL_TYPES)) {
            VectorSchemaRoot root = r.getVectorSchemaRoot();
            assertEquals(8, root.getSchema().getFields().size());
            assertEquals("DECIMAL(12,2)", root.getSchema().getFields().get(4).getMetadata().get("ascan.type"));
            int rows = 0;
            while (r.loadNextBatch()) {
                ColumnReader m = ColumnReader.of(r.columns().get(4), root.getVector(4));
                for (int i = 0; i < root.getRowCount(); i++, rows++) {
                    Object expected = JdbcFixtures.ROWS.get(rows)[4];
                    assertEquals(expected, m.isNull(i) ? null : m.getDecimal(i));
                }
            }
            assertEquals(3, rows);
            assertFalse(r.loadNextBatch());
            assertEquals("stats", r.statistics());
        }
    }

    @Test
    void emptyResultHasASchema() throws Exception {
        try (QueryReader r = db.query("SELECT i, s FROM all_types WHERE i > ?", 5)) {
            assertEquals(List.of("i", "s"), r.getVectorSchemaRoot().getSchema().getFields().stream().map(f -> f.getName()).toList());
            assertFalse(r.loadNextBatch());
        }
        assertEquals(Arrays.asList(5), executor.lastParameters);
    }

    @Test
    void settingsAndErrors() throws Exception {
        try (Ascan configured = Ascan.open(dir, Map.of("compute.threads", "2", "mode", "pushdown"))) {
            assertEquals(2, configured.config().query().computeThreads());
            assertTrue(configured.explain("SELECT o_id FROM orders").contains("AdaptiveScan"));
            // This build executes for real: the installed executor runs the scan.
            long rows = 0;
            try (QueryReader r = configured.query("SELECT o_id FROM orders")) {
                while (r.loadNextBatch()) rows += r.getVectorSchemaRoot().getRowCount();
            }
            assertEquals(io.ascan.catalog.Catalog.open(dir).table("orders").rowCount(), rows);
            try (QueryReader plan = configured.query("EXPLAIN PLAN FOR SELECT o_id FROM orders")) {
                assertTrue(plan.loadNextBatch());
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Ascan.open(dir, Map.of("policy.alpha", "2")));
        PlanningException p = assertThrows(PlanningException.class, () -> db.query("SELECT x FROM orders"));
        assertEquals(1, p.line());
        assertEquals(8, p.column());
        assertEquals(List.of(io.ascan.types.DataType.decimal(15, 2)),
                db.prepare("SELECT o_total FROM orders WHERE o_total = ?").parameterTypes());
    }
}
