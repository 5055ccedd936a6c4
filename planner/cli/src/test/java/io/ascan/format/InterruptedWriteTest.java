package io.ascan.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.memory.RequiredJvmFlags;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generator stopped by a signal (Ctrl-C, kill) mid-write leaves neither a table nor its hidden
 * staging directory behind: the writer's shutdown hook discards what it had written.
 */
class InterruptedWriteTest {
    @TempDir Path dir;
    @TempDir Path logs;

    @Test
    @Timeout(120)
    void signalDuringGenerationLeavesNoStagingFiles() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(RequiredJvmFlags.ALL);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.ascan.cli.Main",
                "gen", "ssb", "--sf", "1", "--dir", dir.toString(), "--threads", "1"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(logs.resolve("gen.log").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (staging().isEmpty() && p.isAlive() && System.nanoTime() < deadline) Thread.sleep(20);
            assertTrue(p.isAlive(), () -> "the generator ended before it could be interrupted: " + log());
            assertTrue(!staging().isEmpty(), "no staging directory appeared within 60 s");
            p.destroy(); // SIGTERM: the JVM runs its shutdown hooks, as for Ctrl-C
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the generator did not exit after SIGTERM");
        } finally {
            p.destroyForcibly();
        }
        assertEquals(List.of(), staging(), "staging directories left behind");
    }

    private String log() {
        try {
            return Files.readString(logs.resolve("gen.log"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    private List<Path> staging() throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(f -> f.getFileName().toString().startsWith(".tmp-")).toList();
        }
    }
}
