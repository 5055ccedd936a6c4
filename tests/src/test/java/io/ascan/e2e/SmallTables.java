package io.ascan.e2e;

import io.ascan.catalog.Catalog;
import io.ascan.format.ColumnSpec;
import io.ascan.format.RowAppender;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;

/**
 * Small tables for planner-correctness cases, written into an ascan catalog (a few rows per
 * slice) and into an in-memory DuckDB with the same values: {@code ta}, {@code tb}, {@code tc}
 * (12-30 rows, NULLs in every column, duplicates, extreme values), the empty {@code te} (same
 * columns) and TPC-H's {@code region}.
 */
final class SmallTables implements AutoCloseable {
    static final String[] COLUMNS = {"id", "i", "k", "b", "d", "e", "x", "s", "dt", "f"};
    private static final TableSchema SCHEMA = TableSchema.of(
            ColumnSpec.of("id", DataType.INTEGER), ColumnSpec.of("i", DataType.INTEGER), ColumnSpec.of("k", DataType.INTEGER),
            ColumnSpec.of("b", DataType.BIGINT), ColumnSpec.of("d", DataType.decimal(12, 2)),
            ColumnSpec.of("e", DataType.decimal(18, 6)), ColumnSpec.of("x", DataType.DOUBLE),
            ColumnSpec.of("s", DataType.VARCHAR), ColumnSpec.of("dt", DataType.DATE), ColumnSpec.of("f", DataType.BOOLEAN));
    private static final String DUCK_COLUMNS = "id INTEGER, i INTEGER, k INTEGER, b BIGINT, d DECIMAL(12,2), "
            + "e DECIMAL(18,6), x DOUBLE, s VARCHAR, dt DATE, f BOOLEAN";
    private static final String[] REGIONS = {"AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST"};

    final Path catalog;
    private final Connection duckdb;

    private SmallTables(Path catalog, Connection duckdb) {
        this.catalog = catalog;
        this.duckdb = duckdb;
    }

