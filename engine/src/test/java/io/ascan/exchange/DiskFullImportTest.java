package io.ascan.exchange;

import static io.ascan.exchange.Fixtures.lit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.format.TableWriteException;
import io.ascan.format.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk fills up while an import replaces a table (a write step fails as a full disk makes
 * it): the error names the table, the catalog directory and the cause, never the input file,
 * and the table keeps its old version with nothing left behind.
 */
class DiskFullImportTest {
    @TempDir Path dir;
    Path catalogDir;
    Catalog catalog;

    @BeforeEach
    void oldTable() throws IOException {
        catalogDir = dir.resolve("catalog");
        Path csv = dir.resolve("old.csv");
        Files.writeString(csv, "a,b\n1,x\n2,y\n");
        catalog = Catalog.create(catalogDir);
        CsvImporter.importFile(csv, new ImportTarget(catalog, "t", WriteOptions.DEFAULTS), null, Progress.NONE);
    }

    /** Options whose second segment write fails with ENOSPC's message. */
    private static WriteOptions diskFullAfterOneSegment() {
        AtomicInteger writes = new AtomicInteger();
        return WriteOptions.DEFAULTS.withReplace(true).withMaxSliceRows(100).withSteps(step -> {
            if (step.startsWith("write ") && step.endsWith(".col slice 1") && writes.incrementAndGet() == 1) {
                throw new IOException("No space left on device");
            }
        });
    }

    private void assertNamesTheCatalogAndKeepsTheTable(TableWriteException e, Path input) throws IOException {
        String m = e.getMessage();
        assertTrue(m.contains("cannot write table 't' in " + catalogDir) && m.contains("No space left on device"), m);
        assertFalse(m.contains(input.getFileName().toString()), "the input is not to blame: " + m);
        assertEquals(2, catalog.table("t").rowCount(), "the old table is intact");
        assertEquals(List.of("t"), Fixtures.entries(catalogDir), "no staging left");
    }

    @Test
    void csvImport() throws IOException {
        Path csv = dir.resolve("big.csv");
        StringBuilder sb = new StringBuilder("a,b\n");
        for (int i = 0; i < 1000; i++) sb.append(i).append(",s").append(i).append('\n');
        Files.writeString(csv, sb);
        TableWriteException e = assertThrows(TableWriteException.class, () -> CsvImporter.importFile(csv,
                new ImportTarget(catalog, "t", diskFullAfterOneSegment()), null, Progress.NONE));
        assertNamesTheCatalogAndKeepsTheTable(e, csv);
    }

    @Test
    void parquetImport() throws Exception {
        Path parquet = dir.resolve("big.parquet");
        Fixtures.duckExecute("COPY (SELECT range AS a, 's' || range AS b FROM range(1000)) TO " + lit(parquet)
                + " (FORMAT parquet)");
        TableWriteException e = assertThrows(TableWriteException.class, () -> ParquetImporter.importFile(parquet,
                new ImportTarget(catalog, "t", diskFullAfterOneSegment()), Progress.NONE));
        assertNamesTheCatalogAndKeepsTheTable(e, parquet);
    }
}
