package io.ascan.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;

import io.ascan.format.ColumnSpec;
import io.ascan.format.SliceData;
import io.ascan.catalog.TableReader;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.io.IOException;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/** Shared test data and helpers for the import/export tests. */
final class Fixtures {
    private Fixtures() {}

    /** Every ascan type, plus a row id to order by. */
    static final TableSchema ALL_TYPES = TableSchema.of(
            ColumnSpec.of("id", DataType.INTEGER),
            ColumnSpec.of("b", DataType.BOOLEAN),
            ColumnSpec.of("i", DataType.INTEGER),
            ColumnSpec.of("l", DataType.BIGINT),
            ColumnSpec.of("d", DataType.DOUBLE),
            ColumnSpec.of("m", DataType.decimal(12, 2)),
            ColumnSpec.of("dt", DataType.DATE),
            ColumnSpec.of("ts", DataType.TIMESTAMP),
            ColumnSpec.of("s", DataType.VARCHAR));

    private static final String[] STRINGS = {
        "plain", "with, comma", "with \"quotes\"", "two\nlines", "cr\r\nlf", " padded ", "", "unicode é ✓ 漢字",
        "tab\there", "'single'", "NULL", "a,\"b\",c\n"
    };
    private static final double[] DOUBLES = {0.5, -3.25, 1e-7, 1e20, 123456.789, Double.MAX_VALUE, Double.MIN_VALUE, 42.0,
        Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};

    /** Row r of the all-types sample, with NULLs on a per-column pattern; edge values early on. */
    static Object[] allTypesRow(int r) {
        Object[] v = new Object[ALL_TYPES.size()];
        v[0] = r;
        v[1] = r % 3 == 0;
        v[2] = switch (r) {
            case 1 -> Integer.MAX_VALUE;
            case 2 -> Integer.MIN_VALUE;
            default -> r * 37 - 1000;
        };
        v[3] = switch (r) {
            case 1 -> Long.MAX_VALUE;
            case 2 -> Long.MIN_VALUE;
            default -> r * 1_000_000_007L - 77;
        };
        v[4] = r < DOUBLES.length ? DOUBLES[r] : r / 8.0 - 11;
        v[5] = switch (r) {
            case 1 -> new BigDecimal("9999999999.99");
            case 2 -> new BigDecimal("-9999999999.99");
            default -> BigDecimal.valueOf(r * 101L - 777, 2);
        };
        v[6] = LocalDate.of(1969, 12, 25).plusDays(r * 3L);
        v[7] = switch (r) {
            case 1 -> LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000);
            case 2 -> LocalDateTime.of(1900, 1, 1, 0, 0);
            default -> LocalDateTime.of(2024, 2, 29, 12, 0).plusSeconds(r * 3601L).plusNanos((r % 4) * 250_000L);
        };
        v[8] = r < STRINGS.length ? STRINGS[r] : "row " + r;
        for (int c = 1; c < v.length; c++) {
            if (r > 12 && (r + c) % 7 == 0) v[c] = null;
        }
        return v;
    }

    static List<Object[]> allTypesRows(int n) {
        List<Object[]> rows = new ArrayList<>();
        for (int r = 0; r < n; r++) rows.add(allTypesRow(r));
        return rows;
    }

    static Table writeTable(Path dir, String name, TableSchema schema, List<Object[]> rows, int sliceRows)
            throws IOException {
        Catalog catalog = Catalog.create(dir);
        try (TableWriter w = catalog.create(name, schema, WriteOptions.DEFAULTS.withMaxSliceRows(sliceRows))) {
            for (Object[] row : rows) {
                for (int c = 0; c < row.length; c++) {
                    switch (row[c]) {
                        case null -> { }
                        case Boolean b -> w.setBoolean(c, b);
                        case Integer i -> w.setInt(c, i);
                        case Long l -> w.setLong(c, l);
                        case Double d -> w.setDouble(c, d);
                        case BigDecimal m -> w.setLong(c, m.unscaledValue().longValueExact());
                        case LocalDate d -> w.setInt(c, (int) d.toEpochDay());
                        case LocalDateTime t -> w.setLong(c, micros(t));
                        case String s -> w.setString(c, s);
                        default -> throw new AssertionError(row[c]);
                    }
                }
                w.endRow();
            }
            w.commit();
        }
        return catalog.table(name);
    }

    static long micros(LocalDateTime t) {
        return t.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + t.getNano() / 1000;
    }

    /** Every row of a table as Java objects (LeakCheck's memory, so leaks fail the test). */
    static List<Object[]> read(Table t, LeakCheck memory) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        try (BlockReader io = BlockReaders.open(IoMode.URING, 4);
             TableReader reader = TableReader.all(t, io, memory.pool(), memory.allocator())) {
            while (reader.hasNext()) {
                try (SliceData s = reader.next()) {
                    for (int r = 0; r < s.rowCount(); r++) {
                        Object[] row = new Object[s.columns().size()];
                        for (int c = 0; c < row.length; c++) row[c] = s.column(c).getObject(r);
                        rows.add(row);
                    }
                }
            }
        }
        return rows;
    }

    static void assertRows(List<Object[]> expected, List<Object[]> actual) {
        assertEquals(expected.size(), actual.size(), "row count");
        for (int r = 0; r < expected.size(); r++) {
            assertEquals(Arrays.asList(expected.get(r)), Arrays.asList(actual.get(r)), "row " + r);
        }
    }

    static Connection duckdb() throws SQLException {
        return DriverManager.getConnection("jdbc:duckdb:");
    }

    static void duckExecute(String sql) throws SQLException {
        try (Connection c = duckdb(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** SQL string literal of a path. */
    static String lit(Path p) {
        return "'" + p.toAbsolutePath().toString().replace("'", "''") + "'";
    }

    /** DuckDB's column types of a query, e.g. [INTEGER, DECIMAL(12,2)]. */
    static List<String> duckTypes(Connection c, String from) throws SQLException {
        List<String> types = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("DESCRIBE SELECT * FROM " + from)) {
            while (rs.next()) types.add(rs.getString("column_type"));
        }
        return types;
    }

    /**
     * Reads a query's rows from DuckDB as the Java objects ascan's getObject returns for the
     * given schema, so both sides compare with equals (CSV loses types, so this converts).
     */
    static List<Object[]> duckRows(Connection c, String sql, TableSchema schema) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                Object[] row = new Object[schema.size()];
                for (int i = 0; i < row.length; i++) {
                    int col = i + 1;
                    if (rs.getObject(col) == null) continue;
                    row[i] = switch (schema.column(i).type().kind()) {
                        case BOOLEAN -> rs.getBoolean(col);
                        case INTEGER -> rs.getInt(col);
                        case BIGINT -> rs.getLong(col);
                        case DOUBLE -> rs.getDouble(col);
                        case DECIMAL -> new BigDecimal(rs.getString(col)).setScale(schema.column(i).type().scale());
                        case DATE -> rs.getObject(col, LocalDate.class);
                        case TIMESTAMP -> rs.getObject(col, LocalDateTime.class);
                        case VARCHAR -> rs.getString(col);
                    };
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** Names in a catalog directory, hidden ones included: proves a failed import left nothing. */
    static List<String> entries(Path dir) throws IOException {
        if (!Files.exists(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
