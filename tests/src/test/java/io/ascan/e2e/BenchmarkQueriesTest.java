package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs every query of one benchmark through {@code jdbc:ascan:} and compares each result with
 * DuckDB's on the same data ({@link Workload}, {@link ResultComparison}); and runs every query in
 * the three static scan modes, which must agree with each other. The data is generated once per
 * class at the scale of {@link TestScale}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BenchmarkQueriesTest {
    static final List<String> STATIC_MODES = List.of("direct", "staging", "pushdown");

    private Workload workload;
    private final Map<String, Connection> modes = new LinkedHashMap<>();

    /** The folder under {@code queries/}. */
    abstract String suite();

    abstract Workload generate(Path scratch) throws Exception;

    @BeforeAll
    void data(@TempDir Path scratch) throws Exception {
        workload = generate(scratch);
    }

    @AfterAll
    void close() throws SQLException {
        try {
            for (Connection c : modes.values()) c.close();
        } finally {
            if (workload != null) workload.close();
        }
    }

    Stream<Named<QueryFile>> queries() {
        return QueryFile.suite(suite()).stream().map(q -> Named.of(q.name(), q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void matchesDuckDb(QueryFile query) throws SQLException {
        Result ascan = workload.runAscan(workload.ascan(), query.sql());
        Result duckdb = workload.runDuckDb(DuckDbDialect.rewrite(query.sql()));
        String diff = ResultComparison.compare(query, ascan, "ascan", duckdb, "duckdb");
        if (diff != null) fail(diff);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void staticModesAgree(QueryFile query) throws SQLException {
        Result direct = null;
        for (String mode : STATIC_MODES) {
            Result r = workload.runAscan(mode(mode), query.sql());
            if (direct == null) {
                direct = r;
                continue;
            }
            String diff = ResultComparison.compare(query, r, "mode=" + mode, direct, "mode=direct");
            if (diff != null) fail(diff);
        }
    }

    private Connection mode(String mode) throws SQLException {
        Connection c = modes.get(mode);
        if (c == null) {
            c = DriverManager.getConnection(workload.url("?mode=" + mode));
            modes.put(mode, c);
        }
        return c;
    }
}
