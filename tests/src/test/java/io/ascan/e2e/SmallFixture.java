package io.ascan.e2e;

import io.ascan.catalog.Catalog;
import io.ascan.format.ColumnSpec;
import io.ascan.format.RowAppender;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.gen.TpchTables;
import io.ascan.types.DataType;
import io.trino.tpch.Distributions;
import io.trino.tpch.Nation;
import io.trino.tpch.NationGenerator;
import io.trino.tpch.Region;
import io.trino.tpch.RegionGenerator;
import io.trino.tpch.TextPool;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.StringJoiner;

/**
 * The {@code small} fixture of the SQL-logic tests and the fuzzer: tables {@code ta}, {@code tb},
 * {@code tc} (12-42 rows, NULLs in every column but {@code id}, duplicate rows, extreme values),
 * the empty {@code te} with the same columns, and TPC-H's {@code region} and {@code nation}.
 * Deterministic: the same values on every run. The ascan side is written with the table writer in
 * slices of a few rows (multi-slice scans, zone maps that prune); the DuckDB side gets the same
 * values as typed literals.
 *
 * <p>DOUBLE columns hold no ±Infinity or NaN yet: a manifest cannot store an infinite zone-map
 * bound (issue 12); add them to {@link #X} once it can.
 */
public final class SmallFixture {
    private SmallFixture() {}

    public static final TableSchema SCHEMA = TableSchema.of(
            ColumnSpec.of("id", DataType.INTEGER),
            ColumnSpec.of("i", DataType.INTEGER),
            ColumnSpec.of("k", DataType.INTEGER),
            ColumnSpec.of("b", DataType.BIGINT),
            ColumnSpec.of("d", DataType.decimal(12, 2)),
            ColumnSpec.of("e", DataType.decimal(18, 6)),
            ColumnSpec.of("x", DataType.DOUBLE),
            ColumnSpec.of("s", DataType.VARCHAR),
            ColumnSpec.of("dt", DataType.DATE),
            ColumnSpec.of("f", DataType.BOOLEAN));

    /** The DuckDB type of each column of {@link #SCHEMA}. */
    private static final String[] DUCKDB_TYPES =
            {"INTEGER", "INTEGER", "INTEGER", "BIGINT", "DECIMAL(12,2)", "DECIMAL(18,6)", "DOUBLE", "VARCHAR", "DATE", "BOOLEAN"};

    // Per column: ordinary values, then extreme ones (drawn rarely, and all present in ta's first two rows).
    private static final Object[] I = {0, 1, 2, 3, 5, 7, 10, -1, -7, 42, 100};
    private static final Object[] I_EXTREME = {Integer.MAX_VALUE, Integer.MIN_VALUE};
    private static final Object[] K = {0, 1, 2, 3, 4, 5, 6};
    private static final Object[] B = {0L, 1L, -1L, 2L, 7L, 100L, 123_456_789_012L, -98_765_432_109L};
    private static final Object[] B_EXTREME = {Long.MAX_VALUE, Long.MIN_VALUE};
    private static final Object[] D = dec("0.00", "1.00", "-1.00", "123.45", "-0.01", "0.01", "89.50", "2.50", "-123.45");
    private static final Object[] D_EXTREME = dec("9999999999.99", "-9999999999.99");
    private static final Object[] E = dec("0.000001", "-0.000001", "1.500000", "0", "42.123456", "3.141593", "-7.5");
    private static final Object[] E_EXTREME = dec("999999999999.999999", "-999999999999.999999");
    private static final Object[] X = {0.0, -0.0, 1.5, -2.25, 89.5, 0.1, 2.5, 100.0, -3.0, 1e-300};
    private static final Object[] X_EXTREME = {1e300, -1e300, Double.MIN_VALUE, Double.MAX_VALUE};
    private static final Object[] S = {"", "a", "A", "abc", "abc ", "BUILDING", " ", "a%b", "a_c", "x'y", "é✓", "Ab"};
    private static final Object[] S_EXTREME = {"z".repeat(3000), "\u00ff\u0100 long " + "é".repeat(500)};
    private static final Object[] DT = dates("1970-01-01", "1969-12-31", "1992-01-01", "1998-12-31", "2000-02-29",
            "2024-02-29", "1995-06-17");
    private static final Object[] DT_EXTREME = dates("0001-01-01", "9999-12-31", "1900-01-01");
    private static final Object[] F = {true, false};

    private static final Object[][] ORDINARY = {null, I, K, B, D, E, X, S, DT, F};
    private static final Object[][] EXTREME = {null, I_EXTREME, null, B_EXTREME, D_EXTREME, E_EXTREME, X_EXTREME, S_EXTREME,
            DT_EXTREME, null};

    /** A table of the fixture: its name, rows (Java values, null for NULL) and the writer's slice size. */
    public record Table(String name, TableSchema schema, String[] duckDbTypes, List<Object[]> rows, int sliceRows) {}

    /** Every table of the fixture, in creation order. */
    public static List<Table> tables() {
        List<Table> t = new ArrayList<>();
        t.add(new Table("ta", SCHEMA, DUCKDB_TYPES, rows(1, 42, true), 5));
        t.add(new Table("tb", SCHEMA, DUCKDB_TYPES, rows(2, 30, false), 4));
        t.add(new Table("tc", SCHEMA, DUCKDB_TYPES, rows(3, 12, false), 3));
        t.add(new Table("te", SCHEMA, DUCKDB_TYPES, List.of(), 4));
        t.add(new Table("region", TpchTables.REGION, new String[] {"INTEGER", "VARCHAR", "VARCHAR"}, region(), 2));
        t.add(new Table("nation", TpchTables.NATION, new String[] {"INTEGER", "VARCHAR", "INTEGER", "VARCHAR"}, nation(), 7));
        return t;
    }

