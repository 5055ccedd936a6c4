package io.ascan.exchange;

import static io.ascan.exchange.CliFixtures.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.exchange.CliFixtures.Cli;
import io.ascan.testing.LeakCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code ascan import} end to end through picocli: exit codes, output, and one-line errors. */
class ImportCommandTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    private String db() {
        return dir.resolve("new/db").toString();
    }

    @Test
    void importsCsvIntoANewCatalogDirectory() throws Exception {
        Path f = dir.resolve("Sales.csv");
        Files.writeString(f, "Region,Amount\nnorth,10.5\nsouth,\n");
        Cli r = cli("import", "--dir", db(), "--table", "Sales", "--from", f.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("imported 2 rows into table 'sales' (region VARCHAR, amount DECIMAL(3,1))\n", r.out());
        assertEquals("", r.err());
        Fixtures.assertRows(List.of(new Object[] {"north", new java.math.BigDecimal("10.5")}, new Object[] {"south", null}),
                Fixtures.read(Catalog.open(Path.of(db())).table("sales"), memory));
    }

    @Test
    void schemaOptionAndFormatDetectionByContent() throws Exception {
        Path f = dir.resolve("data.txt");
        Files.writeString(f, "a,b\n1,2\n");
        Cli r = cli("import", "--dir", db(), "--table", "t", "--from", f.toString(), "--schema", "x BIGINT, y DOUBLE");
        assertEquals(0, r.exit(), r.err());
        assertEquals("imported 1 rows into table 't' (x BIGINT, y DOUBLE)\n", r.out());

        // A Parquet file whose name does not say so.
        Path p = dir.resolve("export.bin");
        Fixtures.duckExecute("COPY (SELECT 42 AS answer) TO " + Fixtures.lit(p) + " (FORMAT parquet)");
        r = cli("import", "--dir", db(), "--table", "p", "--from", p.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("imported 1 rows into table 'p' (answer INTEGER)\n", r.out());

        r = cli("import", "--dir", db(), "--table", "q", "--from", p.toString(), "--schema", "a INTEGER");
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("ascan import: --schema applies to CSV files only"), r.err());
    }

    @Test
    void csvDialectOptions() throws Exception {
        Path f = dir.resolve("eu.csv"); // a European export: semicolons, no header, \N for NULL
        Files.writeString(f, "1;'x;y';\\N\n2;\\N;7\n");
        Cli r = cli("import", "--dir", db(), "--table", "eu", "--from", f.toString(), "--no-header", "--null", "\\N",
                "--quote", "'");
        assertEquals(0, r.exit(), r.err());
        assertEquals("imported 2 rows into table 'eu' (column1 INTEGER, column2 VARCHAR, column3 INTEGER)\n", r.out());
        Fixtures.assertRows(List.of(new Object[] {1, "x;y", null}, new Object[] {2, null, 7}),
                Fixtures.read(Catalog.open(Path.of(db())).table("eu"), memory));

        r = cli("import", "--dir", db(), "--table", "e2", "--from", f.toString(), "--delimiter", ";;");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("--delimiter takes one character, got ';;'"), r.err());

        Path p = dir.resolve("n.parquet");
        Fixtures.duckExecute("COPY (SELECT 1 AS a) TO " + Fixtures.lit(p) + " (FORMAT parquet)");
        r = cli("import", "--dir", db(), "--table", "e3", "--from", p.toString(), "--no-header");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("apply to CSV files only"), r.err());
    }

    @Test
    void importsAnArrowStream() throws Exception {
        Path f = dir.resolve("nums.arrows");
        try (var allocator = memory.allocator().newChildAllocator("writing", 0, Long.MAX_VALUE);
             var v = new org.apache.arrow.vector.BigIntVector("N", allocator);
             var root = new org.apache.arrow.vector.VectorSchemaRoot(List.of(v));
             var out = Files.newOutputStream(f);
             var w = new org.apache.arrow.vector.ipc.ArrowStreamWriter(root, null, out)) {
            w.start();
            v.allocateNew(3);
            v.set(0, 7);
            v.set(2, -7);
            root.setRowCount(3);
            w.writeBatch();
            w.end();
        }
        Cli r = cli("import", "--dir", db(), "--table", "nums", "--from", f.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("imported 3 rows into table 'nums' (n BIGINT)\n", r.out());
        Fixtures.assertRows(List.of(new Object[] {7L}, new Object[] {null}, new Object[] {-7L}),
                Fixtures.read(Catalog.open(Path.of(db())).table("nums"), memory));
    }

    @Test
    void errorsAreOneLineAndLeaveNothing() throws Exception {
        Path missing = dir.resolve("missing.csv");
        Cli r = cli("import", "--dir", db(), "--table", "t", "--from", missing.toString());
        assertEquals(2, r.exit());
        assertEquals("ascan import: cannot read " + missing + ": no such file\n", r.err());
        assertEquals("", r.out());

        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "n,when\n1,2024-01-01\n2,yesterday\n");
        r = cli("import", "--dir", db(), "--table", "t", "--from", bad.toString(), "--schema", "n INTEGER, when DATE");
        assertEquals(2, r.exit());
        assertEquals("ascan import: " + bad + " line 3, column 'when' (DATE): cannot read 'yesterday': "
                + "not a date (expected yyyy-mm-dd)\n", r.err());
        assertEquals(List.of(), Fixtures.entries(Path.of(db())));

        r = cli("import", "--dir", db(), "--table", "t", "--from", bad.toString(), "--schema", "n INTEGER, when BLOB");
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("ascan import: unknown type 'BLOB'"), r.err());

        r = cli("import", "--dir", bad.toString(), "--table", "t", "--from", bad.toString());
        assertEquals(2, r.exit());
        assertEquals("ascan import: " + bad + " is not a directory (--dir names the catalog directory)\n", r.err());

        r = cli("import", "--dir", db(), "--table", "9lives", "--from", bad.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("ascan import: invalid table name '9lives'"), r.err());
    }

    @Test
    void replaceIsNeededToOverwrite() throws Exception {
        Path f = dir.resolve("a.csv");
        Files.writeString(f, "v\n1\n");
        assertEquals(0, cli("import", "--dir", db(), "--table", "t", "--from", f.toString()).exit());
        Files.writeString(f, "v\n1\n2\n");
        Cli r = cli("import", "--dir", db(), "--table", "t", "--from", f.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("table 't' already exists") && r.err().contains("--replace"), r.err());
        assertEquals(1, Catalog.open(Path.of(db())).table("t").rowCount());
        r = cli("import", "--dir", db(), "--table", "t", "--from", f.toString(), "--replace");
        assertEquals(0, r.exit(), r.err());
        assertEquals(2, Catalog.open(Path.of(db())).table("t").rowCount());
    }

    @Test
    void missingRequiredOptionsShowUsage() {
        Cli r = cli("import", "--dir", db());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("Missing required options") && r.err().contains("--from"), r.err());
        r = cli("import", "--help");
        assertEquals(0, r.exit());
        assertTrue(r.out().contains("--schema") && r.out().contains("--replace"), r.out());
    }
}
