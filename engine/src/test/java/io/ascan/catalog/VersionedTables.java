package io.ascan.catalog;

import io.ascan.format.TableVersions;
import io.ascan.format.ColumnSpec;
import io.ascan.format.SliceData;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.BigIntVector;

/**
 * Test tables whose contents tell their generation: table version {@code g} has {@code rows(g)}
 * rows (id, g * 1000 + id), so a reader can check every row against the version it saw.
 */
final class VersionedTables {
    static final TableSchema SCHEMA = TableSchema.of(ColumnSpec.of("id", DataType.BIGINT), ColumnSpec.of("v", DataType.BIGINT));
    static final int SLICE_ROWS = 100;

    private VersionedTables() {}

    static int rows(int generation) {
        return 250 + 37 * generation;
    }

    static void write(Path catalog, String name, int generation, WriteOptions options) throws IOException {
        try (TableWriter w = TableWriter.create(catalog, name, SCHEMA,
                options.maxSliceRows() == 0 ? options.withMaxSliceRows(SLICE_ROWS) : options)) {
            for (int i = 0; i < rows(generation); i++) {
                w.setLong(0, i);
                w.setLong(1, generation * 1000L + i);
                w.endRow();
            }
            w.commit();
        }
    }

    /** The generation a table holds, after checking every row of it; an error names what is wrong. */
    static int generation(Table t, LeakCheck memory) throws IOException {
        List<long[]> rows = new ArrayList<>();
        try (BlockReader io = BlockReaders.open(IoMode.URING, 4);
             TableReader reader = TableReader.all(t, io, memory.pool(), memory.allocator())) {
            while (reader.hasNext()) {
                try (SliceData s = reader.next()) {
                    BigIntVector id = (BigIntVector) s.column(0).vector(), v = (BigIntVector) s.column(1).vector();
                    for (int r = 0; r < s.rowCount(); r++) rows.add(new long[] {id.get(r), v.get(r)});
                }
            }
        }
        if (rows.isEmpty()) throw new AssertionError("table is empty");
        int g = (int) (rows.get(0)[1] / 1000);
        if (rows.size() != rows(g)) throw new AssertionError("generation " + g + " has " + rows.size() + " rows, not " + rows(g));
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i)[0] != i || rows.get(i)[1] != g * 1000L + i) throw new AssertionError("row " + i + " is wrong");
        }
        return g;
    }

    /** Entries of a directory (hidden ones included), sorted. */
    static List<String> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Rewrites a table into the layout from before versions: files in the table directory, unsealed manifest. */
    static void makeLegacy(Path catalog, String name) throws IOException {
        Path tableDir = catalog.resolve(name);
        Path version = tableDir.resolve(TableVersions.current(tableDir, name)); // not Catalog.open: no recovery here
        for (String f : entries(version)) {
            if (f.endsWith(".col")) Files.move(version.resolve(f), tableDir.resolve(f));
        }
        String body = io.ascan.testing.ManifestFiles.body(version.resolve("manifest.json"))
                .replaceFirst("\"formatVersion\" : \\d+", "\"formatVersion\" : 1");
        Files.writeString(tableDir.resolve("manifest.json"), body);
        Files.delete(tableDir.resolve(TableVersions.CURRENT));
        TableVersions.deleteTree(version);
    }
}
