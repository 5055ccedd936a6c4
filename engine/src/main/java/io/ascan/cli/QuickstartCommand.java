package io.ascan.cli;

import io.ascan.catalog.Catalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ascan quickstart}: the main job on an embedded default. Generates SSB at scale factor 1
 * into {@code ./data} when it is not there yet, lists the tables, then reads every table in full
 * through the io_uring path, checking every segment.
 */
public final class QuickstartCommand implements CliCommand {
    static final List<String> SSB_TABLES = List.of("customer", "dwdate", "lineorder", "part", "supplier");

    @Override
    public List<String> path() {
        return List.of("quickstart");
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "quickstart", mixinStandardHelpOptions = true,
            description = "Generates the Star Schema Benchmark (scale factor 1) into ./data unless it is already "
                    + "there, lists its tables, and scans every table in full with io_uring and O_DIRECT, "
                    + "checking every segment's CRC32C and reporting the bandwidth.")
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Option(names = "--dir", defaultValue = "data", description = "Catalog directory (default: ${DEFAULT-VALUE}).")
        Path dir;

        @Option(names = "--sf", defaultValue = "1", description = "SSB scale factor if it must be generated (default: ${DEFAULT-VALUE}).")
        String sf;

        @Override
        public Integer call() throws Exception {
            CommandLine root = spec.root().commandLine();
            boolean present = Files.isDirectory(dir) && Catalog.open(dir).tableNames().containsAll(SSB_TABLES);
            if (present) {
                spec.commandLine().getOut().println("Using the SSB tables already in " + dir);
            } else {
                spec.commandLine().getOut().println("Generating SSB scale factor " + sf + " into " + dir + " ...");
                spec.commandLine().getOut().flush();
                int rc = root.execute("gen", "ssb", "--sf", sf, "--dir", dir.toString(), "--replace");
                if (rc != 0) return rc;
            }
            int rc = root.execute("tables", "--dir", dir.toString());
            if (rc != 0) return rc;
            spec.commandLine().getOut().println();
            spec.commandLine().getOut().println("Full scan of every table (io_uring, O_DIRECT, CRC32C checked):");
            spec.commandLine().getOut().flush();
            return root.execute("scan", "--dir", dir.toString());
        }
    }
}
