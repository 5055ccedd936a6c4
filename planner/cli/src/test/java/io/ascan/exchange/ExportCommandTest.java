package io.ascan.exchange;

import static io.ascan.exchange.CliFixtures.cli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.exchange.CliFixtures.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ascan export} end to end: both formats, and the errors. */
class ExportCommandTest {
    @TempDir Path dir;

    private String db() throws Exception {
        Path csv = dir.resolve("in.csv");
        Files.writeString(csv, "k,v\n1,one\n2,\n3,three\n");
        Cli r = cli("import", "--dir", dir.resolve("db").toString(), "--table", "kv", "--from", csv.toString());
        assertEquals(0, r.exit(), r.err());
        return dir.resolve("db").toString();
    }

    @Test
    void exportsParquetAndCsv() throws Exception {
        String db = db();
        Path parquet = dir.resolve("out/kv.parquet");
        Cli r = cli("export", "--dir", db, "--table", "KV", "--to", parquet.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("exported 3 rows of table 'kv' to " + parquet + "\n", r.out());
        try (Connection c = Fixtures.duckdb(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*), count(v), sum(k) FROM read_parquet(" + Fixtures.lit(parquet) + ")")) {
            rs.next();
            assertEquals(3, rs.getLong(1));
            assertEquals(2, rs.getLong(2));
            assertEquals(6, rs.getLong(3));
        }
        Path csv = dir.resolve("kv.csv");
        r = cli("export", "--dir", db, "--table", "kv", "--to", csv.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("k,v\r\n1,one\r\n2,\r\n3,three\r\n", Files.readString(csv));
    }

    @Test
    void errors() throws Exception {
        String db = db();
        Cli r = cli("export", "--dir", db, "--table", "kv", "--to", dir.resolve("kv.xlsx").toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("ascan export: cannot tell the export format") && r.err().contains(".parquet, .csv, .arrow"),
                r.err());

        r = cli("export", "--dir", db, "--table", "nope", "--to", dir.resolve("x.csv").toString());
        assertEquals(2, r.exit());
        assertEquals("ascan export: no table 'nope' in " + Path.of(db).toAbsolutePath() + " (tables: kv)\n", r.err());
        assertFalse(Files.exists(dir.resolve("x.csv")));

        Path missing = dir.resolve("nowhere");
        r = cli("export", "--dir", missing.toString(), "--table", "kv", "--to", dir.resolve("x.csv").toString());
        assertEquals(2, r.exit());
        assertEquals("ascan export: " + missing + ": catalog directory does not exist\n", r.err());
    }
}
