package io.ascan.catalog;

import io.ascan.format.TableManifest;
import io.ascan.format.TableSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A committed table: its directory and manifest. Immutable; a rewrite publishes a new directory. */
public record Table(Path dir, TableManifest manifest) {
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

    /** Bytes the table's files occupy (apparent size). */
    public long bytesOnDisk() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            long total = 0;
            for (Path p : files.toList()) total += Files.size(p);
            return total;
        }
    }
}
