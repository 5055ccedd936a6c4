package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The self-contained driver jar ({@code planner/jdbc/target/ascan-jdbc-VERSION.jar}, written by the jdbc
 * module's package phase) as a tool loads it: a child JVM whose classpath is an old Guava (19.0, which
 * lacks methods Calcite calls) ahead of that jar, the way a tool's own libraries come first. A ten-line
 * JDBC program, which itself uses that Guava, joins, filters and aggregates a fixture catalog; its
 * answer must be DuckDB's. Without the relocations Calcite would bind to the old Guava and fail.
 */
class ShadedDriverTest {
    private static final Path JDBC_TARGET = Path.of("..", "planner", "jdbc", "target");
    /** Copied there by this module's build (maven-dependency-plugin, execution foreign-guava). */
    private static final Path FOREIGN_GUAVA = Path.of("target", "foreign", "guava.jar");

    private static final String PROGRAM = """
            import java.sql.*;
            public class Query {
                public static void main(String[] args) throws Exception {
                    try (Connection c = DriverManager.getConnection("jdbc:ascan:" + args[0]);
                         ResultSet rs = c.createStatement().executeQuery(args[1])) {
                        while (rs.next()) System.out.println(com.google.common.base.Joiner.on('|')
                                .join(rs.getString(1), rs.getString(2), rs.getString(3)));
                    }
                }
            }
            """;

    private static final String QUERY = """
            SELECT r.r_name, COUNT(*) AS n, SUM(t.i) AS s
            FROM ta t JOIN nation n ON t.k = n.n_nationkey JOIN region r ON n.n_regionkey = r.r_regionkey
            WHERE t.i > 0
            GROUP BY r.r_name
            ORDER BY r.r_name""";

    @Test
    void theDriverJarAloneAnswersAJoinWithAFilterAndAnAggregate(@TempDir Path dir) throws Exception {
        Path catalog = dir.resolve("catalog");
        SmallFixture.writeAscan(catalog);
        Path program = dir.resolve("Query.java");
        Files.writeString(program, PROGRAM);

        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow",
                "-cp", FOREIGN_GUAVA.toAbsolutePath() + File.pathSeparator + driverJar().toAbsolutePath(),
                program.toString(), catalog.toString(), QUERY);
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("the program did not finish:\n" + out);
        }
        String report = "stdout:\n" + out + "\nstderr:\n" + Files.readString(err);
        assertEquals(0, p.exitValue(), report);
        List<String> expected = duckDb();
        assertTrue(expected.size() >= 3, "the query should see several regions: " + expected);
        assertEquals(expected, out.lines().toList(), report);
    }

    @Test
    void theDriverJarRelocatesNettyGuavaJacksonAndProtobufAndRegistersTheDriver() throws IOException {
        try (ZipFile jar = new ZipFile(driverJar().toFile())) {
            List<String> leaked = jar.stream().map(ZipEntry::getName)
                    .filter(n -> n.startsWith("io/netty/") || n.startsWith("com/google/common/")
                            || n.startsWith("com/google/protobuf/") || n.startsWith("com/fasterxml/jackson/"))
                    .limit(5).toList();
            assertEquals(List.of(), leaked);
            assertNotNull(jar.getEntry("io/ascan/shaded/com/google/common/collect/ImmutableList.class"));
            assertNotNull(jar.getEntry("io/ascan/shaded/io/netty/buffer/PooledByteBufAllocatorL.class"));
            ZipEntry services = jar.getEntry("META-INF/services/java.sql.Driver");
            assertNotNull(services);
            String drivers = new String(jar.getInputStream(services).readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(drivers.contains("io.ascan.jdbc.AscanDriver"), drivers);
        }
    }

    /** The same query on DuckDB over the fixture's rows, printed as the program prints it. */
    private static List<String> duckDb() throws SQLException {
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            SmallFixture.loadDuckDb(duck);
            try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery(QUERY)) {
                List<String> rows = new ArrayList<>();
                while (rs.next()) rows.add(rs.getString(1) + "|" + rs.getLong(2) + "|" + rs.getLong(3));
                return rows;
            }
        }
    }

    private static Path driverJar() {
        try (Stream<Path> files = Files.list(JDBC_TARGET)) {
            return files.filter(f -> f.getFileName().toString().matches("ascan-jdbc-.*\\.jar")).findFirst()
                    .orElseThrow(() -> new AssertionError("no ascan-jdbc-*.jar in " + JDBC_TARGET
                            + ": the jdbc module's package phase writes it"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
