package io.ascan.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.types.DataType;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Window functions over a million rows, in one partition and in several: results against sums
 * computed here, and a window whose rows exceed query.memory fails cleanly (53200) instead of
 * exhausting the heap; the same for the holistic aggregates (MEDIAN, ...), computed as windows. Closing each connection checks that the query released all its memory.
 */
class WindowLargeTest {
    private static final int ROWS = 1_000_000;
    private static final int GROUPS = 7;

    @TempDir static Path dir;

    static long value(int i) {
        return (i * 7919L) % 1000 - 500;
    }

    @BeforeAll
    static void table() throws Exception {
        Catalog catalog = Catalog.create(dir);
        TableSchema schema = TableSchema.of(ColumnSpec.of("i", DataType.INTEGER), ColumnSpec.of("g", DataType.INTEGER),
                ColumnSpec.of("v", DataType.BIGINT));
        try (TableWriter w = catalog.create("big", schema, WriteOptions.DEFAULTS.withMaxSliceRows(65_536))) {
            for (int i = 0; i < ROWS; i++) {
                w.setInt(0, i);
                w.setInt(1, i % GROUPS);
                w.setLong(2, value(i));
                w.endRow();
            }
            w.commit();
        }
    }

    @Test
    void onePartitionOfAMillionRows() throws SQLException {
        String sql = "SELECT COUNT(*), SUM(rn), SUM(s), MAX(m), SUM(l) FROM (SELECT ROW_NUMBER() OVER (ORDER BY i) AS rn, "
                + "SUM(v) OVER (ORDER BY i ROWS BETWEEN 1000 PRECEDING AND CURRENT ROW) AS s, "
                + "MIN(v) OVER (ORDER BY i ROWS BETWEEN 5 PRECEDING AND 5 FOLLOWING) AS m, "
                + "LAG(v, 3, 0) OVER (ORDER BY i) AS l FROM big) t";
        long sumS = 0, window = 0, maxM = Long.MIN_VALUE, sumL = 0;
        for (int i = 0; i < ROWS; i++) {
            window += value(i);
            if (i > 1000) window -= value(i - 1001);
            sumS += window;
            long min = Long.MAX_VALUE;
            for (int j = Math.max(0, i - 5); j <= Math.min(ROWS - 1, i + 5); j++) min = Math.min(min, value(j));
            maxM = Math.max(maxM, min);
            sumL += i >= 3 ? value(i - 3) : 0;
        }
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next());
            assertEquals(ROWS, rs.getLong(1));
            assertEquals((long) ROWS * (ROWS + 1) / 2, rs.getLong(2));
            assertEquals(sumS, rs.getLong(3));
            assertEquals(maxM, rs.getLong(4));
            assertEquals(sumL, rs.getLong(5));
        }
    }

    @Test
    void partitionsOfAMillionRows() throws SQLException {
        String sql = "SELECT g, COUNT(*), SUM(r), SUM(c) FROM (SELECT g, RANK() OVER (PARTITION BY g ORDER BY v) AS r, "
                + "COUNT(*) OVER (PARTITION BY g ORDER BY v) AS c FROM big) t GROUP BY g ORDER BY g";
        // per group: values -500..499, each value's rows are peers; rank = 1 + rows with smaller values, count = rows up to the last peer
        long[][] counts = new long[GROUPS][1000];
        for (int i = 0; i < ROWS; i++) counts[i % GROUPS][(int) (value(i) + 500)]++;
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            for (int g = 0; g < GROUPS; g++) {
                long below = 0, rankSum = 0, countSum = 0, n = 0;
                for (long k : counts[g]) {
                    rankSum += k * (below + 1);
                    below += k;
                    countSum += k * below;
                    n += k;
                }
                assertTrue(rs.next());
                assertEquals(g, rs.getInt(1));
                assertEquals(n, rs.getLong(2));
                assertEquals(rankSum, rs.getLong(3), "group " + g);
                assertEquals(countSum, rs.getLong(4), "group " + g);
            }
        }
    }

    @Test
    void aWindowBeyondQueryMemoryFailsCleanly() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir + "?query.memory=8m"); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> {
                try (ResultSet rs = s.executeQuery("SELECT SUM(r) FROM (SELECT ROW_NUMBER() OVER (ORDER BY v, i) AS r FROM big) t")) {
                    while (rs.next()) {
                        // read to the end
                    }
                }
            });
            assertEquals("53200", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("window"), e.getMessage());
        }
    }

    @Test
    void mediansOfAMillionRowsInGroups() throws SQLException {
        // per group the sorted values; MEDIAN interpolates between the middle two, PERCENTILE_DISC(0.25) is index ceil(n/4) - 1
        long[][] counts = new long[GROUPS][1000];
        for (int i = 0; i < ROWS; i++) counts[i % GROUPS][(int) (value(i) + 500)]++;
        String sql = "SELECT g, MEDIAN(v), PERCENTILE_DISC(0.25) WITHIN GROUP (ORDER BY v) FROM big GROUP BY g ORDER BY g";
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            for (int g = 0; g < GROUPS; g++) {
                long n = 0;
                for (long k : counts[g]) n += k;
                assertTrue(rs.next());
                assertEquals(g, rs.getInt(1));
                assertEquals((nth(counts[g], (n - 1) / 2) + nth(counts[g], n / 2)) / 2.0, rs.getDouble(2), 0.0, "group " + g);
                assertEquals(nth(counts[g], (n + 3) / 4 - 1), rs.getLong(3), "group " + g);
            }
        }
    }

    /** The value at index {@code at} of the sorted values counted in {@code counts} (value - 500 by index). */
    private static long nth(long[] counts, long at) {
        for (int v = 0; v < counts.length; v++) {
            if (at < counts[v]) return v - 500;
            at -= counts[v];
        }
        throw new IllegalArgumentException("index beyond the values");
    }

    @Test
    void aHolisticAggregateBeyondQueryMemoryFailsCleanly() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:ascan:" + dir + "?query.memory=8m"); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> {
                try (ResultSet rs = s.executeQuery("SELECT g, MEDIAN(v), STRING_AGG(CAST(i AS VARCHAR), ',') FROM big GROUP BY g")) {
                    while (rs.next()) {
                        // read to the end
                    }
                }
            });
            assertEquals("53200", e.getSQLState(), e.getMessage());
        }
    }
}
