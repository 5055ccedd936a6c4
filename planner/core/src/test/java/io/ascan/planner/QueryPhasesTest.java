package io.ascan.planner;

import io.ascan.engine.Engine;
import io.ascan.engine.EngineConfig;
import io.ascan.engine.EngineProperties;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.exec.QueryResult;
import io.ascan.planner.PreparedQuery;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The phase lines of a query's statistics (what --stats and EXPLAIN ANALYZE print): planning once, then its reuse. */
class QueryPhasesTest {
    static final String JOIN = "SELECT count(*) FROM all_types a, all_types b WHERE a.i = b.i AND a.i < 10";

    @TempDir Path dir;
    AscanQueryService service;

    @BeforeEach
    void open() throws IOException {
        Catalog catalog = BenchmarkTables.allTypes(Catalog.create(dir));
        service = new AscanQueryService(catalog, Engine.acquire(catalog.dir(), EngineConfig.DEFAULTS), 4);
    }

    @AfterEach
    void close() {
        service.close();
    }

    static String statistics(PreparedQuery p) throws Exception {
        var options = EngineProperties.parse(java.util.Map.of("io", "portable")).query();
        try (QueryResult r = p.execute(List.of(), options)) {
            while (r.next()) {
                // drain
            }
            return r.statistics();
        }
    }

    static boolean hasPhase(String statistics, String name) {
        return Pattern.compile("(?m)^phase " + Pattern.quote(name) + ": \\d+\\.\\d\\d ms").matcher(statistics).find();
    }

    @Test
    void theFirstExecutionReportsPlanningAndLaterOnesItsReuse() throws Exception {
        String first = statistics(service.prepare(JOIN));
        for (String phase : List.of("parse", "validate", "convert to rels", "optimise logical plan", "optimise physical plan",
                "translate to engine plan", "build pipelines", "generate code", "load classes", "pipeline 0", "pipeline 1")) {
            assertTrue(hasPhase(first, phase), () -> "no phase '" + phase + "' in:\n" + first);
        }
        String second = statistics(service.prepare(JOIN));
        assertFalse(hasPhase(second, "parse"), second);
        assertTrue(second.contains("reused: plan cache hit"), second);
        assertTrue(hasPhase(second, "bind code") && hasPhase(second, "pipeline 0"), second);
        assertFalse(hasPhase(second, "generate code"), second);
    }

    @Test
    void explainAnalyzeShowsThePhases() throws Exception {
        var options = EngineProperties.parse(java.util.Map.of("io", "portable")).query();
        StringBuilder text = new StringBuilder();
        try (QueryResult r = service.prepare("EXPLAIN ANALYZE " + JOIN).execute(List.of(), options)) {
            while (r.next()) {
                var v = (org.apache.arrow.vector.VarCharVector) r.batch().getVector(0);
                for (int i = 0; i < r.batch().getRowCount(); i++) text.append(new String(v.get(i))).append('\n');
            }
        }
        assertTrue(hasPhase(text.toString(), "parse") && hasPhase(text.toString(), "pipeline 0"), text::toString);
    }
}
