package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's JDK AOT cache (docs/performance.md) speeds up a start but never breaks one: with
 * a damaged cache file, or one made for jars that have changed since, {@code ascan sql} answers as
 * without a cache and the JVM prints nothing about it (the script's quiet options).
 */
class LauncherAotCacheTest {
    @Test
    void aDamagedCacheIsIgnoredQuietly(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("ascan.aot");
        Files.write(cache, "not an AOT cache".repeat(1000).getBytes());
        assertAnswersQuietly(cache, Launcher.jarClasspath(), dir);
    }

    @Test
    void aCacheForChangedJarsIsIgnoredQuietly(@TempDir Path dir) throws Exception {
        // a real cache, made by a short training run on a copy of the cli jar ...
        String[] launcher = Launcher.jarClasspath().split(File.pathSeparator, 2);
        Path jar = dir.resolve("cli.jar");
        Files.copy(Path.of(launcher[0]), jar);
        String classpath = jar + File.pathSeparator + launcher[1];
        Path cache = dir.resolve("ascan.aot");
        List<String> train = new ArrayList<>(List.of(Launcher.java(), "--enable-native-access=ALL-UNNAMED",
                "--add-opens=java.base/java.nio=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                "-XX:AOTCacheOutput=" + cache, "-cp", classpath, "io.ascan.cli.Main", "--version"));
        Process p = new ProcessBuilder(train).redirectErrorStream(true).redirectOutput(dir.resolve("train.log").toFile()).start();
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "training run did not finish");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("train.log")));
        assertTrue(Files.size(cache) > 0, "no cache made: " + Files.readString(dir.resolve("train.log")));
        // ... then the jar is rebuilt (a new file, a new time stamp), as a build does without a new cache
        Files.copy(Path.of(launcher[0]), jar, StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 60_000));
        assertAnswersQuietly(cache, classpath, dir);
    }

    private static void assertAnswersQuietly(Path cache, String classpath, Path dir) throws Exception {
        Path catalog = Files.createDirectories(dir.resolve("catalog"));
        List<String> jvm = new ArrayList<>(List.of("-XX:AOTCache=" + cache));
        jvm.addAll(Launcher.aotQuietOptions());
        Launcher.Child child = Launcher.runWith(jvm, classpath, "", "sql", "--dir", catalog.toString(),
                "--format", "csv", "-e", "SELECT 1 + 1 AS two").ok();
        assertEquals("two\r\n2\r\n", child.out(), child.toString());
        assertEquals("", child.err(), child.toString());
    }
}
