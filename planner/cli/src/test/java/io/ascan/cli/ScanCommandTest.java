package io.ascan.cli;

import io.ascan.testing.CliRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.testing.AllTypesTable;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class ScanCommandTest {
    @TempDir Path dir;

    /** Runs the CLI in-process; returns {exit code, stdout, stderr}. */
    public static String[] run(String... args) {
        CliRun r = CliRun.of(args);
        return new String[] {String.valueOf(r.exit()), r.out(), r.err()};
    }

    @Test
    void scansEveryTableAndReportsRows() throws Exception {
        AllTypesTable.write(dir, 1_234, 500);
        String[] r = run("scan", "--dir", dir.toString());
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].matches("(?s).*all_types\\s+1,234\\s+3 .*"), r[1]);
    }

    @Test
    void unknownTableAndMissingDirectoryAreOneLineErrors() throws Exception {
        AllTypesTable.write(dir, 10, 500);
        String[] r = run("scan", "--dir", dir.toString(), "--table", "nope");
        assertEquals("2", r[0]);
        assertTrue(r[2].contains("no table 'nope'") && r[2].contains("all_types"), r[2]);
        r = run("scan", "--dir", dir.resolve("missing").toString());
        assertEquals("2", r[0]);
        assertTrue(r[2].startsWith("ascan scan: ") && r[2].contains("catalog directory does not exist"), r[2]);
    }

    @Test
    void everyCommandHasHelp() {
        String[] r = run("--help");
        assertEquals("0", r[0]);
        assertTrue(r[1].contains("scan"), r[1]);
        for (String sub : Main.commandLine().getSubcommands().keySet()) {
            String[] h = run(sub, "--help");
            assertEquals("0", h[0], sub);
            assertTrue(h[1].contains("Usage: ascan " + sub), "help of " + sub + ": [" + h[1] + "] err [" + h[2] + "]");
            String[] v = run(sub, "-V");
            assertEquals("0", v[0], sub);
            assertEquals(run("-V")[1].strip(), v[1].strip(), "version of " + sub);
        }
    }
}
