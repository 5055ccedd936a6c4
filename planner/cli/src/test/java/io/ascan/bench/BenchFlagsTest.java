package io.ascan.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad flags of the bench commands fail at once, with exit code 2 and a message naming the flag, before any work. */
class BenchFlagsTest {
    @TempDir Path scratch;

    CliRun ascan(String... extra) {
        String[] base = {"bench", "ascan", "--dir", scratch.resolve("data").toString(), "--out", scratch.resolve("out").toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliRun.of(args);
    }

    void assertFails(CliRun r, String message) {
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains(message), "expected '" + message + "' in: " + r.err());
        assertTrue(Files.notExists(scratch.resolve("data")) && Files.notExists(scratch.resolve("out")), "nothing generated or written");
    }

    @Test
    void ascanBench() throws Exception {
        assertFails(ascan("--workload", "tpch"), "bench ascan: --workload must be ssb, taxi or phase, got 'tpch'");
        assertFails(ascan("--experiment", "fig3"), "--experiment must be one of fig4");
        assertFails(ascan("--workload", "ssb", "--strategies", "direct,fast"), "unknown strategy 'fast'");
        assertFails(ascan("--workload", "ssb", "--storage-threads", "one"), "Invalid value for option '--storage-threads'");
        assertFails(ascan("--workload", "phase", "--sf", "1"), "--sf sizes ssb; the phase workload is sized with --rows");
        assertFails(ascan("--workload", "ssb", "--hog", "sometimes"), "--hog takes on and/or off");
        assertFails(CliRun.of("bench", "ascan", "--workload", "ssb", "--dir", scratch.resolve("data").toString()),
                "Missing required option: '--out=DIR'");
        Path file = Files.writeString(scratch.resolve("a-file"), "x");
        CliRun r = CliRun.of("bench", "ascan", "--workload", "ssb", "--dir", scratch.resolve("data").toString(), "--out", file.toString());
        assertFails(r, "is a file, not a directory");
    }

    @Test
    void duckdbBench() {
        String dir = scratch.resolve("data").toString(), out = scratch.resolve("out").toString();
        assertFails(CliRun.of("bench", "duckdb", "--workload", "taxi", "--dir", dir, "--out", out), "--workload must be ssb or tpch, got 'taxi'");
        assertFails(CliRun.of("bench", "duckdb", "--workload", "ssb", "--temperature", "warm", "--dir", dir, "--out", out),
                "--temperature takes hot and/or cold, got 'warm'");
        assertFails(CliRun.of("bench", "duckdb", "--workload", "ssb", "--runs", "0", "--dir", dir, "--out", out),
                "--runs and --threads must be at least 1");
        assertFails(CliRun.of("bench", "duckdb", "--workload", "ssb", "--warmup", "-1", "--dir", dir, "--out", out),
                "--warmup must not be negative, got -1");
        assertFails(CliRun.of("bench", "duckdb", "--workload", "tpch", "--queries", "q1.1", "--dir", dir, "--out", out),
                "--queries: tpch has no query 'q1.1'");
    }

    @Test
    void cscanBench() {
        String dir = scratch.resolve("data").toString(), out = scratch.resolve("out").toString();
        assertFails(CliRun.of("bench", "cscan", "--policies", "normal,fifo", "--dir", dir, "--out", out),
                "abm.policy must be one of normal, attach, elevator, relevance, got 'fifo'");
        assertFails(CliRun.of("bench", "cscan", "--streams", "0", "--dir", dir, "--out", out),
                "--streams and --queries-per-stream must be at least 1");
        assertFails(CliRun.of("bench", "cscan", "--percents", "10,150", "--dir", dir, "--out", out), "--percents must lie in 1..100, got 150");
        assertFails(CliRun.of("bench", "cscan", "--read-bandwidth", "-1", "--dir", dir, "--out", out),
                "abm.readBandwidth must be a byte count >= 0, got -1");
    }
}
