package io.ascan.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --dir} option shared by commands working on a catalog. */
public final class CatalogOptions {
    @Option(names = "--dir", required = true, description = "Catalog directory (one sub-directory per table).")
    public Path dir;
}
