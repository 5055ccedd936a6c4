package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import io.ascan.planner.BenchmarkQueries;
import java.io.IOException;
import java.nio.file.Files;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden plans: the EXPLAIN of every SSB and TPC-H query in every scan mode of {@link ScanModes},
 * compared with {@code src/test/resources/golden/<workload>/<query>.plan} (or {@code <query>.<mode>.plan}
 * where a mode's plan differs). The data is
 * generated at a fixed scale and slice size, on one thread, whatever {@link TestScale} says, so
 * that a plan depends only on the planner and the tables' statistics. A difference fails with a
 * unified diff; {@code -Dgolden.update=true} rewrites the files instead (docs/testing.md).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GoldenPlansTest {
    /** Workload to its {@code ascan gen} arguments: SF 0.01 in slices of 256 rows, deterministic. */
    private static final Map<String, List<String>> WORKLOADS = new LinkedHashMap<>();

    static {
        WORKLOADS.put("ssb", List.of("gen", "ssb", "--sf", "0.01", "--slice-rows", "256", "--threads", "1"));
        WORKLOADS.put("tpch", List.of("gen", "tpch", "--sf", "0.01", "--slice-rows", "256", "--threads", "1"));
    }

    private static final boolean UPDATE = Boolean.getBoolean("golden.update");

    private Path scratch;
    private final List<Connection> connections = new ArrayList<>();

    @BeforeAll
    void generate(@TempDir Path scratch) {
        this.scratch = scratch;
        WORKLOADS.forEach((name, gen) -> {
            List<String> args = new ArrayList<>(gen);
            args.addAll(List.of("--dir", scratch.resolve(name).toString()));
            Workload.cli(args.toArray(String[]::new));
        });
    }

    @AfterAll
    void close() throws SQLException {
        for (Connection c : connections) c.close();
    }

    @TestFactory
    Stream<DynamicTest> plans() throws SQLException {
        Map<String, Map<String, Connection>> byWorkload = new LinkedHashMap<>();
        for (String workload : WORKLOADS.keySet()) {
            Map<String, Connection> modes = new LinkedHashMap<>();
            for (Map.Entry<String, String> mode : ScanModes.SETTINGS.entrySet()) {
                Connection c = DriverManager.getConnection("jdbc:ascan:" + scratch.resolve(workload) + mode.getValue());
                connections.add(c);
                modes.put(mode.getKey(), c);
            }
            byWorkload.put(workload, modes);
        }
        List<DynamicTest> tests = new ArrayList<>();
        byWorkload.forEach((workload, modes) -> {
            for (String query : BenchmarkQueries.names(workload)) {
                tests.add(DynamicTest.dynamicTest(workload + "/" + query, () -> {
                    Map<String, String> plans = new LinkedHashMap<>();
                    for (Map.Entry<String, Connection> m : modes.entrySet()) {
                        plans.put(m.getKey(), explain(m.getValue(), BenchmarkQueries.text(workload, query)));
                    }
                    check(workload + "/" + query, plans);
                }));
            }
        });
        return tests.stream();
    }

    private static String explain(Connection c, String sql) throws SQLException {
        String query = sql.strip();
        if (query.endsWith(";")) query = query.substring(0, query.length() - 1);
        StringBuilder plan = new StringBuilder();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN " + query)) {
            while (rs.next()) plan.append(rs.getString(1)).append('\n');
        }
        return plan.toString();
    }

    /**
     * {@code <query>.plan} holds the first mode's plan (adaptive, the default); a mode whose plan
     * differs has its own {@code <query>.<mode>.plan}. EXPLAIN does not depend on the mode today,
     * so there are no such files yet; the check still runs every mode.
     */
    private static void check(String query, Map<String, String> plans) throws IOException {
        String shared = plans.values().iterator().next();
        if (UPDATE) {
            write(query + ".plan", shared);
            for (Map.Entry<String, String> p : plans.entrySet()) {
                Path own = directory().resolve(query + "." + p.getKey() + ".plan");
                if (p.getValue().equals(shared)) Files.deleteIfExists(own);
                else write(query + "." + p.getKey() + ".plan", p.getValue());
            }
            return;
        }
        Map<String, List<String>> byFailure = new LinkedHashMap<>(); // modes that differ alike are reported once
        for (Map.Entry<String, String> p : plans.entrySet()) {
            String file = query + "." + p.getKey() + ".plan";
            if (!Files.exists(directory().resolve(file))) file = query + ".plan";
            Path golden = directory().resolve(file);
            String failure = null;
            if (!Files.exists(golden)) {
                failure = "no golden plan " + file + "; the plan is:\n" + p.getValue();
            } else {
                String expected = Files.readString(golden);
                if (!expected.equals(p.getValue())) {
                    List<String> want = expected.lines().toList(), got = p.getValue().lines().toList();
                    failure = "the plan differs from golden/" + file + ":\n" + String.join("\n",
                            UnifiedDiffUtils.generateUnifiedDiff("golden/" + file, "EXPLAIN", want, DiffUtils.diff(want, got), 3));
                }
            }
            if (failure != null) byFailure.computeIfAbsent(failure, k -> new ArrayList<>()).add(p.getKey());
        }
        if (!byFailure.isEmpty()) {
            List<String> failures = new ArrayList<>();
            byFailure.forEach((failure, modes) -> failures.add("mode=" + String.join(",", modes) + ": " + failure));
            fail(String.join("\n\n", failures) + "\n\nIf the change is intended, rerun with -Dgolden.update=true"
                    + " and commit the files under tests/src/test/resources/golden.");
        }
    }

    private static void write(String file, String plan) throws IOException {
        Path path = directory().resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, plan);
    }

    /** The golden files in the source tree (not the copy under target/), so that an update lands where it is committed. */
    private static Path directory() {
        return Path.of(System.getProperty("basedir", "."), "src", "test", "resources", "golden");
    }
}
