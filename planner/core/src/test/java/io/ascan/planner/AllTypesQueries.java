package io.ascan.planner;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.engine.Engine;
import io.ascan.engine.EngineConfig;
import io.ascan.engine.EngineProperties;
import io.ascan.exec.QueryResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test class's query service over all_types ({@link BenchmarkTables#allTypes}: i = 0..1999), opened
 * once per class and closed after it, which fails on memory a query did not release.
 */
abstract class AllTypesQueries {
    @TempDir static Path dir;
    static AscanQueryService service;

    @BeforeAll
    static void open() throws IOException {
        Catalog catalog = BenchmarkTables.allTypes(Catalog.create(dir));
        service = new AscanQueryService(catalog, Engine.acquire(catalog.dir(), EngineConfig.DEFAULTS), 0);
    }

    @AfterAll
    static void close() {
        service.close();
    }

    /** The count a {@code SELECT count(*) ...} query returns. */
    static long count(PreparedQuery p) throws Exception {
        try (QueryResult r = p.execute(List.of(), EngineProperties.parse(Map.of("io", "portable")).query())) {
            assertTrue(r.next());
            return ((BigIntVector) r.batch().getVector(0)).get(0);
        }
    }
}
