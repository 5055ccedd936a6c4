package io.ascan.cli;

import io.ascan.catalog.Catalog;
import java.io.IOException;
import java.io.PrintWriter;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --dir} option shared by commands working on a catalog. */
public final class CatalogOptions {
    @Option(names = "--dir", required = true, description = "Catalog directory (one sub-directory per table).")
    public Path dir;

    /** Opens the catalog, telling {@code err} what its recovery repaired or removed. */
    public Catalog open(PrintWriter err) throws IOException {
        return report(Catalog.open(dir), err);
    }

    /** Prints a catalog's recovery, one line each. */
    public static Catalog report(Catalog catalog, PrintWriter err) {
        for (String line : catalog.recovery()) err.println("recovery: " + line);
        err.flush();
        return catalog;
    }
}