    static SmallTables create(Path dir) throws Exception {
        Catalog catalog = Catalog.create(dir);
        Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duck.createStatement()) {
            s.execute("SET threads = 1");
            table(catalog, s, "ta", rows(30, 1));
            table(catalog, s, "tb", rows(20, 2));
            table(catalog, s, "tc", rows(12, 3));
            table(catalog, s, "te", List.of());
            region(catalog, s);
        } catch (Exception e) {
            duck.close();
            throw e;
        }
        return new SmallTables(dir, duck);
    }

    /** Rows of the ten columns (null for NULL), from a fixed seed: small keys that join, NULLs, duplicates, extremes. */
    static List<Object[]> rows(int n, long seed) {
        Random r = new Random(seed);
        List<Object[]> rows = new ArrayList<>();
        for (int row = 0; row < n; row++) {
            Object[] v = new Object[COLUMNS.length];
            v[0] = row % 7 == 6 ? null : row % 9;                       // duplicates from row 9 on
            v[1] = pick(r, 5, () -> r.nextInt(8) - 2, Integer.MAX_VALUE, Integer.MIN_VALUE);
            v[2] = pick(r, 4, () -> r.nextInt(6), 4, 0);
            v[3] = pick(r, 5, () -> (long) r.nextInt(100) - 50, Long.MAX_VALUE, Long.MIN_VALUE + 1);
            v[4] = pick(r, 5, () -> BigDecimal.valueOf(r.nextInt(20000) - 10000, 2),
                    new BigDecimal("9999999999.99"), new BigDecimal("-9999999999.99"));
            v[5] = pick(r, 5, () -> BigDecimal.valueOf(r.nextInt(2000000) - 1000000, 6),
                    new BigDecimal("999999999999.999999"), new BigDecimal("0.000001"));
            v[6] = pick(r, 5, () -> (r.nextInt(40) - 20) / 4.0, 1e300, -1e-300);
            v[7] = pick(r, 5, () -> List.of("a", "ab", "b", "BUILDING", "x y", "é")
                    .get(r.nextInt(6)), "", "zzzz");
            v[8] = pick(r, 5, () -> LocalDate.of(1995, 1, 1).plusDays(r.nextInt(60)),
                    LocalDate.of(1, 1, 1), LocalDate.of(9999, 12, 31));
            v[9] = pick(r, 3, r::nextBoolean, true, false);
            rows.add(v);
        }
        return rows;
    }

    /** NULL one time in {@code nullEvery}, an extreme one time in ten, else a common value. */
    private static Object pick(Random r, int nullEvery, java.util.function.Supplier<Object> common, Object high, Object low) {
        int roll = r.nextInt(10 * nullEvery);
        if (roll < 10) return null;
        if (roll == 10) return high;
        if (roll == 11) return low;
        return common.get();
    }

    private static void table(Catalog catalog, Statement duck, String name, List<Object[]> rows) throws Exception {
        try (TableWriter w = catalog.create(name, SCHEMA, WriteOptions.DEFAULTS.withMaxSliceRows(7))) {
            for (Object[] row : rows) append(w, row);
            w.commit();
        }
        duck.execute("CREATE TABLE " + name + " (" + DUCK_COLUMNS + ")");
        for (Object[] row : rows) {
            StringJoiner values = new StringJoiner(", ", "INSERT INTO " + name + " VALUES (", ")");
            for (Object v : row) values.add(literal(v));
            duck.execute(values.toString());
        }
    }

    private static void append(RowAppender w, Object[] row) {
        for (int c = 0; c < row.length; c++) {
            switch (row[c]) {
                case null -> w.setNull(c);
                case Integer i -> w.setInt(c, i);
                case Long l -> w.setLong(c, l);
                case Double d -> w.setDouble(c, d);
                case BigDecimal m -> w.setLong(c, m.unscaledValue().longValueExact());
                case LocalDate d -> w.setInt(c, (int) d.toEpochDay());
                case String s -> w.setString(c, s);
                case Boolean b -> w.setBoolean(c, b);
                default -> throw new AssertionError(row[c]);
            }
        }
        w.endRow();
    }

    private static String literal(Object v) {
        return switch (v) {
            case null -> "NULL";
            case String s -> "'" + s.replace("'", "''") + "'";
            case LocalDate d -> "DATE '" + d + "'";
            case Double d -> "CAST(" + d + " AS DOUBLE)";
            default -> v.toString();
        };
    }

    private static void region(Catalog catalog, Statement duck) throws Exception {
        TableSchema schema = TableSchema.of(ColumnSpec.of("r_regionkey", DataType.INTEGER),
                ColumnSpec.of("r_name", DataType.VARCHAR), ColumnSpec.of("r_comment", DataType.VARCHAR));
        duck.execute("CREATE TABLE region (r_regionkey INTEGER, r_name VARCHAR, r_comment VARCHAR)");
        try (TableWriter w = catalog.create("region", schema, WriteOptions.DEFAULTS)) {
            for (int r = 0; r < REGIONS.length; r++) {
                w.setInt(0, r);
                w.setString(1, REGIONS[r]);
                w.setString(2, "comment " + r);
                w.endRow();
                duck.execute("INSERT INTO region VALUES (" + r + ", '" + REGIONS[r] + "', 'comment " + r + "')");
            }
            w.commit();
        }
    }

    /** {@code jdbc:ascan:<catalog>} plus URL settings such as {@code ?mode=direct}. */
    String url(String settings) {
        return "jdbc:ascan:" + catalog + settings;
    }

    Result runDuckDb(String sql) throws SQLException {
        try (Statement s = duckdb.createStatement(); var rs = s.executeQuery(sql)) {
            return Result.read(rs);
        }
    }

    @Override
    public void close() throws SQLException {
        duckdb.close();
    }
}
