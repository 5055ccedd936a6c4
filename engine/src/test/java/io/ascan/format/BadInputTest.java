package io.ascan.format;

import io.ascan.catalog.TableReader;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import io.ascan.testing.LeakCheck;
import io.ascan.testing.ManifestFiles;
import io.ascan.types.DataType;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Corrupt, truncated and malformed tables give errors naming table, column and slice; nothing leaks. */
class BadInputTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    private Table table() throws Exception {
        return RoundTripTest.writeAllTypes(dir, 2_500, 1_000);
    }

    private void readAll(Table t) throws IOException {
        try (BlockReader reader = BlockReaders.open(IoMode.URING, 4);
             TableReader tr = TableReader.all(t, reader, memory.pool(), memory.allocator())) {
            while (tr.hasNext()) {
                try (SliceData s = tr.next()) {
                    assertTrue(s.rowCount() > 0);
                }
            }
        }
    }

    @Test
    void corruptSegmentFailsItsCrc() throws Exception {
        Table t = table();
        SegmentMeta seg = t.manifest().slices().get(1).segment(3);
        try (RandomAccessFile f = new RandomAccessFile(t.columnFile(3).toFile(), "rw")) {
            long at = seg.offset() + seg.length() - 5;
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x40);
        }
        StorageException e = assertThrows(StorageException.class, () -> readAll(t));
        assertTrue(e.getMessage().contains("table 'all_types', column 'd', slice 1"), e.getMessage());
        assertTrue(e.getMessage().contains("CRC32C"), e.getMessage());
    }

    @Test
    void truncatedColumnFileIsNamed() throws Exception {
        Table t = table();
        Path file = t.columnFile(8);
        SegmentMeta last = t.manifest().slices().get(2).segment(8);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(last.offset() + 100);
        }
        StorageException e = assertThrows(StorageException.class, () -> readAll(t));
        assertTrue(e.getMessage().contains("column 'high', slice 2"), e.getMessage());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void missingManifestMakesTheTableDamagedNotGone() throws Exception {
        Table t = table();
        Files.delete(t.dir().resolve(TableManifest.FILE_NAME));
        Catalog catalog = Catalog.open(dir);
        assertEquals(List.of("all_types"), catalog.tableNames());
        DamagedTableException e = assertThrows(DamagedTableException.class, () -> catalog.table("all_types"));
        assertTrue(e.getMessage().contains("table 'all_types'") && e.getMessage().contains("is missing"), e.getMessage());
    }

    @Test
    void malformedManifestIsReported() throws Exception {
        Table t = table();
        Path m = t.dir().resolve(TableManifest.FILE_NAME);
        Files.writeString(m, "{\"formatVersion\": 1, \"columns\": [");
        StorageException e = assertThrows(StorageException.class, () -> Catalog.open(dir).table("all_types"));
        assertTrue(e.getMessage().contains("table 'all_types'") && e.getMessage().contains("not valid JSON"), e.getMessage());

        Files.writeString(m, "{\"formatVersion\": 1, \"name\": \"all_types\"}");
        e = assertThrows(StorageException.class, () -> Catalog.open(dir).table("all_types"));
        assertTrue(e.getMessage().contains("missing 'columns'"), e.getMessage());
    }

    @Test
    void unknownFormatVersionIsRefused() throws Exception {
        Table t = table();
        Path m = t.dir().resolve(TableManifest.FILE_NAME);
        ManifestFiles.edit(m, b -> b.replaceFirst("\"formatVersion\" : \\d+", "\"formatVersion\" : 7"));
        StorageException e = assertThrows(StorageException.class, () -> Catalog.open(dir).table("all_types"));
        assertTrue(e.getMessage().contains("format version 7 is not supported"), e.getMessage());
    }

    @Test
    void manifestDisagreeingWithSegmentIsCaught() throws Exception {
        Table t = table();
        Path m = t.dir().resolve(TableManifest.FILE_NAME);
        // Swap two columns' types: the header check catches it even though CRCs match.
        ManifestFiles.edit(m, b -> b.replaceFirst("\"INTEGER\"", "\"DATE\"").replaceFirst("\"BIGINT\"", "\"TIMESTAMP\""));
        Table swapped = Catalog.open(dir).table("all_types");
        assertEquals(DataType.DATE, swapped.schema().column(1).type());
        // DATE and INTEGER share a layout but not a type tag.
        StorageException e = assertThrows(StorageException.class, () -> readAll(swapped));
        assertTrue(e.getMessage().contains("column 'i', slice 0") && e.getMessage().contains("disagrees"), e.getMessage());
    }

    @Test
    void missingCatalogDirectoryIsClear() {
        NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> Catalog.open(dir.resolve("nope")));
        assertTrue(e.getMessage().contains("catalog directory does not exist"), e.getMessage());
    }

    @Test
    void abandonedWriteLeavesNothingVisible() throws Exception {
        Catalog catalog = Catalog.create(dir);
        try (TableWriter w = catalog.create("half", RoundTripTest.ALL_TYPES, WriteOptions.DEFAULTS.withMaxSliceRows(10))) {
            for (int r = 0; r < 95; r++) RoundTripTest.appendRow(w, r);
            // no commit: as if the process died or an import failed
        }
        assertFalse(catalog.exists("half"));
        try (Stream<Path> entries = Files.list(dir)) {
            assertEquals(List.of(), entries.toList(), "staging directory removed");
        }
    }

    @Test
    void existingTableIsNotOverwrittenWithoutReplace() throws Exception {
        Table t = table();
        byte[] before = Files.readAllBytes(t.dir().resolve(TableManifest.FILE_NAME));
        Catalog catalog = Catalog.open(dir);
        assertThrows(FileAlreadyExistsException.class,
                () -> catalog.create("all_types", RoundTripTest.ALL_TYPES, WriteOptions.DEFAULTS));
        assertArrayEquals(before, Files.readAllBytes(t.dir().resolve(TableManifest.FILE_NAME)));

        try (TableWriter w = catalog.create("all_types", RoundTripTest.ALL_TYPES, WriteOptions.DEFAULTS.withReplace(true))) {
            for (int r = 0; r < 10; r++) RoundTripTest.appendRow(w, r);
            w.commit();
        }
        assertEquals(10, catalog.table("all_types").rowCount());
        assertEquals(List.of("all_types"), catalog.tableNames());
        readAll(catalog.table("all_types"));
    }

    @Test
    void badTableNamesAndTypesAreRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> Catalog.create(dir).create("../evil", RoundTripTest.ALL_TYPES, WriteOptions.DEFAULTS));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DataType.parse("DECIMAL(40,2)"));
        assertTrue(e.getMessage().contains("precision"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DataType.parse("GEOMETRY"));
    }

    @Test
    void wrongValueTypeForColumnIsRejected() throws Exception {
        Catalog catalog = Catalog.create(dir);
        try (TableWriter w = catalog.create("t", RoundTripTest.ALL_TYPES, WriteOptions.DEFAULTS)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.setString(1, "x"));
            assertTrue(e.getMessage().contains("INTEGER"), e.getMessage());
        }
        assertFalse(catalog.exists("t"));
    }
}
