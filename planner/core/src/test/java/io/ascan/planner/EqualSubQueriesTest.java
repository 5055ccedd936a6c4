package io.ascan.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.catalog.Catalog;
import io.ascan.engine.Engine;
import io.ascan.engine.EngineConfig;
import io.ascan.engine.EngineProperties;
import io.ascan.exec.QueryResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.vector.BigIntVector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A boolean sub-query compared with a list of literals ({@code (x IN (q)) NOT IN (TRUE, FALSE)}),
 * which the converter copies once per literal, is joined once: with a sub-query nested in
 * {@code q}, each copy got its own correlation variable and its own join, and the plan grew
 * tenfold per literal (the fuzzer's seed 328, query 6629, never finished planning). all_types has
 * i = 0..1999 and d = i / 8.
 */
class EqualSubQueriesTest {
    @TempDir static Path dir;
    static AscanQueryService service;

    /**
     * a.i is in it exactly when a.i >= 9. The nested NOT EXISTS tests the middle query's row only,
     * so it stays a correlated sub-query (an equality with the inner table would become an anti-join).
     */
    static final String IN_NESTED = "(a.i IN (SELECT b.i FROM all_types b WHERE NOT EXISTS"
            + " (SELECT 1 FROM all_types c WHERE b.i < 9) AND b.d = a.d))";

    @BeforeAll
    static void open() throws IOException {
        Catalog catalog = BenchmarkTables.allTypes(Catalog.create(dir));
        service = new AscanQueryService(catalog, Engine.acquire(catalog.dir(), EngineConfig.DEFAULTS), 0);
    }

    @AfterAll
    static void close() {
        service.close();
    }

    @Test
    void aSubQueryComparedWithALiteralListIsJoinedOnce() throws Exception {
        assertEquals(1991, count(IN_NESTED + " IN (TRUE, TRUE, TRUE)"));
        assertEquals(9, count(IN_NESTED + " NOT IN (TRUE, TRUE, TRUE)"));
        assertEquals(2000, count(IN_NESTED + " IN (TRUE, FALSE, TRUE)"));
        // one join however many literals (each copy joined: 37 scans for two, 74 for three)
        assertEquals(scans(IN_NESTED + " IN (TRUE, TRUE)"), scans(IN_NESTED + " IN (TRUE, TRUE, TRUE)"));
        assertEquals(scans(IN_NESTED + " IN (TRUE, FALSE)"), scans(IN_NESTED + " IN (TRUE, FALSE, TRUE)"));
    }

    private static long count(String where) throws Exception {
        PreparedQuery p = service.prepare("SELECT count(*) FROM all_types a WHERE " + where);
        try (QueryResult r = p.execute(List.of(), EngineProperties.parse(Map.of("io", "portable")).query())) {
            r.next();
            return ((BigIntVector) r.batch().getVector(0)).get(0);
        }
    }

    private static int scans(String where) throws Exception {
        Matcher m = Pattern.compile("AdaptiveScan\\(").matcher(service.prepare("SELECT count(*) FROM all_types a WHERE " + where).explain());
        int n = 0;
        while (m.find()) n++;
        return n;
    }
}
