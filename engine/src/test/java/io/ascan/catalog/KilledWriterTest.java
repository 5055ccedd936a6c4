package io.ascan.catalog;

import io.ascan.format.TableVersions;
import static io.ascan.catalog.VersionedTables.entries;
import static io.ascan.catalog.VersionedTables.generation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.format.WriteOptions;
import io.ascan.testing.LeakCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a writer at every step of a write (before each file write, fsync, rename, link and
 * removal: a child JVM halts there, as {@code kill -9} would) and checks that opening the catalog
 * afterwards finds the old table or the new one, complete and correct, and nothing else left.
 */
class KilledWriterTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    @Test
    void replaceOfAVersionedTableNeverLosesIt() throws Exception {
        killAtEveryStep(catalog -> VersionedTables.write(catalog, "t", 1, WriteOptions.DEFAULTS), 1, 100);
    }

    @Test
    void replaceOfATableFromBeforeVersionsNeverLosesIt() throws Exception {
        killAtEveryStep(catalog -> {
            VersionedTables.write(catalog, "t", 1, WriteOptions.DEFAULTS);
            VersionedTables.makeLegacy(catalog, "t");
        }, 1, 1000);
    }

    @Test
    void creationLeavesTheTableWhole_orNone() throws Exception {
        killAtEveryStep(catalog -> { }, 0, 1000);
    }

    private interface Setup {
        void run(Path catalog) throws Exception;
    }

    /**
     * {@code before}: the generation the setup leaves (0: no table); {@code sliceRows}: the new
     * table's slices (each slice is one more write step per column).
     */
    private void killAtEveryStep(Setup setup, int before, int sliceRows) throws Exception {
        Set<Integer> seen = new TreeSet<>();
        for (int step = 1; ; step++) {
            Path catalog = dir.resolve("c" + step);
            Files.createDirectories(catalog);
            setup.run(catalog);
            Child child = run(catalog, step, sliceRows);
            Catalog opened = Catalog.open(catalog);
            int g;
            if (opened.exists("t")) {
                g = generation(opened.table("t"), memory);
            } else {
                g = 0;
            }
            String what = "killed " + child.out.strip() + " -> generation " + g + ", recovery " + opened.recovery();
            assertTrue(g == before || g == 2, what);
            seen.add(g);
            // Nothing else is left: no staging, no old version, no temporary file.
            assertEquals(g == 0 ? List.of() : List.of("t"), entries(catalog), what);
            if (g != 0) {
                List<String> files = new ArrayList<>(entries(catalog.resolve("t")));
                files.remove(".lock");
                String version = opened.table("t").version();
                assertEquals(version.equals(TableVersions.LEGACY) ? List.of("000-id.col", "001-v.col", "manifest.json")
                        : List.of("CURRENT", version), files, what);
            }
            if (child.exit == 0) {
                assertEquals(2, g, what);
                assertTrue(step > 10, "the write has more steps than that: " + child.out);
                System.out.println(getClass().getSimpleName() + ": killed the writer at each of " + (step - 1) + " steps");
                break;
            }
            assertEquals(CrashingWriter.HALTED, child.exit, child.out);
        }
        assertEquals(Set.of(before, 2), seen, "both outcomes occur across the steps");
    }

    private record Child(int exit, String out) {}

    private static Child run(Path catalog, int haltAt, int sliceRows) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = List.of(java, "-XX:TieredStopAtLevel=1", "-Xmx128m",
                "--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow", "-cp", System.getProperty("java.class.path"),
                CrashingWriter.class.getName(), catalog.toString(), "t", "2", Integer.toString(haltAt),
                Integer.toString(sliceRows));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("writer process did not end");
        }
        return new Child(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
