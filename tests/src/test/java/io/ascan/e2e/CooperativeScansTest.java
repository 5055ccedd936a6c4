package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.types.DataType;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Cooperative Scans end to end: concurrent SQL queries over random id ranges of one table, on
 * connections sharing one engine and its Active Buffer Manager (a pool of a few slices), under
 * every {@code abm.policy}. Each answer equals DuckDB's over the same values; LIMIT and failing
 * queries end their scans early without stopping the others; EXPLAIN ANALYZE reports the ABM.
 */
class CooperativeScansTest {
    @TempDir static Path dir;
    static Connection duckdb;
    static final int ROWS = 60_000;

    @BeforeAll
    static void data() throws Exception {
        Catalog catalog = Catalog.create(dir.resolve("db"));
        TableSchema schema = TableSchema.of(ColumnSpec.of("id", DataType.BIGINT), ColumnSpec.of("a", DataType.BIGINT),
                ColumnSpec.of("c", DataType.INTEGER));
        try (TableWriter w = catalog.create("t", schema, WriteOptions.DEFAULTS.withMaxSliceRows(2_000))) {
            for (long r = 0; r < ROWS; r++) {
                w.setLong(0, r);
                w.setLong(1, r * 7 % 1000);
                w.setInt(2, (int) (r % 13));
                w.endRow();
            }
            w.commit();
        }
        duckdb = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duckdb.createStatement()) {
            s.execute("CREATE TABLE t AS SELECT range AS id, range * 7 % 1000 AS a, CAST(range % 13 AS INTEGER) AS c "
                    + "FROM range(" + ROWS + ")");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        duckdb.close();
    }

    static String url(String policy) {
        // inlineRows=0: every scan runs threaded and registers with the ABM; 96k: a few slices' columns
        return "jdbc:ascan:" + dir.resolve("db") + "?abm.policy=" + policy + "&abm.bytes=96k&scan.inlineRows=0";
    }

    static List<String> rows(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= n; i++) row.append(i > 1 ? "|" : "").append(rs.getString(i));
                out.add(row.toString());
            }
        }
        return out;
    }

    static String query(Random random) {
        long from = random.nextInt(ROWS), to = from + random.nextInt(ROWS - (int) from) + 1;
        String range = "id >= " + from + " AND id < " + to;
        return switch (random.nextInt(3)) {
            case 0 -> "SELECT c, COUNT(*), SUM(a), MIN(id), MAX(id) FROM t WHERE " + range + " GROUP BY c ORDER BY c";
            case 1 -> "SELECT SUM(a), COUNT(*) FROM t WHERE " + range;
            default -> "SELECT SUM(id), MAX(a) FROM t WHERE " + range + " AND c = " + random.nextInt(13);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"normal", "attach", "elevator", "relevance"})
    void concurrentQueriesAnswerAsAloneAndEndEarlyCleanly(String policy) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(6);
        try (Connection keep = DriverManager.getConnection(url(policy))) { // holds the engine for all the streams
            List<Future<?>> streams = new ArrayList<>();
            for (int stream = 0; stream < 6; stream++) {
                Random random = new Random(policy.hashCode() * 101L + stream);
                List<String> queries = new ArrayList<>();
                List<List<String>> answers = new ArrayList<>(); // DuckDB's, one connection: asked before the streams start
                for (int q = 0; q < 5; q++) {
                    queries.add(query(random));
                    answers.add(rows(duckdb, queries.getLast()));
                }
                streams.add(threads.submit(() -> {
                    try (Connection c = DriverManager.getConnection(url(policy))) {
                        for (int q = 0; q < queries.size(); q++) {
                            assertEquals(answers.get(q), rows(c, queries.get(q)), queries.get(q));
                        }
                        List<String> limited = rows(c, "SELECT id FROM t WHERE id >= 1000 LIMIT 7");
                        assertEquals(7, limited.size());
                        for (String id : limited) assertTrue(Long.parseLong(id) >= 1000, id);
                        assertThrows(SQLException.class, () -> rows(c, "SELECT SUM(a / (c - 5)) FROM t"));
                    }
                    return null;
                }));
            }
            for (Future<?> f : streams) f.get(5, TimeUnit.MINUTES); // a deadlock fails rather than hangs
            String sql = "SELECT SUM(a) FROM t WHERE id < 30000";
            assertEquals(rows(duckdb, sql), rows(keep, sql));
            String plan = String.join("\n", rows(keep, "EXPLAIN ANALYZE " + sql));
            assertTrue(plan.matches("(?s).*abm \\[" + policy + "\\]: 15 slices, \\d+ served from chunks other scans loaded, "
                    + "\\d+ loads triggered.*"), plan);
        } finally {
            threads.shutdownNow();
        }
    }
}
