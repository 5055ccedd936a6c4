package io.ascan.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.types.DataType;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manifest records approximate distinct counts per column, for the planner's estimates. */
class DistinctCountTest {
    @TempDir Path dir;

    static void assertClose(long expected, long actual) {
        assertTrue(Math.abs(actual - expected) <= Math.max(2, expected * 0.05), "expected about " + expected + ", got " + actual);
    }

    @Test
    void estimatesAreWithinFivePercentAndSurviveTheManifest() throws Exception {
        TableSchema schema = TableSchema.of(ColumnSpec.of("k", DataType.INTEGER), ColumnSpec.of("s", DataType.VARCHAR),
                ColumnSpec.of("id", DataType.BIGINT), ColumnSpec.of("x", DataType.DOUBLE));
        Catalog catalog = Catalog.create(dir);
        try (TableWriter w = catalog.create("t", schema, WriteOptions.DEFAULTS.withMaxSliceRows(30_000))) {
            for (int r = 0; r < 100_000; r++) {
                w.setInt(0, r % 50);
                w.setString(1, "v" + (r % 1000));
                w.setLong(2, r);
                if (r % 10 != 0) w.setDouble(3, r % 7 * 0.5); // NULLs do not count
                w.endRow();
            }
            w.commit();
        }
        Table t = catalog.table("t");
        assertClose(50, t.manifest().distinctCount(0));
        assertClose(1000, t.manifest().distinctCount(1));
        assertClose(100_000, t.manifest().distinctCount(2));
        assertEquals(7, t.manifest().distinctCount(3));
        assertTrue(Files.readString(t.dir().resolve(TableManifest.FILE_NAME)).contains("\"distinct\""));
    }

    @Test
    void manifestsWithoutCountsStillLoad() throws Exception {
        Catalog catalog = Catalog.create(dir);
        try (TableWriter w = catalog.create("t", TableSchema.of(ColumnSpec.of("a", DataType.INTEGER)), WriteOptions.DEFAULTS)) {
            w.setInt(0, 1);
            w.endRow();
            w.commit();
        }
        Path m = catalog.table("t").dir().resolve(TableManifest.FILE_NAME);
        io.ascan.testing.ManifestFiles.edit(m, b -> b.replaceAll(",\\s*\"distinct\" : \\d+", ""));
        assertEquals(-1, catalog.table("t").manifest().distinctCount(0));
    }
}
