package io.ascan.planner;

import io.ascan.engine.Engine;
import io.ascan.engine.EngineConfig;
import io.ascan.engine.EngineProperties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.exec.QueryResult;
import io.ascan.format.WriteOptions;
import io.ascan.planner.PreparedQuery;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.BigIntVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plan cache of the query service: reuse by text, invalidation by manifest version, LRU bound; EXPLAIN planned afresh. */
class PlanCacheTest {
    static final String COUNT = "SELECT count(*) FROM all_types WHERE i < 10";

    @TempDir Path dir;
    Catalog catalog;
    AscanQueryService service;

    @BeforeEach
    void open() throws IOException {
        catalog = BenchmarkTables.allTypes(Catalog.create(dir));
        service = service(4);
    }

    @AfterEach
    void close() {
        service.close();
    }

    AscanQueryService service(int capacity) {
        return new AscanQueryService(catalog, Engine.acquire(catalog.dir(), EngineConfig.DEFAULTS), capacity);
    }

    static long count(PreparedQuery p, Object... parameters) throws Exception {
        var options = EngineProperties.parse(java.util.Map.of("io", "portable")).query();
        try (QueryResult r = p.execute(java.util.Arrays.asList(parameters), options)) {
            assertTrue(r.next());
            return ((BigIntVector) r.batch().getVector(0)).get(0);
        }
    }

    @Test
    void sameTextReusesThePlan() throws Exception {
        PreparedQuery first = service.prepare(COUNT);
        assertSame(first, service.prepare(COUNT));
        assertSame(first, service.prepare("  SELECT count(*)\n  FROM all_types\tWHERE i < 10 "));
        assertEquals(2, service.planCacheHits());
        assertEquals(10, count(service.prepare(COUNT)));
        assertNotSame(first, service.prepare("SELECT count(*) FROM all_types WHERE i < 11"));
    }

    @Test
    void aRewrittenTableIsPlannedAfresh() throws Exception {
        PreparedQuery before = service.prepare(COUNT);
        assertEquals(10, count(before));
        // The same name, new rows: every i is now below 10.
        BenchmarkTables.write(catalog, "all_types", WriteOptions.DEFAULTS.withReplace(true), 5, i -> new Object[] {true, i, 1L,
                1.0, 1L, null, null, "x"}, "b BOOLEAN", "i INTEGER", "l BIGINT", "d DOUBLE", "m DECIMAL(12,2)", "dt DATE",
                "ts TIMESTAMP", "s VARCHAR");
        PreparedQuery after = service.prepare(COUNT);
        assertNotSame(before, after);
        assertEquals(5, count(after));
        assertSame(after, service.prepare(COUNT));
    }

    @Test
    void aDroppedTableIsAnErrorNotAStalePlan() throws Exception {
        service.prepare(COUNT);
        try (Stream<Path> files = Files.walk(dir.resolve("all_types"))) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
        PlanningException e = assertThrows(PlanningException.class, () -> service.prepare(COUNT));
        assertTrue(e.getMessage().contains("all_types"), e.getMessage());
    }

    @Test
    void leastRecentlyUsedEntriesGoFirst() throws Exception {
        try (AscanQueryService small = service(2)) {
            PreparedQuery a = small.prepare("SELECT i FROM all_types WHERE i = 1");
            PreparedQuery b = small.prepare("SELECT i FROM all_types WHERE i = 2");
            assertSame(a, small.prepare("SELECT i FROM all_types WHERE i = 1"));
            small.prepare("SELECT i FROM all_types WHERE i = 3"); // evicts b, the least recently used
            assertSame(a, small.prepare("SELECT i FROM all_types WHERE i = 1"));
            assertNotSame(b, small.prepare("SELECT i FROM all_types WHERE i = 2"));
        }
    }

    @Test
    void sizeZeroCachesNothing() throws Exception {
        try (AscanQueryService none = service(0)) {
            assertNotSame(none.prepare(COUNT), none.prepare(COUNT));
            assertEquals(0, none.planCacheHits());
        }
    }

