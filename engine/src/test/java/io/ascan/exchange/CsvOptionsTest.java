package io.ascan.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.format.WriteOptions;
import io.ascan.testing.LeakCheck;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** CSV dialects (delimiter, quote, escape, NULL text, no header), each checked against DuckDB's read_csv. */
class CsvOptionsTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    private Path csv(String name, String content) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, content, StandardCharsets.UTF_8);
        return f;
    }

    /** Imports with {@code options}; returns the schema text and the rows as text (NULL for null). */
    private List<String> ascan(Path file, CsvOptions options) throws Exception {
        ImportResult r = CsvImporter.importFile(file, options,
                new ImportTarget(Catalog.create(dir.resolve("db")), "t", WriteOptions.DEFAULTS.withReplace(true)),
                null, Progress.NONE);
        List<String> out = new ArrayList<>();
        out.add(r.schema().columns().stream().map(c -> c.name()).toList().toString());
        for (Object[] row : Fixtures.read(Catalog.open(dir.resolve("db")).table("t"), memory)) {
            List<String> vals = new ArrayList<>();
            for (Object v : row) vals.add(text(v == null ? null : v.toString()));
            out.add(vals.toString());
        }
        return out;
    }

    /** The same file through DuckDB's read_csv with {@code args}, every column read as text. */
    private List<String> duckdb(Path file, String args) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = Fixtures.duckdb(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT * FROM read_csv('" + file + "', auto_detect=false, " + args + ")")) {
            List<String> names = new ArrayList<>();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) names.add(rs.getMetaData().getColumnName(i));
            out.add(names.toString());
            while (rs.next()) {
                List<String> vals = new ArrayList<>();
                for (int i = 1; i <= names.size(); i++) vals.add(text(rs.getString(i)));
                out.add(vals.toString());
            }
        }
        return out;
    }

    /** Numbers by value (ascan infers DECIMAL where DuckDB is told DOUBLE), NULL as NULL. */
    private static String text(String v) {
        if (v == null) return "NULL";
        try {
            return new java.math.BigDecimal(v).stripTrailingZeros().toPlainString();
        } catch (NumberFormatException e) {
            return v;
        }
    }

    private static final String COLUMNS = "columns={'id': 'INTEGER', 'name': 'VARCHAR', 'x': 'DOUBLE'}";

    @Test
    void semicolonsAreSniffedWithoutAnOption() throws Exception {
        Path f = csv("semi.csv", "id;name;x\n1;\"a;b\";2.5\n2;;\n3;c;-1.25\n");
        assertEquals(';', CsvOptions.sniffDelimiter(f));
        assertEquals(duckdb(f, "delim=';', header=true, quote='\"', " + COLUMNS),
                ascan(f, CsvOptions.DEFAULTS.withDelimiter(CsvOptions.sniffDelimiter(f))));
    }

    @Test
    void tabsWithoutAHeader() throws Exception {
        Path f = csv("t.tsv", "1\tplain\t0.5\n2\t\t\n3\t\"quoted\ttab\"\t7\n");
        assertEquals('\t', CsvOptions.sniffDelimiter(f));
        List<String> ours = ascan(f, CsvOptions.DEFAULTS.withDelimiter('\t').withHeader(false));
        assertEquals("[column1, column2, column3]", ours.get(0));
        List<String> theirs = duckdb(f, "delim='\\t', header=false, quote='\"', "
                + "columns={'column1': 'INTEGER', 'column2': 'VARCHAR', 'column3': 'DOUBLE'}");
        assertEquals(theirs, ours);
    }

    @Test
    void nullTextIsNullOnlyUnquoted() throws Exception {
        Path f = csv("na.csv", "id,name,x\n1,NA,NA\n2,\"NA\",3.5\n3,,4\n");
        List<String> ours = ascan(f, CsvOptions.DEFAULTS.withNullString("NA"));
        // As PostgreSQL's COPY: a quoted NA is text (DuckDB's default converts it too: allow_quoted_nulls).
        assertEquals(duckdb(f, "delim=',', header=true, quote='\"', nullstr='NA', allow_quoted_nulls=false, "
                + COLUMNS), ours);
        assertEquals("[1, NULL, NULL]", ours.get(1));
        assertEquals("[2, NA, 3.5]", ours.get(2), "a quoted NA is text");
    }

    @Test
    void singleQuotesAndBackslashEscapes() throws Exception {
        Path f = csv("q.csv", "id|name|x\n1|'it\\'s|here'|1\n2|'back\\\\slash'|2\n");
        List<String> ours = ascan(f, CsvOptions.DEFAULTS.withDelimiter('|').withQuote('\'').withEscape('\\'));
        assertEquals(duckdb(f, "delim='|', header=true, quote='''', escape='\\', " + COLUMNS), ours);
        assertEquals("[1, it's|here, 1]", ours.get(1));
    }

    @Test
    void noQuoteCharacterKeepsQuotesAsText() throws Exception {
        Path f = csv("nq.csv", "id,name,x\n1,\"a\",1\n");
        assertEquals("[1, \"a\", 1]", ascan(f, CsvOptions.DEFAULTS.withQuote(null)).get(1));
    }

    @Test
    void raggedRowsNameTheLineAndBadOptionsAreClear() throws Exception {
        Path f = csv("ragged.csv", "1;2;3\n4;5\n");
        UserException e = assertThrows(UserException.class,
                () -> ascan(f, CsvOptions.DEFAULTS.withDelimiter(';').withHeader(false)));
        assertTrue(e.getMessage().contains("ragged.csv line 2") && e.getMessage().contains("expected 3 fields as in line 1")
                && e.getMessage().contains("found 2"), e.getMessage());
        e = assertThrows(UserException.class, () -> CsvOptions.DEFAULTS.withQuote(','));
        assertTrue(e.getMessage().contains("cannot be the same"), e.getMessage());
        e = assertThrows(UserException.class, () -> CsvOptions.character("--delimiter", "ab", false));
        assertEquals("--delimiter takes one character, got 'ab'", e.getMessage());
        assertEquals('\t', CsvOptions.character("--delimiter", "\\t", false));
        assertEquals(null, CsvOptions.character("--quote", "none", true));
    }
}
