package io.ascan.gen;

import io.ascan.testing.CliRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.format.ManifestCodec;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenCliTest {
    @TempDir Path tmp;

    record Run(int exit, String out, String err) {}

    private static Run ascan(String... args) {
        CliRun r = CliRun.of(args);
        return new Run(r.exit(), r.out(), r.err());
    }

    @Test
    void ssbIntoAMissingDirectoryPrintsProgressAndSummary() throws Exception {
        Path dir = tmp.resolve("a/b/ssb");
        Run r = ascan("gen", "ssb", "--sf", "0.01", "--dir", dir.toString(), "--threads", "2");
        assertEquals(0, r.exit(), r.err());
        for (String t : SsbTables.NAMES) assertTrue(io.ascan.catalog.Catalog.open(dir).exists(t), t);
        assertTrue(r.out().matches("(?s).*lineorder\\s+60,175\\s+\\d+\\.\\d\\d.*"), r.out());
        assertTrue(r.out().contains("total"), r.out());
        // not a terminal: plain lines, no carriage returns, one final line per table
        assertFalse(r.err().contains("\r"));
        assertTrue(r.err().contains("lineorder  100% 60,175/60,175 rows"), r.err());
    }

    @Test
    void tpchWritesAllTables() throws Exception {
        Run r = ascan("gen", "tpch", "--sf", "0.01", "--dir", tmp.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(60_175, Manifests.read(tmp.resolve("lineitem")).rowCount());
        assertEquals(25, Manifests.read(tmp.resolve("nation")).rowCount());
    }

    @Test
    void existingTablesAreKeptUnlessReplaceIsGiven() throws Exception {
        String dir = tmp.toString();
        assertEquals(0, ascan("gen", "taxi", "--rows", "1000", "--dir", dir).exit());
        var before = Manifests.fingerprint(Manifests.read(tmp.resolve("trips")));

        Run again = ascan("gen", "taxi", "--rows", "2000", "--dir", dir);
        assertEquals(2, again.exit());
        assertTrue(again.err().contains("tables zones, trips already exist in"), again.err());
        assertTrue(again.err().contains("--replace"), again.err());
        assertEquals(1, again.err().strip().lines().count(), again.err());
        assertEquals(before, Manifests.fingerprint(Manifests.read(tmp.resolve("trips"))));

        Run replaced = ascan("gen", "taxi", "--rows", "2000", "--dir", dir, "--replace", "--seed", "5");
        assertEquals(0, replaced.exit(), replaced.err());
        assertEquals(2000, Manifests.read(tmp.resolve("trips")).rowCount());
    }

    @Test
    void badArgumentsGiveOneLineErrors() throws Exception {
        String dir = tmp.resolve("x").toString();
        assertOneLineError(ascan("gen", "tpch", "--sf", "-1", "--dir", dir), "--sf");
        assertOneLineError(ascan("gen", "ssb", "--sf", "0", "--dir", dir), "--sf");
        assertOneLineError(ascan("gen", "ssb", "--sf", "400", "--dir", dir), "lo_orderkey");
        assertOneLineError(ascan("gen", "taxi", "--rows", "0", "--dir", dir), "--rows must be at least 1");
        assertOneLineError(ascan("gen", "taxi", "--rows", "10", "--threads", "0", "--dir", dir), "--threads");
        Path file = Files.writeString(tmp.resolve("plain-file"), "not a directory");
        assertOneLineError(ascan("gen", "taxi", "--rows", "10", "--dir", file.resolve("sub").toString()),
                "cannot create directory");
        assertOneLineError(ascan("gen", "taxi", "--rows", "10", "--dir", file.toString()), "not a directory");
        assertFalse(Files.exists(tmp.resolve("x")), "nothing is created for rejected arguments");
    }

    private static void assertOneLineError(Run r, String fragment) {
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains(fragment), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void everyCommandHasHelp() {
        for (String cmd : new String[] {"tpch", "ssb", "taxi"}) {
            Run r = ascan("gen", cmd, "--help");
            assertEquals(0, r.exit());
            assertTrue(r.out().contains("--dir=DIR") && r.out().contains("--threads=N") && r.out().contains("--replace"),
                    r.out());
        }
        assertTrue(ascan("gen", "taxi", "--help").out().contains("--phase-change"));
        assertTrue(ascan("gen", "--help").out().contains("tpch"));
    }

    @Test
    void missingRequiredOptionIsAUsageError() {
        Run r = ascan("gen", "taxi", "--rows", "10");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("--dir"), r.err());
    }
}
