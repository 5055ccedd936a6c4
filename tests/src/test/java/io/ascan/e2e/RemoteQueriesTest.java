package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.ascan.storage.node.StorageNode;
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
 * Every query of one benchmark over a storage node on loopback ({@code jdbc:ascan:grpc://}), in
 * both remote modes (pull-up, pushdown) and adaptive, each result compared with DuckDB's on the
 * same data. Afterwards the node's memory is back to zero, and so is the compute side's (its
 * engine and client allocators refuse to close otherwise).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RemoteQueriesTest {
    static final Map<String, String> MODES = Map.of(
            "direct", "?mode=direct",
            "pushdown", "?mode=pushdown&storage.threads=2",
            "adaptive", "?mode=adaptive&policy.nSample=14&scan.outputQueue=2&scan.inlineRows=0");

    static final String EXEC_BASE = "?scan.inlineRows=0&storage.threads=2";

    /**
     * exec.mode x cache.compute.policy x cache.compute.bytes, by name: 64 bytes holds no segment,
     * 64 KiB a few dozen (the fixtures' segments are about a KiB, so the policies evict), 1 GiB
     * every one; with {@code exec.bitmaps=force} the partly cached slices take selection bitmaps. The queries of a suite run one after another on each configuration's connection,
     * so later queries find the segments earlier ones admitted.
     */
    static Map<String, String> allExecModes() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("pullup", EXEC_BASE + "&exec.mode=pullup&cache.compute.bytes=1g");
        m.put("pushdown-only", EXEC_BASE + "&exec.mode=pushdown-only&cache.compute.bytes=1g");
        for (String policy : List.of("lru", "lfu", "wlfu", "belady")) {
            m.put("caching-only/" + policy + "/64k", EXEC_BASE + "&exec.mode=caching-only&cache.compute.bytes=64k"
                    + "&cache.compute.policy=" + policy);
        }
        m.put("caching-only/wlfu/1g", EXEC_BASE + "&exec.mode=caching-only&cache.compute.bytes=1g");
        m.put("caching-only/wlfu/64", EXEC_BASE + "&exec.mode=caching-only&cache.compute.bytes=64");
        m.put("hybrid/wlfu/64k", EXEC_BASE + "&exec.mode=hybrid&mode=pushdown&cache.compute.bytes=64k");
        m.put("hybrid/wlfu/64", EXEC_BASE + "&exec.mode=hybrid&mode=pushdown&cache.compute.bytes=64");
        // selection bitmaps whenever a slice's cache holds only its projection or only P's columns
        m.put("hybrid/wlfu/1g/bitmaps", EXEC_BASE + "&exec.mode=hybrid&mode=pushdown&cache.compute.bytes=1g&exec.bitmaps=force");
        m.put("hybrid/lru/64k/bitmaps", EXEC_BASE + "&exec.mode=hybrid&mode=pushdown&cache.compute.bytes=64k"
                + "&cache.compute.policy=lru&exec.bitmaps=force");
        m.put("hybrid/lfu/1g/adaptive", EXEC_BASE + "&exec.mode=hybrid&mode=adaptive&policy.nSample=14&scan.outputQueue=2"
                + "&cache.compute.bytes=1g&cache.compute.policy=lfu");
        return m;
    }

    /** The configurations {@link #everyExecModeMatchesDuckDb} runs every query of the suite in. */
    abstract Map<String, String> execModes();

    private Workload workload;
    private StorageNode node;
    private final Map<String, Connection> modes = new LinkedHashMap<>();

    abstract String suite();

    abstract Workload generate(Path scratch) throws Exception;

    @BeforeAll
    void data(@TempDir Path scratch) throws Exception {
        workload = generate(scratch);
        node = StorageNode.start(StorageNode.Settings.local(workload.catalog));
    }

    @AfterAll
    void close() throws Exception {
        try {
            for (Connection c : modes.values()) c.close();
            if (node != null) assertEquals(0, NodeMemory.afterRelease(node), "storage node memory after the queries");
        } finally {
            try {
                if (node != null) node.close();
            } finally {
                if (workload != null) workload.close();
            }
        }
    }

    Stream<Named<QueryFile>> queries() {
        return QueryFile.suite(suite()).stream().map(q -> Named.of(q.name(), q));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void everyRemoteModeMatchesDuckDb(QueryFile query) throws SQLException {
        Result duckdb = workload.runDuckDb(DuckDbDialect.rewrite(query.sql()));
        for (String mode : List.of("direct", "pushdown", "adaptive")) {
            Result r = workload.runAscan(mode(mode), query.sql());
            String diff = ResultComparison.compare(query, r, "ascan remote mode=" + mode, duckdb, "duckdb");
            if (diff != null) fail(diff);
        }
    }

    /** FlexPushdownDB's execution modes, cache policies and sizes: every result equals DuckDB's. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void everyExecModeMatchesDuckDb(QueryFile query) throws SQLException {
        Result duckdb = workload.runDuckDb(DuckDbDialect.rewrite(query.sql()));
        Map<String, String> exec = execModes();
        for (Map.Entry<String, String> e : exec.entrySet()) {
            Result r = workload.runAscan(connection("exec " + e.getKey(), e.getValue()), query.sql());
            String diff = ResultComparison.compare(query, r, "ascan remote exec " + e.getKey(), duckdb, "duckdb");
            if (diff != null) fail(diff);
        }
    }

    private Connection mode(String mode) throws SQLException {
        return connection(mode, MODES.get(mode));
    }

    private Connection connection(String name, String settings) throws SQLException {
        Connection c = modes.get(name);
        if (c == null) {
            c = DriverManager.getConnection("jdbc:ascan:grpc://127.0.0.1:" + node.port() + settings);
            modes.put(name, c);
        }
        return c;
    }
}
