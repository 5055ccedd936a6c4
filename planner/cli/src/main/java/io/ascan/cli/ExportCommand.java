package io.ascan.cli;

import io.ascan.exchange.UserException;
import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.exchange.ArrowIpcExporter;
import io.ascan.exchange.CsvExporter;
import io.ascan.exchange.ExportFormat;
import io.ascan.exchange.ParquetExporter;
import io.ascan.exchange.Progress;
import io.ascan.io.AlignedBufferPool;
import io.ascan.memory.Allocators;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ascan export}: a table becomes a Parquet, CSV or Arrow IPC file. */
public final class ExportCommand implements CliCommand {
    /** Read buffers for the export scan: a few slices' worth of 2 MiB segments. */
    private static final long READ_BUFFER_BYTES = 256L << 20;

    @Override
    public List<String> path() {
        return List.of("export");
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "export", mixinStandardHelpOptions = true,
            description = {"Exports a table to a Parquet, CSV or Arrow IPC file, chosen by the file's extension.",
                    "The file is written under a temporary name and renamed into place when complete."})
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Mixin CatalogOptions catalogOptions;

        @Option(names = "--table", required = true, paramLabel = "NAME", description = "Table to export.")
        String table;

        @Option(names = "--to", required = true, paramLabel = "FILE",
                description = "File to write, ending in .parquet, .csv, .arrow (also .feather, .ipc: Arrow IPC file) "
                        + "or .arrows (Arrow IPC stream); an existing file is replaced.")
        Path to;

        @Override
        public Integer call() throws Exception {
            ExportFormat format = ExportFormat.forPath(to);
            Catalog catalog = catalogOptions.open(spec.commandLine().getErr());
            Catalog.Pinned pinned;
            try {
                pinned = catalog.pinned(table);
            } catch (NoSuchFileException e) {
                throw new UserException(e.getReason() != null ? e.getReason() : "no table '" + table + "'");
            }
            Table t = pinned.table();
            Progress progress = Progress.to(spec.commandLine().getErr(), "export " + t.name());
            long rows;
            try (pinned; BufferAllocator allocator = Allocators.root();
                 AlignedBufferPool pool = new AlignedBufferPool(READ_BUFFER_BYTES)) {
                rows = switch (format) {
                    case CSV -> CsvExporter.export(t, to, pool, allocator, progress);
                    case PARQUET -> ParquetExporter.export(t, to, pool, allocator, progress);
                    case ARROW -> ArrowIpcExporter.export(t, to, false, pool, allocator, progress);
                    case ARROW_STREAM -> ArrowIpcExporter.export(t, to, true, pool, allocator, progress);
                };
            }
            spec.commandLine().getOut().printf("exported %,d rows of table '%s' to %s%n", rows, t.name(), to);
            return 0;
        }
    }
}
