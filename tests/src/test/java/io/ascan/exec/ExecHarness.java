package io.ascan.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.exchange.ParquetExporter;
import io.ascan.exchange.Progress;
import io.ascan.expr.ColumnRef;
import io.ascan.format.WriteOptions;
import io.ascan.gen.ChunkedTable;
import io.ascan.gen.ParallelGeneration;
import io.ascan.gen.SsbGenerator;
import io.ascan.io.AlignedBufferPool;
import io.ascan.memory.Allocators;
import io.ascan.plan.ScanNode;
import io.ascan.testing.AllTypesTable;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Shared fixtures of the executor tests: SSB SF 0.01 and an all-types table in one catalog,
 * generated once per JVM and exported to Parquet for DuckDB, the oracle; result rows of both
 * engines in one canonical form (integers as Long, decimals without trailing zeros, doubles to
 * 10 significant digits, dates and timestamps as java.time).
 */
final class ExecHarness {
    static final int ALL_TYPES_ROWS = 5000;
    private static Catalog catalog;
    private static Connection duck;

    private ExecHarness() {}

    static synchronized Catalog catalog() throws Exception {
        if (catalog != null) return catalog;
        Path dir = Files.createTempDirectory("ascan-exec-test");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir)));
        for (ChunkedTable t : new SsbGenerator(0.01).tables()) {
            ParallelGeneration.write(dir, t, WriteOptions.DEFAULTS.withMaxSliceRows(16_384), 2, n -> {});
        }
        AllTypesTable.write(dir, ALL_TYPES_ROWS, 1000);
        writeMixedStrings(dir);
        writeManySlices(dir);
        catalog = Catalog.open(dir);
        return catalog;
    }

    static final int MIXED_ROWS = 4000;

    /**
     * Table {@code mixed_strings(id, s)}: s has four distinct values in the first two slices
     * (dictionary segments) and distinct values in the last two (plain segments), NULL every 11th row.
     */
    private static void writeMixedStrings(Path dir) throws Exception {
        io.ascan.format.TableSchema schema = io.ascan.format.TableSchema.of(
                io.ascan.format.ColumnSpec.of("id", io.ascan.types.DataType.INTEGER),
                io.ascan.format.ColumnSpec.of("s", io.ascan.types.DataType.VARCHAR));
        try (var w = Catalog.open(dir).create("mixed_strings", schema, WriteOptions.DEFAULTS.withMaxSliceRows(1000))) {
            for (int r = 0; r < MIXED_ROWS; r++) {
                w.setInt(0, r);
                if (r % 11 == 5) w.setNull(1);
                else w.setString(1, "k" + (r < MIXED_ROWS / 2 ? r % 4 : r));
                w.endRow();
            }
            w.commit();
        }
    }

    static final int MANY_SLICES = 200;

    /** Table {@code many_slices(id, v)}: 20,000 rows in {@value #MANY_SLICES} slices of 100 (v = id % 10). */
    private static void writeManySlices(Path dir) throws Exception {
        io.ascan.format.TableSchema schema = io.ascan.format.TableSchema.of(
                io.ascan.format.ColumnSpec.of("id", io.ascan.types.DataType.INTEGER),
                io.ascan.format.ColumnSpec.of("v", io.ascan.types.DataType.BIGINT));
        try (var w = Catalog.open(dir).create("many_slices", schema, WriteOptions.DEFAULTS.withMaxSliceRows(100))) {
            for (int r = 0; r < MANY_SLICES * 100; r++) {
                w.setInt(0, r);
                w.setLong(1, r % 10);
                w.endRow();
            }
            w.commit();
        }
    }

    static Table table(String name) throws Exception {
        return catalog().table(name);
    }

    /** A DuckDB connection with one view per table over its Parquet export. */
    static synchronized Connection duck() throws Exception {
        if (duck != null) return duck;
        Catalog c = catalog();
        Connection conn = DriverManager.getConnection("jdbc:duckdb:");
        try (BufferAllocator a = Allocators.root(); AlignedBufferPool pool = new AlignedBufferPool(1L << 30);
             Statement s = conn.createStatement()) {
            for (String name : c.tableNames()) {
                Path file = c.dir().resolve(name + ".parquet");
                ParquetExporter.export(c.table(name), file, pool, a, Progress.NONE);
                s.execute("CREATE VIEW " + name + " AS SELECT * FROM read_parquet('" + file + "')");
            }
        }
        duck = conn;
        return duck;
    }

    static List<List<Object>> duck(String sql) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement s = duck().createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) row.add(canonical(rs.getObject(i)));
                rows.add(row);
            }
        } catch (SQLException e) {
            throw new AssertionError("DuckDB failed on: " + sql, e);
        }
        return rows;
    }

    /**
     * Cancels {@code r}, reads it until the cancellation surfaces as its error, then closes it
     * (which waits for its workers).
     */
    static void cancelAndDrain(QueryResult r) throws QueryException {
        r.cancel();
        QueryException e = org.junit.jupiter.api.Assertions.assertThrows(QueryException.class, () -> {
            while (r.next()) { /* drain until the cancellation surfaces */ }
        });
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
        r.close();
    }

    /** Every row of a result, then closes it. */
    static List<List<Object>> rows(QueryResult r) throws QueryException {
        List<List<Object>> rows = new ArrayList<>();
        try (r) {
            while (r.next()) {
                VectorSchemaRoot b = r.batch();
                for (int i = 0; i < b.getRowCount(); i++) {
                    List<Object> row = new ArrayList<>();
                    for (FieldVector v : b.getFieldVectors()) {
                        Object o = v.getObject(i);
                        if (o != null && v instanceof DateDayVector) o = LocalDate.ofEpochDay((Integer) o);
                        row.add(canonical(o));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    static Object canonical(Object o) {
        return switch (o) {
            case null -> null;
            case Integer i -> (long) i;
            case Short s -> (long) s;
            case Byte b -> (long) b;
            case BigInteger b -> b.longValueExact();
            case BigDecimal d -> d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
            case Float f -> canonical((double) f);
            case Double d -> d.isNaN() || d.isInfinite() ? d : new BigDecimal(d).round(new MathContext(10)).doubleValue();
            case java.sql.Date d -> d.toLocalDate();
            case java.sql.Timestamp t -> t.toLocalDateTime();
            case org.apache.arrow.vector.util.Text t -> t.toString();
            case LocalDate d -> d;
            case LocalDateTime t -> t;
            default -> o;
        };
    }

    static final Comparator<List<Object>> ROW_ORDER = Comparator.comparing(Object::toString);

    /** Same rows; order matters only when {@code ordered}. */
    static void assertSameRows(List<List<Object>> expected, List<List<Object>> actual, boolean ordered) {
        if (!ordered) {
            expected = new ArrayList<>(expected);
            actual = new ArrayList<>(actual);
            expected.sort(ROW_ORDER);
            actual.sort(ROW_ORDER);
        }
        assertEquals(expected.size(), actual.size(), "row count");
        for (int i = 0; i < expected.size(); i++) assertEquals(expected.get(i), actual.get(i), "row " + i);
    }

    static ScanNode scan(Table t, java.util.function.Function<Table, io.ascan.expr.Expr> p, String... columns) {
        int[] cols = new int[columns.length];
        for (int i = 0; i < cols.length; i++) cols[i] = t.schema().indexOf(columns[i]);
        return new ScanNode(t, cols, p == null ? null : p.apply(t), t.manifest().slices());
    }

    /** A reference to table column {@code name} (for P, which is over table column indexes). */
    static ColumnRef tcol(Table t, String name) {
        int i = t.schema().indexOf(name);
        return new ColumnRef(i, t.schema().column(i).type());
    }

    static ColumnRef col(int i, DataType type) {
        return new ColumnRef(i, type);
    }

    private static void deleteTree(Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (Exception ignored) {
            // best effort at exit
        }
    }
}
