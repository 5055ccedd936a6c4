package io.ascan.cli;

import io.ascan.exchange.UserException;
import io.ascan.catalog.Catalog;
import io.ascan.format.StorageException;
import io.ascan.catalog.Table;
import io.ascan.format.SliceData;
import io.ascan.catalog.TableReader;
import io.ascan.io.AlignedBufferPool;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import io.ascan.memory.Allocators;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ascan scan}: reads every segment of tables into Arrow vectors, verifying checksums. */
public final class ScanCommand implements CliCommand {
    @Override
    public List<String> path() {
        return List.of("scan");
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "scan", mixinStandardHelpOptions = true,
            description = "Reads every column segment of the given tables (default: all) into Arrow vectors, "
                    + "checking each segment's CRC32C, and prints rows, bytes and bandwidth per table.")
    static final class Run implements Callable<Integer> {
        @Mixin CatalogOptions catalog;

        @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

        @Option(names = "--table", description = "Table to scan; repeat for several (default: every table).")
        List<String> tables;

        @Option(names = "--io", defaultValue = "uring", description = "Reader: uring or portable (default: ${DEFAULT-VALUE}).")
        String io;

        @Option(names = "--depth", defaultValue = "16", description = "Segment reads in flight (default: ${DEFAULT-VALUE}).")
        int depth;

        @Override
        public Integer call() throws Exception {
            Catalog cat = catalog.open(spec.commandLine().getErr());
            List<String> names = tables == null ? cat.tableNames() : tables;
            if (names.isEmpty()) throw new UserException("no tables in " + cat.dir());
            java.io.PrintWriter out = spec.commandLine().getOut();
            int damaged = 0;
            out.printf(Locale.ROOT, "%-12s %14s %8s %12s %9s %9s%n", "table", "rows", "slices", "bytes", "seconds", "MB/s");
            try (BufferAllocator allocator = Allocators.root();
                 AlignedBufferPool pool = new AlignedBufferPool(1L << 30);
                 BlockReader reader = BlockReaders.open(IoMode.parse(io), depth)) {
                for (String name : names) {
                    Catalog.Pinned pinned;
                    try {
                        pinned = cat.pinned(name); // checks the manifest's checksum
                    } catch (StorageException e) {
                        out.flush();
                        spec.commandLine().getErr().println("scan: " + e.getMessage());
                        damaged++;
                        continue;
                    }
                    Table t = pinned.table();
                    long bytes = 0, rows = 0;
                    long start = System.nanoTime();
                    try (pinned; TableReader tr = TableReader.all(t, reader, pool, allocator)) {
                        while (tr.hasNext()) {
                            try (SliceData s = tr.next()) {
                                rows += s.rowCount();
                                for (var seg : s.slice().segments()) bytes += seg.length();
                            }
                        }
                    }
                    double secs = (System.nanoTime() - start) / 1e9;
                    out.flush();
                    out.printf(Locale.ROOT, "%-12s %,14d %8d %,12d %9.3f %9.1f%n", t.name(), rows,
                            t.manifest().slices().size(), bytes, secs, bytes / 1e6 / Math.max(secs, 1e-9));
                }
            }
            if (damaged > 0) throw new UserException(damaged + " of " + names.size() + " tables are damaged (see above)");
            return 0;
        }
    }
}
