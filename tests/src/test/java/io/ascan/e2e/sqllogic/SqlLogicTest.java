package io.ascan.e2e.sqllogic;

import static org.junit.jupiter.api.Assertions.fail;

import io.ascan.e2e.Workload;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code sqllogic/**}{@code /*.test} resource as one dynamic test (format: docs/testing.md).
 * The system property {@code sqllogic.files} (a substring of the path under {@code sqllogic/})
 * runs a subset, e.g. {@code -Dsqllogic.files=basic/}; several substrings are separated by commas.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlLogicTest {
    private static final String ROOT = "sqllogic";

    private Workload small;
    private SqlLogicRunner runner;

    @BeforeAll
    void fixture(@TempDir Path scratch) throws Exception {
        small = Workload.small(scratch);
        runner = new SqlLogicRunner(small);
    }

    @AfterAll
    void close() throws SQLException {
        try {
            if (runner != null) runner.close();
        } finally {
            if (small != null) small.close();
        }
    }

    @TestFactory
    Stream<DynamicTest> files() throws IOException, URISyntaxException {
        Path root = root();
        String only = System.getProperty("sqllogic.files", "");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> p.toString().endsWith(".test")).sorted().toList();
        }
        return files.stream()
                .map(p -> root.relativize(p).toString().replace('\\', '/'))
                .filter(name -> java.util.Arrays.stream(only.split(",", -1)).anyMatch(name::contains))
                .map(name -> DynamicTest.dynamicTest(name, root.resolve(name).toUri(), () -> run(name, root.resolve(name))));
    }

    private void run(String name, Path path) throws IOException, SQLException {
        SqlLogicFile file = SqlLogicFile.parse(ROOT + "/" + name, Files.readString(path));
        if (!file.fixture().equals("small")) fail(file.name() + ": unknown fixture '" + file.fixture() + "' (there is: small)");
        List<String> failures = runner.run(file);
        if (!failures.isEmpty()) {
            fail(failures.size() + " failure(s) in " + file.name() + ":\n\n" + String.join("\n\n", failures));
        }
    }

    private static Path root() throws URISyntaxException {
        URL url = SqlLogicTest.class.getClassLoader().getResource(ROOT);
        if (url == null) throw new IllegalStateException("no " + ROOT + " directory among the test resources");
        return Path.of(url.toURI());
    }
}
