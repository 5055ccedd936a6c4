package io.ascan.e2e.storage;

import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.types.DataType;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Table contents that tell their generation: generation {@code g} has {@code rows(g)} rows
 * {@code (id, v) = (i, g * 1_000_000 + i)}, so a reader can check an answer against the version it
 * saw without knowing which one that was: {@link #check} derives g from MIN(v) and computes the
 * other aggregates independently.
 */
final class Generations {
    static final String QUERY = "SELECT COUNT(*), SUM(v), MIN(v), MAX(v), COUNT(DISTINCT id) FROM t";
    static final int SLICE_ROWS = 500;

    private Generations() {}

    static int rows(int g) {
        return 3_000 + 613 * (g % 7);
    }

    static void write(Path catalog, int g, boolean replace) throws IOException {
        TableSchema schema = TableSchema.of(ColumnSpec.of("id", DataType.BIGINT), ColumnSpec.of("v", DataType.BIGINT));
        try (TableWriter w = TableWriter.create(catalog, "t", schema,
                WriteOptions.DEFAULTS.withReplace(replace).withMaxSliceRows(SLICE_ROWS))) {
            for (int i = 0; i < rows(g); i++) {
                w.setLong(0, i);
                w.setLong(1, g * 1_000_000L + i);
                w.endRow();
            }
            w.commit();
        }
    }

    static void writeCsv(Path file, int g) throws IOException {
        try (Writer out = Files.newBufferedWriter(file)) {
            out.write("id,v\n");
            for (int i = 0; i < rows(g); i++) out.write(i + "," + (g * 1_000_000L + i) + "\n");
        }
    }

    /** The generation {@link #QUERY}'s answer is from, after checking all of it; an AssertionError says what is wrong. */
    static int check(ResultSet rs) throws SQLException {
        if (!rs.next()) throw new AssertionError("no row");
        long count = rs.getLong(1), sum = rs.getLong(2), min = rs.getLong(3), max = rs.getLong(4), distinct = rs.getLong(5);
        if (rs.next()) throw new AssertionError("more than one row");
        int g = (int) (min / 1_000_000);
        long n = rows(g);
        long expectedSum = g * 1_000_000L * n + n * (n - 1) / 2;
        if (min != g * 1_000_000L || count != n || distinct != n || max != g * 1_000_000L + n - 1 || sum != expectedSum) {
            throw new AssertionError("wrong answer for generation " + g + ": count " + count + " (expected " + n + "), sum "
                    + sum + " (" + expectedSum + "), min " + min + ", max " + max + ", distinct ids " + distinct);
        }
        return g;
    }
}
