package io.ascan.planner;

import io.ascan.engine.Engine;
import io.ascan.engine.EngineConfig;
import io.ascan.engine.EngineProperties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.exec.QueryOptions;
import io.ascan.exec.QueryResult;
import io.ascan.planner.PreparedQuery;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Later executions of a prepared statement reuse the pipeline classes of the first, bound to
 * their own state: every operator kind that keeps per-execution state (join builds and probes,
 * aggregations, sorts, limits, the result) must give the same rows again, also when executions
 * of the same statement overlap.
 */
class PlanCodeReuseTest {
    static final List<String> QUERIES = List.of(
            "SELECT mod(a.i, 7) AS k, count(*) AS n, sum(b.l) AS s FROM all_types a JOIN all_types b ON a.i = b.i + 1"
                    + " WHERE a.i < 1500 GROUP BY mod(a.i, 7) ORDER BY k",
            "SELECT s, i FROM all_types WHERE s IS NOT NULL ORDER BY i DESC LIMIT 17",
            "SELECT a.i, b.s FROM all_types a LEFT JOIN (SELECT i, s FROM all_types WHERE mod(i, 5) = 0) b ON a.i = b.i"
                    + " WHERE a.i < 40 ORDER BY a.i",
            "SELECT count(*) FROM all_types WHERE i IN (SELECT i * 2 FROM all_types WHERE i < 300)",
            "SELECT i FROM all_types WHERE i < 5 UNION ALL SELECT i FROM all_types WHERE i > 1995");

    @TempDir Path dir;
    AscanQueryService service;
    QueryOptions options;

    @BeforeEach
    void open() throws IOException {
        Catalog catalog = BenchmarkTables.allTypes(Catalog.create(dir));
        service = new AscanQueryService(catalog, Engine.acquire(catalog.dir(), EngineConfig.DEFAULTS), 8);
        options = EngineProperties.parse(java.util.Map.of("io", "portable")).query();
    }

    @AfterEach
    void close() {
        service.close(); // fails if any execution left memory behind
    }

    /** The rows of one execution, as text, and its statistics. */
    record Run(List<String> rows, String statistics) {}

    Run run(PreparedQuery p) throws Exception {
        List<String> rows = new ArrayList<>();
        try (QueryResult r = p.execute(List.of(), options)) {
            while (r.next()) {
                VectorSchemaRoot b = r.batch();
                for (int i = 0; i < b.getRowCount(); i++) {
                    StringBuilder row = new StringBuilder();
                    for (FieldVector v : b.getFieldVectors()) row.append(v.getObject(i)).append('|');
                    rows.add(row.toString());
                }
            }
            return new Run(rows, r.statistics());
        }
    }

    @Test
    void laterExecutionsBindTheFirstOnesClassesAndGiveTheSameRows() throws Exception {
        for (String sql : QUERIES) {
            PreparedQuery p = service.prepare(sql);
            Run first = run(p);
            assertFalse(first.rows().isEmpty(), sql);
            assertTrue(QueryPhasesTest.hasPhase(first.statistics(), "generate code"), first.statistics());
            for (int i = 0; i < 3; i++) {
                Run again = run(p);
                assertEquals(first.rows(), again.rows(), sql);
                assertTrue(QueryPhasesTest.hasPhase(again.statistics(), "bind code"), again.statistics());
                assertFalse(QueryPhasesTest.hasPhase(again.statistics(), "generate code"), again.statistics());
            }
        }
    }

    @Test
    void overlappingExecutionsOfOneStatementKeepTheirStateApart() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try {
            for (String sql : QUERIES) {
                PreparedQuery p = service.prepare(sql);
                List<String> expected = run(p).rows();
                List<Future<Run>> runs = new ArrayList<>();
                for (int i = 0; i < 6; i++) runs.add(threads.submit(() -> run(p)));
                for (Future<Run> f : runs) assertEquals(expected, f.get().rows(), sql);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void explainShowsThePipelinesTheExecutionsRun() throws Exception {
        QueryOptions dump = options.withDumpCode(true);
        for (String sql : QUERIES) {
            PreparedQuery p = service.prepare(sql);
            String explain = p.explain();
            List<String> pipelines = explain.substring(explain.indexOf("Pipelines:\n") + "Pipelines:\n".length()).lines().toList();
            assertFalse(pipelines.isEmpty(), explain);
            for (int i = 0; i < 2; i++) {
                try (QueryResult r = p.execute(List.of(), dump)) {
                    while (r.next()) {
                        // drain
                    }
                    // --dump-code heads each pipeline's class with the pipeline it runs
                    List<String> ran = r.generatedCode().lines().filter(l -> l.startsWith("// pipeline ")).map(l -> l.substring(3)).toList();
                    assertEquals(pipelines, ran, sql);
                }
            }
            assertEquals(explain, p.explain(), "running changes nothing EXPLAIN shows");
        }
    }

    @Test
    void overlappingFirstExecutionsShareThePreparedPipelinesSafely() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try {
            for (String sql : QUERIES) {
                List<String> expected = run(service.prepare(sql)).rows();
                PreparedQuery fresh = service.prepare(sql + " -- not yet run");
                List<Future<Run>> runs = new ArrayList<>();
                for (int i = 0; i < 3; i++) runs.add(threads.submit(() -> run(fresh)));
                for (Future<Run> f : runs) assertEquals(expected, f.get().rows(), sql);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aFailedExecutionLeavesTheKeptCodeUsable() throws Exception {
        PreparedQuery p = service.prepare(QUERIES.getFirst());
        List<String> expected = run(p).rows();
        try (QueryResult r = p.execute(List.of(), options)) {
            r.cancel();
            assertThrowsQueryException(r);
        }
        assertEquals(expected, run(p).rows());
    }

    private static void assertThrowsQueryException(QueryResult r) {
        org.junit.jupiter.api.Assertions.assertThrows(io.ascan.exec.QueryException.class, () -> {
            while (r.next()) {
                // drain until the cancellation surfaces
            }
        });
    }
}
