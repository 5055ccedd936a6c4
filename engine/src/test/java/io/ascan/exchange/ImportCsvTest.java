package io.ascan.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.format.TableSchema;
import io.ascan.format.WriteOptions;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class ImportCsvTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    private Path db() {
        return dir.resolve("db");
    }

    private ImportTarget target(String table, boolean replace) throws Exception {
        return new ImportTarget(Catalog.create(db()), table, WriteOptions.DEFAULTS.withReplace(replace));
    }

    private Path csv(String name, String content) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, content, StandardCharsets.UTF_8);
        return f;
    }

    private List<Object[]> importAndRead(Path file, TableSchema schema) throws Exception {
        ImportResult r = CsvImporter.importFile(file, target("t", false), schema, Progress.NONE);
        Table t = Catalog.open(db()).table("t");
        assertEquals(r.rows(), t.rowCount());
        return Fixtures.read(t, memory);
    }

    @Test
    void infersEveryTypeWithNulls() throws Exception {
        Path f = csv("all.csv", """
                Id,Flag,Small,Big,Money,Ratio,Day,Moment,Name,Nothing
                1,true,10,3000000000,1.50,1e3,2024-02-29,2024-02-29 10:11:12,plain,
                2,FALSE,-7,,-2.25,0.5,1969-12-31,2024-02-29T10:11:12.5,"with, comma",
                ,,,,,,,,,
                4,t,,-9,3,NaN,,2024-03-01,"",
                5,f,2147483647,9223372036854775807,0.001,-inf,2000-01-01,2024-03-01 00:00:00.000001,"two
                lines",
                """);
        ImportResult r = CsvImporter.importFile(f, target("t", false), null, Progress.NONE);
        assertEquals("id INTEGER, flag BOOLEAN, small INTEGER, big BIGINT, money DECIMAL(4,3), ratio DOUBLE, "
                + "day DATE, moment TIMESTAMP, name VARCHAR, nothing VARCHAR", SchemaText.format(r.schema()));
        assertEquals(5, r.rows());
        List<Object[]> rows = Fixtures.read(Catalog.open(db()).table("t"), memory);
        Fixtures.assertRows(List.of(
                new Object[] {1, true, 10, 3_000_000_000L, new BigDecimal("1.500"), 1000.0, LocalDate.of(2024, 2, 29),
                        LocalDateTime.of(2024, 2, 29, 10, 11, 12), "plain", null},
                new Object[] {2, false, -7, null, new BigDecimal("-2.250"), 0.5, LocalDate.of(1969, 12, 31),
                        LocalDateTime.of(2024, 2, 29, 10, 11, 12, 500_000_000), "with, comma", null},
                new Object[] {null, null, null, null, null, null, null, null, null, null},
                new Object[] {4, true, null, -9L, new BigDecimal("3.000"), Double.NaN, null,
                        LocalDateTime.of(2024, 3, 1, 0, 0), "", null},
                new Object[] {5, false, Integer.MAX_VALUE, Long.MAX_VALUE, new BigDecimal("0.001"),
                        Double.NEGATIVE_INFINITY, LocalDate.of(2000, 1, 1), LocalDateTime.of(2024, 3, 1, 0, 0, 0, 1000),
                        "two\nlines", null}), rows);
    }

    @Test
    void inferenceWidensAndFallsBack() throws Exception {
        Path f = csv("widen.csv", """
                a,b,c,d,e,f
                1,123456789012345678,0.1,2020-01-01,1,x
                2147483648,1234567890123456789012,12345678901234567.5,2020-01-01 12:00,2.5e-3,2020-01-01
                """);
        ImportResult r = CsvImporter.importFile(f, target("t", false), null, Progress.NONE);
        // a: past int32; b: past 18 digits, so DOUBLE; c: 17+1 digits fit DECIMAL(18,1); d: dates and
        // timestamps mixed; e: an exponent; f: text.
        assertEquals("a BIGINT, b DOUBLE, c DECIMAL(18,1), d TIMESTAMP, e DOUBLE, f VARCHAR",
                SchemaText.format(r.schema()));
    }

    @Test
    void explicitSchemaNamesTypesAndRounds() throws Exception {
        Path f = csv("s.csv", "x,y,z,w\r\n1, 2.345 ,1,2024-01-02\r\n,-0.005,0,\r\n");
        List<Object[]> rows = importAndRead(f, SchemaText.parse("id BIGINT, price DECIMAL(15,2), ok BOOLEAN, ts TIMESTAMP"));
        Fixtures.assertRows(List.of(
                new Object[] {1L, new BigDecimal("2.35"), true, LocalDateTime.of(2024, 1, 2, 0, 0)},
                new Object[] {null, new BigDecimal("-0.01"), false, null}), rows);
        assertEquals(DataType.decimal(15, 2), Catalog.open(db()).table("t").schema().column(1).type());
    }

    @Test
    void timestampAndBooleanForms() throws Exception {
        Path f = csv("ts.csv", """
                ts,ok
                2024-01-02 03:04,yes
                2024-01-02T03:04:05.123456789,N
                2024-01-02 03:04:05+02:00,TRUE
                2024-01-02T03:04:05Z,0
                """);
        Fixtures.assertRows(List.of(
                new Object[] {LocalDateTime.of(2024, 1, 2, 3, 4), true},
                new Object[] {LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000), false},
                new Object[] {LocalDateTime.of(2024, 1, 2, 1, 4, 5), true}, // offsets convert to UTC
                new Object[] {LocalDateTime.of(2024, 1, 2, 3, 4, 5), false}),
                importAndRead(f, SchemaText.parse("ts TIMESTAMP, ok BOOLEAN")));
        UserException e = assertThrows(UserException.class, () -> CsvImporter.importFile(
                csv("x.csv", "ts\n2024-01-02 3:04\n"), target("u", false), SchemaText.parse("ts TIMESTAMP"), Progress.NONE));
        assertTrue(e.getMessage().contains("line 2, column 'ts' (TIMESTAMP): cannot read '2024-01-02 3:04'"), e.getMessage());
    }

    @Test
    void blankLinesByteOrderMarkAndCrLfAreHandled() throws Exception {
        Path f = dir.resolve("bom.csv");
        Files.write(f, ("\uFEFFa,b\r\n1,x\r\n\r\n2,y\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        List<Object[]> rows = importAndRead(f, null);
        Fixtures.assertRows(List.of(new Object[] {1, "x"}, new Object[] {2, "y"}), rows);
        assertEquals("a", Catalog.open(db()).table("t").schema().column(0).name());
    }

    @Test
    void aBlankLineInASingleColumnFileIsANullRow() throws Exception {
        Path f = csv("one.csv", "v\n1\n\n3\n");
        Fixtures.assertRows(List.of(new Object[] {1}, new Object[] {null}, new Object[] {3}), importAndRead(f, null));
    }

    @Test
    void manyRowsAcrossSlices() throws Exception {
        StringBuilder sb = new StringBuilder("n,s\n");
        List<Object[]> expected = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            sb.append(i).append(",v").append(i % 17).append('\n');
            expected.add(new Object[] {i, "v" + (i % 17)});
        }
        Path f = csv("many.csv", sb.toString());
        ImportTarget target = new ImportTarget(Catalog.create(db()), "t", WriteOptions.DEFAULTS.withMaxSliceRows(1_000));
        CsvImporter.importFile(f, target, null, Progress.NONE);
        Table t = Catalog.open(db()).table("t");
        assertEquals(5, t.manifest().slices().size());
        Fixtures.assertRows(expected, Fixtures.read(t, memory));
    }

    // ---- bad input: a clear error and nothing left behind ----------------------------------

    private UserException fails(Path file, TableSchema schema) throws Exception {
        UserException e = assertThrows(UserException.class,
                () -> CsvImporter.importFile(file, target("t", false), schema, Progress.NONE));
        assertEquals(List.of(), Fixtures.entries(db()), "no table, no staging directory");
        return e;
    }

    @Test
    void wrongFieldCountNamesTheLine() throws Exception {
        // The quoted line break makes the bad record start on line 5, though it is the 3rd record.
        Path f = csv("bad.csv", "a,b,c\n1,2,3\n4,\"multi\nline\",6\n7,8\n");
        UserException e = fails(f, null);
        assertTrue(e.getMessage().contains("bad.csv line 5") && e.getMessage().contains("expected 3 fields")
                && e.getMessage().contains("found 2"), e.getMessage());
    }

    @Test
    void unparsableValueNamesLineColumnAndValue() throws Exception {
        Path f = csv("bad.csv", "a,b\n1,2020-01-01\n2,2020-13-45\n");
        UserException e = fails(f, SchemaText.parse("a INTEGER, b DATE"));
        assertEquals(f + " line 3, column 'b' (DATE): cannot read '2020-13-45': not a date (expected yyyy-mm-dd)",
                e.getMessage());
        e = fails(csv("big.csv", "a\n99999999999\n"), SchemaText.parse("a INTEGER"));
        assertTrue(e.getMessage().contains("line 2, column 'a' (INTEGER): cannot read '99999999999': out of range"),
                e.getMessage());
        e = fails(csv("dec.csv", "a\n1.5\n123.456\n"), SchemaText.parse("a DECIMAL(4,2)"));
        assertTrue(e.getMessage().contains("line 3, column 'a' (DECIMAL(4,2)): cannot read '123.456': does not fit"),
                e.getMessage());
    }

    @Test
    void schemaWithTheWrongColumnCount() throws Exception {
        UserException e = fails(csv("s.csv", "a,b\n1,2\n"), SchemaText.parse("a INTEGER"));
        assertTrue(e.getMessage().contains("--schema has 1 columns but") && e.getMessage().contains("has 2"),
                e.getMessage());
    }

    @Test
    void missingEmptyMalformedAndNonUtf8Files() throws Exception {
        Path missing = dir.resolve("nope.csv");
        UserException e = fails(missing, null);
        assertEquals("cannot read " + missing + ": no such file", e.getMessage());
        e = fails(dir, null);
        assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
        e = fails(csv("empty.csv", ""), null);
        assertTrue(e.getMessage().contains("empty.csv is empty"), e.getMessage());
        e = fails(csv("quote.csv", "a,b\n1,\"open\n2,3\n"), null);
        assertTrue(e.getMessage().contains("quote.csv: malformed CSV"), e.getMessage());
        Path latin1 = dir.resolve("latin1.csv");
        Files.write(latin1, "a\ncaf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        e = fails(latin1, null);
        assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
    }

    @Test
    void anExistingTableIsUntouchedWithoutReplace() throws Exception {
        Path first = csv("first.csv", "a\n1\n2\n");
        CsvImporter.importFile(first, target("t", false), null, Progress.NONE);
        Path second = csv("second.csv", "b\nx\n");
        UserException e = assertThrows(UserException.class,
                () -> CsvImporter.importFile(second, target("t", false), null, Progress.NONE));
        assertTrue(e.getMessage().contains("table 't' already exists") && e.getMessage().contains("--replace"),
                e.getMessage());
        Table t = Catalog.open(db()).table("t");
        Fixtures.assertRows(List.of(new Object[] {1}, new Object[] {2}), Fixtures.read(t, memory));

        // A failing replacement leaves the old table too; a good one replaces it.
        assertThrows(UserException.class, () -> CsvImporter.importFile(csv("bad.csv", "a\n1\n2,3\n"),
                target("t", true), null, Progress.NONE));
        Fixtures.assertRows(List.of(new Object[] {1}, new Object[] {2}), Fixtures.read(Catalog.open(db()).table("t"), memory));
        CsvImporter.importFile(second, target("t", true), null, Progress.NONE);
        Fixtures.assertRows(List.<Object[]>of(new Object[] {"x"}), Fixtures.read(Catalog.open(db()).table("t"), memory));
        assertEquals(List.of("t"), Fixtures.entries(db()));
    }
}
