package io.ascan.catalog;

import io.ascan.format.TableVersions;
import io.ascan.format.TableManifest;
import io.ascan.format.TableSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * One version of a table: the directory holding that version's files ({@code dir}), the table's
 * directory, the version's name ({@link TableVersions#LEGACY} for a table written before versions
 * existed, whose files sit in the table directory itself) and its manifest. Immutable, and so are
 * the files: a rewrite publishes a new version (see {@link TableVersions}).
 */
public record Table(Path dir, Path tableDir, String version, TableManifest manifest) {
    /** A table read from {@code dir} outside any catalog (its own directory, as a legacy version). */
    public Table(Path dir, TableManifest manifest) {
        this(dir, dir, TableVersions.LEGACY, manifest);
    }

    public String name() {
        return manifest.name();
    }

    public TableSchema schema() {
        return manifest.schema();
    }

    public long rowCount() {
        return manifest.rowCount();
    }

    public Path columnFile(int column) {
        return dir.resolve(TableManifest.columnFileName(column, manifest.columns().get(column).name()));
    }

    /** Bytes this version's files occupy (apparent size). */
    public long bytesOnDisk() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            long total = 0;
            for (Path p : files.toList()) if (Files.isRegularFile(p)) total += Files.size(p);
            return total;
        }
    }
}