    /**
     * {@code n} rows: id counts from 1, other columns draw from their pools (15% NULL, 5% extreme).
     * The last quarter repeats earlier rows exactly (duplicates, ids included). With
     * {@code extremeRows}, rows 0 and 1 hold every column's extreme values.
     */
    private static List<Object[]> rows(long seed, int n, boolean extremeRows) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Object[]> rows = new ArrayList<>();
        int distinct = n - n / 4;
        for (int r = 0; r < distinct; r++) {
            Object[] row = new Object[SCHEMA.size()];
            row[0] = r + 1;
            for (int c = 1; c < row.length; c++) {
                if (extremeRows && r < 2 && EXTREME[c] != null) {
                    row[c] = EXTREME[c][r % EXTREME[c].length];
                } else if (random.nextInt(100) < 15) {
                    row[c] = null;
                } else if (EXTREME[c] != null && random.nextInt(100) < 5) {
                    row[c] = EXTREME[c][random.nextInt(EXTREME[c].length)];
                } else {
                    row[c] = ORDINARY[c][random.nextInt(ORDINARY[c].length)];
                }
            }
            rows.add(row);
        }
        // ta's extreme rows also carry the other extremes in the next rows
        if (extremeRows) {
            rows.get(2)[6] = X_EXTREME[2];
            rows.get(3)[6] = X_EXTREME[3];
            rows.get(2)[8] = DT_EXTREME[2];
        }
        while (rows.size() < n) rows.add(rows.get(random.nextInt(distinct)).clone());
        return rows;
    }

    /** Rows of TPC-H's region: keys and names as dbgen's, comments from a small text pool. */
    private static List<Object[]> region() {
        List<Object[]> rows = new ArrayList<>();
        for (Region r : new RegionGenerator(Distributions.getDefaultDistributions(), SmallFixture::textPool)) {
            rows.add(new Object[] {(int) r.regionKey(), r.name(), r.comment()});
        }
        return rows;
    }

    private static List<Object[]> nation() {
        List<Object[]> rows = new ArrayList<>();
        for (Nation n : new NationGenerator(Distributions.getDefaultDistributions(), SmallFixture::textPool)) {
            rows.add(new Object[] {(int) n.nationKey(), n.name(), (int) n.regionKey(), n.comment()});
        }
        return rows;
    }

    /** dbgen's pool is 300 MB; comments only need some text. */
    private static TextPool textPool() {
        return new TextPool(1 << 20, Distributions.getDefaultDistributions());
    }

    /** Writes every table into a new ascan catalog at {@code dir}. */
    public static void writeAscan(Path dir) throws IOException {
        Catalog catalog = Catalog.create(dir);
        for (Table t : tables()) {
            try (TableWriter w = catalog.create(t.name(), t.schema(), WriteOptions.DEFAULTS.withMaxSliceRows(t.sliceRows()))) {
                for (Object[] row : t.rows()) append(w, t.schema(), row);
                w.commit();
            }
        }
    }

    private static void append(RowAppender w, TableSchema schema, Object[] row) {
        for (int c = 0; c < row.length; c++) {
            Object v = row[c];
            DataType type = schema.column(c).type();
            switch (v) {
                case null -> w.setNull(c);
                case Integer i -> w.setInt(c, i);
                case Long l -> w.setLong(c, l);
                case BigDecimal m -> w.setLong(c, m.setScale(type.scale()).unscaledValue().longValueExact());
                case Double x -> w.setDouble(c, x);
                case String s -> w.setString(c, s);
                case LocalDate d -> w.setInt(c, Math.toIntExact(d.toEpochDay()));
                case Boolean b -> w.setBoolean(c, b);
                default -> throw new IllegalArgumentException("no writer for " + v.getClass());
            }
        }
        w.endRow();
    }

    /** Creates and fills every table in a DuckDB connection. */
    public static void loadDuckDb(Connection duckdb) throws SQLException {
        try (Statement s = duckdb.createStatement()) {
            for (Table t : tables()) {
                StringJoiner columns = new StringJoiner(", ", "CREATE TABLE " + t.name() + " (", ")");
                for (int c = 0; c < t.schema().size(); c++) columns.add(t.schema().column(c).name() + " " + t.duckDbTypes()[c]);
                s.execute(columns.toString());
                if (t.rows().isEmpty()) continue;
                StringJoiner values = new StringJoiner(",\n", "INSERT INTO " + t.name() + " VALUES ", "");
                for (Object[] row : t.rows()) {
                    StringJoiner v = new StringJoiner(", ", "(", ")");
                    for (int c = 0; c < row.length; c++) v.add(literal(row[c], t.duckDbTypes()[c]));
                    values.add(v.toString());
                }
                s.execute(values.toString());
            }
        }
    }

    /** A DuckDB literal of exactly the value: numbers and dates through a cast from text (keeps -0.0). */
    private static String literal(Object v, String type) {
        return switch (v) {
            case null -> "NULL";
            case String s -> "'" + s.replace("'", "''") + "'";
            case Boolean b -> b.toString();
            case BigDecimal m -> "CAST('" + m.toPlainString() + "' AS " + type + ")";
            default -> "CAST('" + v + "' AS " + type + ")";
        };
    }

    private static Object[] dec(String... values) {
        Object[] out = new Object[values.length];
        for (int i = 0; i < values.length; i++) out[i] = new BigDecimal(values[i]);
        return out;
    }

    private static Object[] dates(String... values) {
        Object[] out = new Object[values.length];
        for (int i = 0; i < values.length; i++) out[i] = LocalDate.parse(values[i]);
        return out;
    }
}