    @Test
    void explainIsAViewOfTheCachedQuery() throws Exception {
        PreparedQuery a = service.prepare("EXPLAIN PLAN FOR " + COUNT);
        PreparedQuery b = service.prepare("EXPLAIN " + COUNT);
        assertEquals(1, service.planCacheHits(), "the second EXPLAIN found the query the first one prepared");
        assertEquals(a.explain(), b.explain());
        assertTrue(a.explain().contains("Pipelines:\n"), a.explain());
        // The query itself is that prepared query: planned once, its pipelines the ones EXPLAIN printed.
        PreparedQuery q = service.prepare(COUNT);
        assertEquals(2, service.planCacheHits());
        assertEquals(a.explain(), q.explain());
        count(q);
        assertEquals(a.explain(), service.prepare("EXPLAIN PLAN FOR " + COUNT).explain());
    }

    @Test
    void aTableCreatedAfterAFailedPlanIsFound() throws Exception {
        String sql = "SELECT count(*) FROM later";
        assertThrows(PlanningException.class, () -> service.prepare(sql)); // errors are never cached
        BenchmarkTables.write(catalog, "later", 100, 7, i -> new Object[] {i}, "x INTEGER");
        assertEquals(7, count(service.prepare(sql)));
    }

    @Test
    void eachExecutionOfACachedPlanBindsItsOwnParameterValuesAndTypes() throws Exception {
        String sql = "SELECT count(*) FROM all_types WHERE i < ?";
        PreparedQuery p = service.prepare(sql);
        assertEquals(10, count(p, 10));
        assertSame(p, service.prepare(sql));
        assertEquals(20, count(service.prepare(sql), 20L));
        assertEquals(5, count(service.prepare(sql), new java.math.BigDecimal("5")));
        assertEquals(0, count(service.prepare(sql), (Object) null));
        assertEquals(10, count(service.prepare(sql), 10));
    }

    @Test
    void aFailedExecutionDoesNotPoisonTheCachedPlan() throws Exception {
        // i / (i - 5) divides by zero at i = 5 only.
        String sql = "SELECT count(*) FROM all_types WHERE i < ? AND i / (i - 5) < 1000";
        var failed = assertThrows(io.ascan.exec.QueryException.class, () -> count(service.prepare(sql), 10));
        assertTrue(failed.getMessage().contains("division by zero"), failed.getMessage());
        assertEquals(5, count(service.prepare(sql), 5));
        assertThrows(io.ascan.exec.QueryException.class, () -> count(service.prepare(sql), 10));
        assertEquals(1, service.planCacheMisses(), "planned once");
        assertEquals(2, service.planCacheHits(), "reused after the failure");
    }

    @Test
    void aCancelledExecutionDoesNotPoisonTheCachedPlan() throws Exception {
        var options = EngineProperties.parse(java.util.Map.of("io", "portable")).query();
        try (QueryResult r = service.prepare(COUNT).execute(List.of(), options)) {
            r.cancel();
            var e = assertThrows(io.ascan.exec.QueryException.class, () -> {
                while (r.next()) {
                    // the cancellation surfaces here
                }
            });
            assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
        }
        assertEquals(10, count(service.prepare(COUNT)));
        assertEquals(1, service.planCacheHits());
    }

    @Test
    void keysCollapseWhitespaceOutsideQuotesOnly() {
        assertEquals("SELECT a FROM t WHERE s = ' x  y '", PlanCache.normalize("\n SELECT  a\tFROM t\r\nWHERE s = ' x  y '  "));
        assertEquals("SELECT \"a  b\" FROM t", PlanCache.normalize("SELECT   \"a  b\"  FROM t"));
        assertEquals("SELECT 'it''s  x'", PlanCache.normalize("SELECT   'it''s  x'"));
        // A line comment ends at its line: "1 -- c\n+ 2" and "1 -- c + 2" are different statements.
        assertEquals("SELECT 1 -- c\n + 2", PlanCache.normalize("SELECT 1   -- c\n   + 2"));
        assertTrue(!PlanCache.normalize("SELECT 1 -- c\n+ 2").equals(PlanCache.normalize("SELECT 1 -- c + 2")));
        assertEquals("SELECT E'a\\'  b'", PlanCache.normalize("SELECT E'a\\'  b'"));
    }
}
