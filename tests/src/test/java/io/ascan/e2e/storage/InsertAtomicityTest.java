package io.ascan.e2e.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.format.ColumnSpec;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.types.DataType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * INSERT publishes a table's new version atomically: one failing on a bad value after several
 * slices were written leaves the table exactly as it was (same version, same rows, no staging
 * left), a reader racing inserts sees only whole inserts, and concurrent inserts lose no rows.
 */
class InsertAtomicityTest {
    /** Rows of the source table: more than one slice of a BIGINT column at the default segment cap (262,080 rows). */
    private static final int SOURCE_ROWS = 300_000;
    private static final int BATCH = 1000;

    @TempDir Path dir;

    /** Table {@code name} with one BIGINT column k = 0 .. rows-1, written through the engine's writer. */
    private void source(String name, int rows) throws IOException {
        try (TableWriter w = Catalog.open(dir).create(name, TableSchema.of(ColumnSpec.of("k", DataType.BIGINT)), WriteOptions.DEFAULTS)) {
            for (int k = 0; k < rows; k++) {
                w.setLong(0, k);
                w.endRow();
            }
            w.commit();
        }
    }

    private String url() {
        return "jdbc:ascan:" + dir;
    }

    private static long[] countAndSum(Statement s, String table) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(k), COUNT(DISTINCT g), MIN(g), MAX(g) FROM " + table)) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5)};
        }
    }

    @Test
    void insertFailingAtRowNLeavesTheTableAsItWas() throws Exception {
        source("src", SOURCE_ROWS);
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE t (k BIGINT, g INTEGER)");
            assertEquals(BATCH, s.executeUpdate("INSERT INTO t SELECT k, 1 FROM src WHERE k < " + BATCH));
            String before = Catalog.open(dir).currentVersion("t");
            long[] rows = countAndSum(s, "t");

            // Row 280,000 divides by zero: the rows before it fill a slice of the new version first.
            SQLException e = assertThrows(SQLException.class,
                    () -> s.executeUpdate("INSERT INTO t SELECT k, CAST(1000000 / (k - 280000) AS INTEGER) FROM src"));
            assertEquals("22012", e.getSQLState(), e.getMessage());

            assertEquals(before, Catalog.open(dir).currentVersion("t"));
            assertEquals(List.of(rows[0], rows[1]), List.of(countAndSum(s, "t")[0], countAndSum(s, "t")[1]));
            try (Stream<Path> entries = Files.list(dir)) {
                assertEquals(List.of(), entries.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".tmp-")).toList(),
                        "the failed insert's staging is removed");
            }
            // and the table takes the next insert
            assertEquals(SOURCE_ROWS, s.executeUpdate("INSERT INTO t SELECT k, 2 FROM src"));
            long[] after = countAndSum(s, "t");
            assertEquals(BATCH + SOURCE_ROWS, after[0]);
            assertEquals((long) BATCH * (BATCH - 1) / 2 + (long) SOURCE_ROWS * (SOURCE_ROWS - 1) / 2, after[1]);
        }
    }

    @Test
    void readersRacingInsertsSeeWholeInsertsOnly() throws Exception {
        source("batch", BATCH);
        int inserts = 20;
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE t (k BIGINT, g INTEGER)");
        }
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicLong reads = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        // Two writers, odd and even generations: no insert may lose the other's rows.
        for (int parity = 0; parity < 2; parity++) {
            int first = parity + 1;
            threads.add(new Thread(() -> {
                try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
                    for (int g = first; g <= inserts; g += 2) s.executeUpdate("INSERT INTO t SELECT k, " + g + " FROM batch");
                } catch (Throwable t) {
                    failures.add("writer: " + t);
                }
            }, "inserting-writer-" + parity));
        }
        for (String mode : List.of("adaptive", "direct", "pushdown")) {
            threads.add(new Thread(() -> {
                try (Connection c = DriverManager.getConnection(url() + "?mode=" + mode); Statement s = c.createStatement()) {
                    while (!done.get()) {
                        long[] r = countAndSum(s, "t");
                        reads.incrementAndGet();
                        // every generation seen is whole: BATCH rows each, k summing to 0 + ... + BATCH-1
                        if (r[0] != r[2] * BATCH || r[1] != r[2] * ((long) BATCH * (BATCH - 1) / 2)) {
                            failures.add(mode + ": a mix: " + r[0] + " rows, sum " + r[1] + ", " + r[2] + " generations");
                        }
                    }
                } catch (Throwable t) {
                    failures.add(mode + ": " + t);
                }
            }, "reader-" + mode));
        }
        threads.forEach(Thread::start);
        threads.get(0).join();
        threads.get(1).join();
        done.set(true);
        for (Thread t : threads) t.join();
        assertEquals(List.of(), List.copyOf(failures));
        assertTrue(reads.get() > 0);
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
            long[] r = countAndSum(s, "t");
            assertEquals(List.of((long) inserts * BATCH, (long) inserts, 1L, (long) inserts), List.of(r[0], r[2], r[3], r[4]));
        }
    }
}
