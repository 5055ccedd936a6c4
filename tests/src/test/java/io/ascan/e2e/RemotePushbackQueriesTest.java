package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.ascan.storage.node.StorageNode;
import io.ascan.storage.node.pushback.PushbackArbiter;
import io.ascan.storage.node.pushback.PushbackSettings;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Adaptive pushdown over a storage node: whatever its pushback arbiter admits or pushes back, every
 * query of a benchmark answers as DuckDB does (nodes forced to admit all, to push back all, and
 * pushing back half at random; the compute side asking for pushdown, and with random pushback also
 * choosing adaptively). A node
 * at full load (one pushdown core at a fiftieth of its power, the arbiter on, two query streams at
 * once) still answers every request, pushing back what it cannot run in time.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RemotePushbackQueriesTest {
    static final String PUSHDOWN = "?mode=pushdown&storage.threads=2&scan.inlineRows=0";
    static final String ADAPTIVE = "?mode=adaptive&policy.nSample=14&scan.outputQueue=2&scan.inlineRows=0";
    static final Pattern PUSHBACK_LINE = Pattern.compile("pushback: (\\d+) pushdown requested, (\\d+) admitted, (\\d+) pushed back");

    private Workload workload;
    private final Map<String, StorageNode> nodes = new LinkedHashMap<>();
    private final List<Connection> connections = new ArrayList<>();

    abstract String suite();

    abstract Workload generate(Path scratch) throws Exception;

    @BeforeAll
    void data(@TempDir Path scratch) throws Exception {
        workload = generate(scratch);
        for (String policy : List.of("force-admit", "force-pushback", "random:0.5")) {
            nodes.put(policy, StorageNode.start(StorageNode.Settings.local(workload.catalog).withStorageThreads(2)
                    .withPushback(PushbackSettings.OFF.withPolicy(policy))));
        }
        nodes.put("full", StorageNode.start(StorageNode.Settings.local(workload.catalog).withStorageThreads(2)
                .withPushback(PushbackSettings.OFF.withPolicy("on").withPower(1, 0.02, 0))));
    }

    @AfterAll
    void close() throws Exception {
        try {
            for (Connection c : connections) c.close();
            for (StorageNode n : nodes.values()) assertEquals(0, NodeMemory.afterRelease(n), "storage node memory after the queries");
        } finally {
            try {
                for (StorageNode n : nodes.values()) n.close();
            } finally {
                if (workload != null) workload.close();
            }
        }
    }

    Stream<Named<QueryFile>> queries() {
        return QueryFile.suite(suite()).stream().map(q -> Named.of(q.name(), q));
    }

    private Connection connect(String node, String settings) throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:ascan:grpc://127.0.0.1:" + nodes.get(node).port() + settings);
        connections.add(c);
        return c;
    }

    private final Map<String, Connection> open = new LinkedHashMap<>();

    private Connection connection(String node, String settings) throws SQLException {
        String key = node + settings;
        Connection c = open.get(key);
        if (c == null) open.put(key, c = connect(node, settings));
        return c;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void everyPushbackPolicyMatchesDuckDb(QueryFile query) throws SQLException {
        Result duckdb = workload.runDuckDb(DuckDbDialect.rewrite(query.sql()));
        for (String node : List.of("force-admit", "force-pushback", "random:0.5")) {
            for (String settings : node.startsWith("random") ? List.of(PUSHDOWN, ADAPTIVE) : List.of(PUSHDOWN)) {
                Result r = workload.runAscan(connection(node, settings), query.sql());
                String diff = ResultComparison.compare(query, r, "ascan pushback " + node + " " + settings, duckdb, "duckdb");
                if (diff != null) fail(diff);
            }
        }
    }

    @Test
    void forcedPoliciesAdmitAllOrNoneAndTheScanReportSaysSo() throws SQLException {
        QueryFile q = QueryFile.suite(suite()).getFirst();
        for (String node : List.of("force-admit", "force-pushback")) {
            PushbackArbiter.Counts before = nodes.get(node).pushbackCounts();
            StringBuilder plan = new StringBuilder();
            try (Statement s = connection(node, PUSHDOWN).createStatement();
                 ResultSet rs = s.executeQuery("EXPLAIN ANALYZE " + q.sql())) {
                while (rs.next()) plan.append(rs.getString(1)).append('\n');
            }
            PushbackArbiter.Counts after = nodes.get(node).pushbackCounts();
            long requested = 0, admitted = 0, pushedBack = 0;
            Matcher m = PUSHBACK_LINE.matcher(plan);
            while (m.find()) {
                requested += Long.parseLong(m.group(1));
                admitted += Long.parseLong(m.group(2));
                pushedBack += Long.parseLong(m.group(3));
            }
            assertTrue(requested > 0, plan::toString);
            assertEquals(requested, admitted + pushedBack, plan::toString);
            assertEquals(node.equals("force-admit") ? 0 : requested, pushedBack, plan::toString);
            assertEquals(requested, after.requested() - before.requested(), "the node saw the scans' requests");
            assertEquals(pushedBack, after.pushedBack() - before.pushedBack(), "the node pushed back what the scans report");
        }
    }

    /** Two query streams against one slow pushdown core: every query answers as DuckDB does; requests were pushed back. */
    @Test
    void aNodeAtFullLoadStillAnswersEveryRequest() throws Exception {
        List<QueryFile> all = QueryFile.suite(suite());
        Map<String, Result> expected = new LinkedHashMap<>();
        for (QueryFile q : all) expected.put(q.name(), workload.runDuckDb(DuckDbDialect.rewrite(q.sql())));
        Connection[] streams = {connect("full", PUSHDOWN), connect("full", PUSHDOWN)};
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<String>> diffs = new ArrayList<>();
            for (int s = 0; s < 2; s++) {
                Connection c = streams[s];
                int offset = s;
                diffs.add(pool.submit(() -> {
                    StringBuilder out = new StringBuilder();
                    for (int i = 0; i < all.size(); i++) {
                        QueryFile q = all.get((i + offset * all.size() / 2) % all.size());
                        String d = ResultComparison.compare(q, workload.runAscan(c, q.sql()), "ascan at full load",
                                expected.get(q.name()), "duckdb");
                        if (d != null) out.append(d).append('\n');
                    }
                    return out.toString();
                }));
            }
            for (Future<String> f : diffs) {
                String d = f.get();
                if (!d.isEmpty()) fail(d);
            }
        } finally {
            pool.shutdownNow();
        }
        PushbackArbiter.Counts c = nodes.get("full").pushbackCounts();
        assertTrue(c.pushedBack() > 0, "a node at a fiftieth of one core pushed nothing back: " + c);
        assertTrue(c.admitted() > 0, "the node admitted nothing (it measures pushdown by running it): " + c);
        assertEquals(c.requested(), c.admitted() + c.pushedBack(), c.toString());
    }
}
