package io.ascan.exchange;

import static io.ascan.exchange.CliFixtures.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.catalog.Catalog;
import io.ascan.exchange.CliFixtures.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ascan tables}: sorted listing, sizes, empty and missing catalogs. */
class TablesCommandTest {
    @TempDir Path dir;

    @Test
    void listsTablesSortedWithRowsColumnsAndSizes() throws Exception {
        Path db = dir.resolve("db");
        Path csv = dir.resolve("in.csv");
        Files.writeString(csv, "a,b,c\n1,x,2024-01-01\n2,y,2024-01-02\n");
        assertEquals(0, cli("import", "--dir", db.toString(), "--table", "zeta", "--from", csv.toString()).exit());
        Files.writeString(csv, "n\n" + "1\n".repeat(1500));
        assertEquals(0, cli("import", "--dir", db.toString(), "--table", "alpha", "--from", csv.toString()).exit());
        Files.createDirectory(db.resolve("not_a_table")); // no manifest: ignored

        Catalog catalog = Catalog.open(db);
        long alpha = catalog.table("alpha").bytesOnDisk();
        long zeta = catalog.table("zeta").bytesOnDisk();
        Cli r = cli("tables", "--dir", db.toString());
        assertEquals(0, r.exit(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(3, lines.length, r.out());
        assertEquals(java.util.List.of("table", "rows", "columns", "size", "bytes"), java.util.List.of(lines[0].split("\\s+")));
        assertEquals(java.util.List.of("alpha", "1500", "1", human(alpha), Long.toString(alpha)).toString(),
                java.util.List.of(lines[1].split("\\s{2,}")).toString());
        assertEquals(java.util.List.of("zeta", "2", "3", human(zeta), Long.toString(zeta)).toString(),
                java.util.List.of(lines[2].split("\\s{2,}")).toString());
        // Numbers are right-aligned: every line has the same length.
        assertEquals(lines[0].length(), lines[1].length());
        assertEquals(lines[1].length(), lines[2].length());
    }

    private static String human(long bytes) {
        return io.ascan.cli.TablesCommand.humanBytes(bytes);
    }

    @Test
    void humanReadableSizes() {
        assertEquals("0 B", human(0));
        assertEquals("1023 B", human(1023));
        assertEquals("1.0 KiB", human(1024));
        assertEquals("1.5 MiB", human(3 << 19));
        assertEquals("2.0 GiB", human(2L << 30));
    }

    @Test
    void emptyAndMissingCatalogs() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Cli r = cli("tables", "--dir", empty.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("no tables in " + empty.toAbsolutePath() + "\n", r.out());

        Path missing = dir.resolve("missing");
        r = cli("tables", "--dir", missing.toString());
        assertEquals(2, r.exit());
        assertEquals("ascan tables: " + missing + ": catalog directory does not exist\n", r.err());
        assertEquals("", r.out());
    }
}
