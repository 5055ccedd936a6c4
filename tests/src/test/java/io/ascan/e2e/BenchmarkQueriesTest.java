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
 * DuckDB's on the same data ({@link Workload}, {@link ResultComparison}), with the default
 * settings and in every scan mode and policy. The data is generated once per class at the scale
 * of {@link TestScale}, in small slices ({@link TestScale#sliceRows}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BenchmarkQueriesTest {
    /**
     * Connection settings per scan policy. The adaptive one samples with few slices (a short
     * output queue makes its warm-up short), so that it samples and switches on these tables.
     * These tables are small enough for every scan to run inline ({@code scan.inlineRows}): the
     * adaptive and back-pressure settings turn that off, so the threaded scan is checked too.
     */
    static final Map<String, String> MODES = Map.of(
            "direct", "?mode=direct",
            "staging", "?mode=staging",
            "pushdown", "?mode=pushdown&storage.threads=2",
            "adaptive", "?mode=adaptive&policy.nSample=14&scan.outputQueue=2&scan.inlineRows=0",
            "backpressure", "?mode=backpressure&scan.inlineRows=0");

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
    void everyModeAndPolicyMatchesDuckDb(QueryFile query) throws SQLException {
        matchesDuckDbInEveryMode(query);
    }

    /** {@code query} through every scan mode and policy, each result compared with DuckDB's. */
    void matchesDuckDbInEveryMode(QueryFile query) throws SQLException {
        Result duckdb = workload.runDuckDb(DuckDbDialect.rewrite(query.sql()));
        for (String mode : List.of("direct", "staging", "pushdown", "adaptive", "backpressure")) {
            Result r = workload.runAscan(mode(mode), query.sql());
            String diff = ResultComparison.compare(query, r, "ascan mode=" + mode, duckdb, "duckdb");
            if (diff != null) fail(diff);
        }
    }

    private Connection mode(String mode) throws SQLException {
        Connection c = modes.get(mode);
        if (c == null) {
            c = DriverManager.getConnection(workload.url(MODES.get(mode)));
            modes.put(mode, c);
        }
        return c;
    }
}
