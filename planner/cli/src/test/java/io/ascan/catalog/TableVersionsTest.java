package io.ascan.catalog;

import io.ascan.format.TableVersions;
import static io.ascan.catalog.VersionedTables.entries;
import static io.ascan.catalog.VersionedTables.generation;
import static io.ascan.catalog.VersionedTables.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.format.DamagedTableException;
import io.ascan.format.WriteOptions;
import io.ascan.testing.CliRun;
import io.ascan.testing.LeakCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Versions, pins, recovery of leftovers and checked manifests of a catalog's tables. */
class TableVersionsTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    private static final WriteOptions REPLACE = WriteOptions.DEFAULTS.withReplace(true);

    @Test
    void replaceLeavesAPinnedVersionReadableAndRemovesItWhenReleased() throws Exception {
        write(dir, "t", 1, WriteOptions.DEFAULTS);
        Catalog catalog = Catalog.open(dir);
        try (Catalog.Pinned v1 = catalog.pinned("t")) {
            write(dir, "t", 2, REPLACE);
            write(dir, "t", 3, REPLACE);
            assertEquals(3, generation(catalog.table("t"), memory));
            // The pinned version's files were neither rewritten nor removed by the two replaces.
            assertEquals(1, generation(v1.table(), memory));
            assertTrue(Files.isDirectory(v1.table().dir()));
        }
        // Released: only the current version is left.
        Table now = catalog.table("t");
        assertEquals(List.of("CURRENT", now.version()), entriesWithout(dir.resolve("t"), ".lock"));
        assertEquals(List.of("t"), entries(dir));
    }

    private static List<String> entriesWithout(Path d, String name) throws java.io.IOException {
        return entries(d).stream().filter(n -> !n.equals(name)).toList();
    }

    @Test
    void aVersionRemovedBeforeItIsPinnedIsNotPinned() throws Exception {
        write(dir, "t", 1, WriteOptions.DEFAULTS);
        Catalog catalog = Catalog.open(dir);
        Table v1 = catalog.table("t");
        write(dir, "t", 2, REPLACE); // nobody pinned v1: the writer removed it
        assertFalse(Files.exists(v1.dir()));
        assertEquals(null, Catalog.pin(v1));
        try (Catalog.Pinned p = catalog.pinned("t")) {
            assertEquals(2, generation(p.table(), memory));
        }
    }

    @Test
    void oneByteEditOfAZoneMapIsDetected() throws Exception {
        write(dir, "t", 1, WriteOptions.DEFAULTS);
        write(dir, "u", 2, WriteOptions.DEFAULTS);
        Path manifest = Catalog.open(dir).table("t").dir().resolve("manifest.json");
        String text = Files.readString(manifest);
        // The last slice's max of column v: 1286 -> 1186 would let pruning skip rows that are there.
        int at = text.lastIndexOf("\"max\" : 1286");
        assertTrue(at > 0, text);
        Files.writeString(manifest, text.substring(0, at) + "\"max\" : 1186" + text.substring(at + 12));

        Catalog catalog = Catalog.open(dir);
        DamagedTableException e = assertThrows(DamagedTableException.class, () -> catalog.table("t"));
        assertTrue(e.getMessage().contains("table 't'") && e.getMessage().contains("checksum mismatch"), e.getMessage());
        assertEquals(2, generation(catalog.table("u"), memory), "the other table stays usable");

        CliRun tables = CliRun.of("tables", "--dir", dir.toString());
        assertEquals(0, tables.exit(), tables.err());
        assertTrue(tables.out().matches("(?s).*\\bt\\s+damaged\\b.*"), tables.out());
        assertTrue(tables.out().contains("t: manifest checksum mismatch"), tables.out());
        assertTrue(tables.out().matches("(?s).*\\bu\\s+324\\s+2\\b.*"), tables.out());

        CliRun scan = CliRun.of("scan", "--dir", dir.toString());
        assertEquals(2, scan.exit(), scan.out() + scan.err());
        assertTrue(scan.err().contains("table 't': damaged: manifest checksum mismatch"), scan.err());
        assertTrue(scan.err().contains("1 of 2 tables are damaged"), scan.err());
        assertTrue(scan.out().contains("u "), scan.out());
    }

    @Test
    void aMissingOrCorruptCurrentIsReportedAsDamage() throws Exception {
        write(dir, "t", 1, WriteOptions.DEFAULTS);
        Path current = dir.resolve("t").resolve(TableVersions.CURRENT);
        Files.writeString(current, "v9-00000000\n");
        DamagedTableException e = assertThrows(DamagedTableException.class, () -> Catalog.open(dir).table("t"));
        assertTrue(e.getMessage().contains("names version v9-00000000, which is missing"), e.getMessage());
        Files.writeString(current, "garbage");
        e = assertThrows(DamagedTableException.class, () -> Catalog.open(dir).table("t"));
        assertTrue(e.getMessage().contains("CURRENT file is corrupt"), e.getMessage());
        assertEquals(List.of("t"), Catalog.open(dir).tableNames());
    }

    @Test
    void infiniteAndNanDoublesKeepTheTableReadable() throws Exception {
        var schema = io.ascan.format.TableSchema.of(io.ascan.format.ColumnSpec.of("x", io.ascan.types.DataType.DOUBLE));
        double[] values = {1.5, Double.POSITIVE_INFINITY, -2.0, Double.NEGATIVE_INFINITY, Double.NaN, 3.0};
        try (var w = io.ascan.format.TableWriter.create(dir, "d", schema, WriteOptions.DEFAULTS.withMaxSliceRows(2))) {
            for (double v : values) {
                w.setDouble(0, v);
                w.endRow();
            }
            w.commit();
        }
        Table t = Catalog.open(dir).table("d");
        var slices = t.manifest().slices();
        assertEquals(Double.POSITIVE_INFINITY, slices.get(0).segment(0).max());
        assertEquals(Double.NEGATIVE_INFINITY, slices.get(1).segment(0).min());
        assertEquals(null, slices.get(2).segment(0).max(), "a segment with NaN has no bounds");
        List<Object> read = new java.util.ArrayList<>();
        try (var blocks = io.ascan.io.BlockReaders.open(io.ascan.io.IoMode.URING, 4);
             var reader = io.ascan.catalog.TableReader.all(t, blocks, memory.pool(), memory.allocator())) {
            while (reader.hasNext()) {
                try (var s = reader.next()) {
                    for (int r = 0; r < s.rowCount(); r++) read.add(s.column(0).getObject(r));
                }
            }
        }
        assertEquals(java.util.Arrays.stream(values).boxed().toList(), read);
    }

    @Test
    void legacyTableIsReadPinnedAndReplacedIntoVersions() throws Exception {
        write(dir, "t", 1, WriteOptions.DEFAULTS);
        VersionedTables.makeLegacy(dir, "t");
        Catalog catalog = Catalog.open(dir);
        Table legacy = catalog.table("t");
        assertEquals(TableVersions.LEGACY, legacy.version());
        assertEquals(dir.resolve("t"), legacy.dir());
        assertEquals(1, generation(legacy, memory));
        try (Catalog.Pinned pinned = catalog.pinned("t")) {
            write(dir, "t", 2, REPLACE);
            assertEquals(2, generation(catalog.table("t"), memory));
            assertEquals(1, generation(pinned.table(), memory), "the legacy files stay while pinned");
        }
        assertEquals(List.of("CURRENT", catalog.table("t").version()), entriesWithout(dir.resolve("t"), ".lock"),
                "the legacy files went with the last pin");
    }

    @Test
    void openingACatalogRestoresATableLostBetweenTheFormerReplacesTwoRenames() throws Exception {
        // The state the former --replace left when killed between its renames: old table in .trash-T-*,
        // new one in .tmp-T-*, no T.
        String uuid1 = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0", uuid2 = "1f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0";
        write(dir, "t", 1, WriteOptions.DEFAULTS);
        VersionedTables.makeLegacy(dir, "t");
        Files.move(dir.resolve("t"), dir.resolve(".trash-t-" + uuid1));
        write(dir, "t", 2, WriteOptions.DEFAULTS);
        VersionedTables.makeLegacy(dir, "t");
        Files.move(dir.resolve("t"), dir.resolve(".tmp-t-" + uuid2));

        Catalog catalog = Catalog.open(dir);
        assertEquals(2, generation(catalog.table("t"), memory), "the complete new copy is put in place");
        assertTrue(catalog.recovery().get(0).contains("finished the interrupted replace of table 't'"), catalog.recovery().toString());
        assertEquals(List.of("t"), entries(dir), "the old copy is removed");

        // Killed before the new copy was complete: the old one comes back.
        Files.move(dir.resolve("t"), dir.resolve(".trash-t-" + uuid1));
        Files.createDirectory(dir.resolve(".tmp-t-" + uuid2));
        Files.writeString(dir.resolve(".tmp-t-" + uuid2).resolve("000-id.col"), "partial");
        catalog = Catalog.open(dir);
        assertEquals(2, generation(catalog.table("t"), memory));
        assertTrue(catalog.recovery().get(0).contains("restored table 't' from .trash-t-" + uuid1), catalog.recovery().toString());
        assertEquals(List.of("t"), entries(dir));
        CliRun tables = CliRun.of("tables", "--dir", dir.toString());
        assertEquals("", tables.err(), "a clean catalog's recovery has nothing to say");
    }

    @Test
    void abandonedStagingIsRemovedAndALiveWritersIsNot() throws Exception {
        write(dir, "t", 1, WriteOptions.DEFAULTS);
        // An old killed import's staging (no lock file), from a minute ago.
        Path old = dir.resolve(".tmp-t-2f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0");
        Files.createDirectory(old);
        Files.writeString(old.resolve("000-id.col"), "partial");
        Files.setLastModifiedTime(old, FileTime.from(Instant.now().minusSeconds(3600)));
        try (var live = io.ascan.format.TableWriter.create(dir, "t", VersionedTables.SCHEMA, REPLACE)) {
            live.setLong(0, 1);
            live.setLong(1, 1);
            live.endRow();
            Catalog catalog = Catalog.open(dir);
            assertEquals(List.of("removed " + old.getFileName() + " (staging of an interrupted write of table 't')"),
                    catalog.recovery());
            assertEquals(2, entries(dir).size(), "the live writer's staging stays: " + entries(dir));
            CliRun tables = CliRun.of("tables", "--dir", dir.toString());
            assertEquals("", tables.err());
        }
        assertEquals(List.of("t"), entries(dir));
    }

    @Test
    void replacingKeepsVersionNumbersRising() throws Exception {
        write(dir, "t", 1, WriteOptions.DEFAULTS);
        String v1 = Catalog.open(dir).table("t").version();
        write(dir, "t", 2, REPLACE);
        String v2 = Catalog.open(dir).table("t").version();
        assertNotEquals(v1, v2);
        assertTrue(v1.startsWith("v1-") && v2.startsWith("v2-"), v1 + " " + v2);
    }
}
