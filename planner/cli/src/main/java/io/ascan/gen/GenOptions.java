package io.ascan.gen;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Options every {@code ascan gen} command shares (a picocli mixin). */
public final class GenOptions {
    @Option(names = "--dir", required = true, paramLabel = "DIR",
            description = "Catalog directory to write the tables into; created if missing.")
    Path dir;

    @Option(names = "--threads", paramLabel = "N",
            description = "Generator threads (default: the number of available processors, ${DEFAULT-VALUE} here). "
                    + "The output does not depend on it.")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--replace",
            description = "Overwrite tables that already exist (each atomically). Without it, existing tables are left alone and nothing is generated.")
    boolean replace;

    @Option(names = "--slice-rows", paramLabel = "N",
            description = "Rows per slice at most (the unit an AdaptiveScan assigns to a mode; default: as many as fit "
                    + "2 MiB column segments). Smaller slices give the adaptive policy more measurements per table.")
    int sliceRows;

    @Option(names = "--packed",
            description = "Store integer columns bit-packed against each segment's minimum where that saves a quarter of their "
                    + "bytes: less disk and link, more CPU to expand them on read (see docs/storage.md).")
    boolean packed;

    GenRunner runner(picocli.CommandLine.Model.CommandSpec spec) {
        return new GenRunner(dir, threads, replace, spec.commandLine().getOut(), spec.commandLine().getErr(),
                ProgressBar.stderrIsTerminal()).withSliceRows(sliceRows).withPacked(packed);
    }
}
