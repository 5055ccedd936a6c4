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

    GenRunner runner(picocli.CommandLine.Model.CommandSpec spec) {
        return new GenRunner(dir, threads, replace, spec.commandLine().getOut(), spec.commandLine().getErr(),
                ProgressBar.stderrIsTerminal());
    }
}
