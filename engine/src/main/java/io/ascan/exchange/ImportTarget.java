package io.ascan.exchange;

import io.ascan.catalog.Catalog;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where an import goes: a catalog, a table name and write options. Checks run before any input
 * is read, so that a doomed import (missing file, existing table) fails at once; the table itself
 * only appears when {@link TableWriter#commit()} succeeds, so a failed import leaves nothing.
 */
public record ImportTarget(Catalog catalog, String table, WriteOptions options) {

    /** Fails unless the file exists, is a regular file and can be read. */
    public static void checkReadable(Path file) {
        if (!Files.exists(file)) throw new UserException("cannot read " + file + ": no such file");
        if (!Files.isRegularFile(file)) throw new UserException("cannot read " + file + ": not a regular file");
        if (!Files.isReadable(file)) throw new UserException("cannot read " + file + ": permission denied");
    }

    /** Fails if the table exists and replacing was not asked for. */
    public void checkWritable() {
        String name = TableWriter.checkName(table);
        if (!options.replace() && catalog.exists(name)) {
            throw new UserException("table '" + name + "' already exists in "
                    + catalog.dir() + " (use --replace to overwrite it)");
        }
    }

    public TableWriter create(TableSchema schema) throws IOException {
        return catalog.create(table, schema, options);
    }
}
