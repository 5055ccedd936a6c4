package io.ascan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuickstartCommandTest {
    @TempDir Path dir;

    @Test
    void generatesOnceThenReusesAndScansEveryTable() throws Exception {
        Path data = dir.resolve("data");
        String[] first = ScanCommandTest.run("quickstart", "--dir", data.toString(), "--sf", "0.01");
        assertEquals("0", first[0], first[2]);
        assertTrue(first[1].contains("Generating SSB scale factor 0.01"), first[1]);
        assertEquals(QuickstartCommand.SSB_TABLES, Catalog.open(data).tableNames());
        assertTrue(first[1].matches("(?s).*lineorder\\s+60,175\\s+1 .*"), first[1]);

        String[] second = ScanCommandTest.run("quickstart", "--dir", data.toString(), "--sf", "0.01");
        assertEquals("0", second[0], second[2]);
        assertTrue(second[1].contains("Using the SSB tables already in"), second[1]);
        assertTrue(!second[1].contains("Generating"), second[1]);
    }
}
