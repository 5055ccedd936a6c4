package io.ascan.catalog;

import io.ascan.format.ManifestCodec;
import io.ascan.format.TableManifest;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A directory of tables. A table is a sub-directory holding a {@code manifest.json}; hidden
 * directories (staging, trash) and directories without a manifest are not tables.
 */
public final class Catalog {
    private final Path dir;

    private Catalog(Path dir) {
        this.dir = dir;
    }

    /** Opens an existing catalog directory. */
    public static Catalog open(Path dir) throws IOException {
        if (!Files.exists(dir)) throw new NoSuchFileException(dir.toString(), null, "catalog directory does not exist");
        if (!Files.isDirectory(dir)) throw new NotDirectoryException(dir + " (catalog must be a directory)");
        return new Catalog(dir.toAbsolutePath().normalize());
    }

    /** Opens a catalog directory, creating it (and its parents) if missing. */
    public static Catalog create(Path dir) throws IOException {
        Files.createDirectories(dir);
        return open(dir);
    }

    public Path dir() {
        return dir;
    }

    /** Names of the committed tables, sorted. */
    public List<String> tableNames() throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path p : entries.sorted().toList()) {
                String n = p.getFileName().toString();
                if (!n.startsWith(".") && Files.isRegularFile(p.resolve(TableManifest.FILE_NAME))) names.add(n);
            }
        }
        return names;
    }

    public boolean exists(String name) {
        return Files.isRegularFile(dir.resolve(name.toLowerCase(Locale.ROOT)).resolve(TableManifest.FILE_NAME));
    }

    /** Loads a table's manifest; an unknown name is an error listing the tables there are. */
    public Table table(String name) throws IOException {
        String n = name.toLowerCase(Locale.ROOT);
        if (!exists(n)) {
            throw new NoSuchFileException(dir.resolve(n).toString(), null,
                    "no table '" + n + "' in " + dir + " (tables: " + String.join(", ", tableNames()) + ")");
        }
        return new Table(dir.resolve(n), ManifestCodec.read(dir.resolve(n)));
    }

    public TableWriter create(String name, TableSchema schema, WriteOptions options) throws IOException {
        return TableWriter.create(dir, name, schema, options);
    }
}
