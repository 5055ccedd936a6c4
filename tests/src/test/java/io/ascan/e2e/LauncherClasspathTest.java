package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs CLI commands in a child JVM on exactly the classpath the {@code ./ascan} launcher uses
 * ({@code benchmarks/target/launcher.classpath}, written by the benchmarks module's build), not on
 * the test classpath: a library version that only the launcher resolves (commons-io 2.15.0 under
 * commons-csv 1.14.1 once made every CSV import fail with NoSuchMethodError) fails here.
 */
class LauncherClasspathTest {
    private static final Path BENCHMARKS = Path.of("..", "benchmarks", "target");

    @Test
    void csvImportAndQueryRunOnTheLauncherClasspath(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("people.csv");
        Files.writeString(csv, "id,name,score\n1,ann,2.5\n2,bob,\n3,\"c, d\",4.25\n");
        Path catalog = dir.resolve("catalog");

        Child imported = run("import", "--dir", catalog.toString(), "--table", "people", "--from", csv.toString());
        assertEquals(0, imported.exit, imported.output);
        assertTrue(imported.output.contains("imported 3 rows"), imported.output);

        Child queried = run("sql", "--dir", catalog.toString(), "--format", "csv",
                "-e", "SELECT COUNT(*) AS n, COUNT(score) AS scored, MAX(name) AS top FROM people");
        assertEquals(0, queried.exit, queried.output);
        // RFC 4180: records end with CRLF.
        assertTrue(queried.output.contains("n,scored,top\r\n3,2,\"c, d\"\r\n"), queried.output);
    }

    private record Child(int exit, String output) {}

    private static Child run(String... args) throws IOException, InterruptedException {
        String classpath = BENCHMARKS.resolve("classes") + java.io.File.pathSeparator
                + Files.readString(BENCHMARKS.resolve("launcher.classpath")).strip();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow", "-cp", classpath, "io.ascan.cli.Main"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("ascan " + String.join(" ", args) + " did not finish:\n" + output);
        }
        return new Child(p.exitValue(), output);
    }
}
