package io.ascan.jdbc;

import io.ascan.catalog.Catalog;
import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.types.DataType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

/** A small real catalog written with the table writer, and rows of every type for the scripted executor. */
public final class JdbcFixtures {
    private JdbcFixtures() {}

    public static final String ALL_TYPES = "SELECT b, i, l, d, m, dt, ts, s FROM all_types";

    /** Rows as the query service's Java mapping; the second row is all NULL. */
    public static final List<Object[]> ROWS = List.of(
            new Object[] {true, 42, 9_000_000_000L, 1e20, new BigDecimal("-1234.50"), LocalDate.of(1998, 12, 31),
                    LocalDateTime.of(2020, 2, 29, 23, 59, 58, 123_456_000), "a, \"quoted\"\nline"},
            new Object[] {null, null, null, null, null, null, null, null},
            new Object[] {false, -7, -1L, 0.5, new BigDecimal("0.05"), LocalDate.of(1970, 1, 1),
                    LocalDateTime.of(1969, 12, 31, 23, 0), ""});

    /** Tables all_types (every type) and orders in a new catalog at {@code dir}. */
    public static Catalog catalog(Path dir) throws IOException {
        Catalog c = Catalog.create(dir);
        TableSchema schema = TableSchema.of(ColumnSpec.of("b", DataType.BOOLEAN), ColumnSpec.of("i", DataType.INTEGER),
                ColumnSpec.of("l", DataType.BIGINT), ColumnSpec.of("d", DataType.DOUBLE),
                ColumnSpec.of("m", DataType.decimal(12, 2)), ColumnSpec.of("dt", DataType.DATE),
                ColumnSpec.of("ts", DataType.TIMESTAMP), ColumnSpec.of("s", DataType.VARCHAR));
        try (TableWriter w = c.create("all_types", schema, WriteOptions.DEFAULTS)) {
            for (int r = 0; r < 10; r++) {
                w.setBoolean(0, r % 2 == 0);
                w.setInt(1, r);
                w.setLong(2, r * 10L);
                w.setDouble(3, r / 4.0);
                w.setLong(4, r * 125L);
                w.setInt(5, (int) LocalDate.of(2000, 1, 1).plusDays(r).toEpochDay());
                w.setLong(6, LocalDateTime.of(2020, 1, 1, 0, 0).plusHours(r).toEpochSecond(ZoneOffset.UTC) * 1_000_000L);
                if (r % 3 == 0) w.setNull(7);
                else w.setString(7, "v" + r);
                w.endRow();
            }
            w.commit();
        }
        TableSchema orders = TableSchema.of(ColumnSpec.of("o_id", DataType.BIGINT), ColumnSpec.of("o_custkey", DataType.INTEGER),
                ColumnSpec.of("o_total", DataType.decimal(15, 2)));
        try (TableWriter w = c.create("orders", orders, WriteOptions.DEFAULTS)) {
            w.setLong(0, 1);
            w.setInt(1, 7);
            w.setLong(2, 1999);
            w.endRow();
            w.commit();
        }
        return c;
    }
}
