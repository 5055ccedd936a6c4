package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sub-queries, decorrelation, empty inputs and physical planning over {@link SmallTables}, each
 * query's result compared with DuckDB's, with the default settings and in staging mode. The
 * same cases are SQL-logic files under {@code sqllogic/planning}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PlanningCorrectnessTest {
    private static final List<String> SETTINGS = List.of("", "?mode=staging");

    private SmallTables tables;
    private final List<Connection> connections = new ArrayList<>();

    @BeforeAll
    void data(@TempDir Path dir) throws Exception {
        tables = SmallTables.create(dir.resolve("small"));
        for (String s : SETTINGS) connections.add(DriverManager.getConnection(tables.url(s)));
    }

    @AfterAll
    void close() throws SQLException {
        try {
            for (Connection c : connections) c.close();
        } finally {
            if (tables != null) tables.close();
        }
    }

    private void check(String sql) throws SQLException {
        QueryFile query = QueryFile.parse("planning", "query", sql);
        Result duckdb = tables.runDuckDb(sql);
        for (int i = 0; i < connections.size(); i++) {
            Result ascan;
            try (Statement s = connections.get(i).createStatement(); var rs = s.executeQuery(sql)) {
                ascan = Result.read(rs);
            }
            String diff = ResultComparison.compare(query, ascan, "ascan" + SETTINGS.get(i), duckdb, "duckdb");
            if (diff != null) fail(diff);
        }
    }

    /** Distinct-count estimates of joins that Calcite cannot size (FULL joins) used to throw a NullPointerException. */
    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT * FROM ta FULL JOIN tb ON ta.id = tb.id WHERE ta.i NOT IN (SELECT k FROM tc) AND tb.k NOT IN (SELECT i FROM tc)",
            "SELECT * FROM ta FULL JOIN tb ON ta.id = tb.id JOIN tc ON tc.k = tb.k WHERE ta.i NOT IN (SELECT k FROM tc)",
            "SELECT * FROM tc WHERE tc.i NOT IN (SELECT tb.k FROM ta FULL JOIN tb ON ta.id = tb.id)",
            "SELECT id, EXISTS (SELECT 1 FROM tb WHERE tb.k = ta.k), NOT EXISTS (SELECT 1 FROM tc WHERE tc.i = ta.i AND tc.s > ta.s) FROM ta",
            "WITH c AS (SELECT id, k, (SELECT MAX(i) FROM tb WHERE tb.k = ta.k) AS m FROM ta) "
                    + "SELECT c1.id, c2.m FROM c c1 JOIN c c2 ON c1.id = c2.id"})
    void unknownJoinEstimates(String sql) throws SQLException {
        check(sql);
    }
}
