package io.ascan.shell;

import io.ascan.testing.CliRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuickstartCommandTest {
    @TempDir Path dir;

    static String[] run(String... args) {
        CliRun r = CliRun.of(args);
        return new String[] {String.valueOf(r.exit()), r.out(), r.err()};
    }

    @Test
    void generatesOnceThenRunsThe13SsbQueriesThroughJdbc() throws Exception {
        Path data = dir.resolve("data");
        String[] first = run("quickstart", "--dir", data.toString(), "--sf", "0.01");
        assertEquals("0", first[0], first[2]);
        assertTrue(first[1].contains("Generating SSB scale factor 0.01"), first[1]);
        assertEquals(QuickstartCommand.SSB_TABLES, Catalog.open(data).tableNames());
        for (String q : QuickstartCommand.SSB_QUERIES) assertTrue(first[1].contains("-- SSB " + q + "\n"), q);
        assertTrue(first[1].contains("13 SSB queries in"), first[1]);
        // q1.1 at SF 0.01 has one row: its revenue header and a number
        assertTrue(first[1].matches("(?s).*-- SSB q1\\.1\\nrevenue\\s*\\n-+\\n\\d+\\s*\\n\\(1 row\\).*"), first[1]);

        String[] second = run("quickstart", "--dir", data.toString(), "--sf", "0.01", "--mode", "direct");
        assertEquals("0", second[0], second[2]);
        assertTrue(second[1].contains("Using the SSB tables already in"), second[1]);
        assertTrue(!second[1].contains("Generating"), second[1]);
    }
}
