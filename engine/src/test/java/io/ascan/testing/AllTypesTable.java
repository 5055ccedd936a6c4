package io.ascan.testing;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.format.ColumnSpec;
import io.ascan.format.RowAppender;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.stream.IntStream;

/** A test table with a column of every type, NULLs on a pattern, and values computable per row. */
public final class AllTypesTable {
    private AllTypesTable() {}

    public static final TableSchema SCHEMA = TableSchema.of(
            ColumnSpec.of("b", DataType.BOOLEAN),
            ColumnSpec.of("i", DataType.INTEGER),
            ColumnSpec.of("l", DataType.BIGINT),
            ColumnSpec.of("d", DataType.DOUBLE),
            ColumnSpec.of("m", DataType.decimal(12, 2)),
            ColumnSpec.of("dt", DataType.DATE),
            ColumnSpec.of("ts", DataType.TIMESTAMP),
            ColumnSpec.of("low", DataType.VARCHAR),   // few distinct values: dictionary segments
            ColumnSpec.of("high", DataType.VARCHAR)); // all distinct: plain segments

    /** The value of column c in row r, NULL on a column-specific pattern; null means NULL. */
    /** The indexes of all the table's columns, for a read of every column. */
    public static int[] allColumns() {
        return IntStream.range(0, SCHEMA.size()).toArray();
    }

    public static Object expected(int c, int r) {
        if ((r + c) % 7 == 3) return null;
        return switch (c) {
            case 0 -> r % 3 == 0;
            case 1 -> r * 31 - 5000;
            case 2 -> (long) r * 1_000_000_007L;
            case 3 -> r / 8.0 - 3;
            case 4 -> BigDecimal.valueOf(r * 101L - 777, 2);
            case 5 -> LocalDate.of(1992, 1, 1).plusDays(r);
            case 6 -> LocalDateTime.of(2020, 2, 29, 23, 59, 58).plusSeconds(r * 37L).plusNanos(r % 1000 * 1000L);
            case 7 -> "cat-" + (r % 5) + (r % 2 == 0 ? "é" : "");
            case 8 -> "row " + r + " ✓ " + "x".repeat(r % 13);
            default -> throw new AssertionError();
        };
    }

    public static void appendRow(RowAppender w, int r) {
        for (int c = 0; c < SCHEMA.size(); c++) {
            Object v = expected(c, r);
            if (v == null) {
                if (r % 2 == 0) w.setNull(c); // odd rows leave NULL columns unset: also NULL
                continue;
            }
            switch (v) {
                case Boolean b -> w.setBoolean(c, b);
                case Integer i -> w.setInt(c, i);
                case Long l -> w.setLong(c, l);
                case Double d -> w.setDouble(c, d);
                case BigDecimal m -> w.setLong(c, m.unscaledValue().longValueExact());
                case LocalDate d -> w.setInt(c, (int) d.toEpochDay());
                case LocalDateTime t -> w.setLong(c, t.toEpochSecond(java.time.ZoneOffset.UTC) * 1_000_000L + t.getNano() / 1000);
                case String s -> w.setString(c, s);
                default -> throw new AssertionError(v);
            }
        }
        w.endRow();
    }

    public static Table write(Path dir, int rows, int sliceRows) throws Exception {
        return write(dir, rows, sliceRows, false);
    }

    /** @param packed whether integer segments are stored packed where that pays */
    public static Table write(Path dir, int rows, int sliceRows, boolean packed) throws Exception {
        Catalog catalog = Catalog.create(dir);
        try (TableWriter w = catalog.create("all_types", SCHEMA, WriteOptions.DEFAULTS.withMaxSliceRows(sliceRows).withPacked(packed))) {
            for (int r = 0; r < rows; r++) appendRow(w, r);
            w.commit();
        }
        return catalog.table("all_types");
    }
}
