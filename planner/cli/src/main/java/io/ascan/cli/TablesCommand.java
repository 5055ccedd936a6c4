package io.ascan.cli;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.format.DamagedTableException;
import io.ascan.format.StorageException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code ascan tables}: what a catalog holds. */
public final class TablesCommand implements CliCommand {
    private static final String[] HEADER = {"table", "rows", "columns", "size", "bytes"};

    @Override
    public List<String> path() {
        return List.of("tables");
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "tables", mixinStandardHelpOptions = true,
            description = "Lists the tables of a catalog, sorted by name, with their rows, columns and size on disk.")
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Mixin CatalogOptions catalogOptions;

        @Override
        public Integer call() throws Exception {
            Catalog catalog = catalogOptions.open(spec.commandLine().getErr());
            PrintWriter out = spec.commandLine().getOut();
            List<String> names = catalog.tableNames();
            if (names.isEmpty()) {
                out.println("no tables in " + catalog.dir());
                return 0;
            }
            List<String[]> rows = new ArrayList<>();
            rows.add(HEADER);
            List<String> damaged = new ArrayList<>();
            for (String name : names) {
                Table t;
                try {
                    t = catalog.table(name);
                } catch (StorageException e) {
                    // Listed, not hidden: the other tables stay usable, this one says why it is not.
                    rows.add(new String[] {name, "damaged", "-", "-", "-"});
                    damaged.add(name + ": " + (e instanceof DamagedTableException d ? d.reason() : e.getMessage()));
                    continue;
                }
                long bytes = t.bytesOnDisk();
                rows.add(new String[] {name, Long.toString(t.rowCount()), Integer.toString(t.schema().size()),
                        humanBytes(bytes), Long.toString(bytes)});
            }
            print(out, rows);
            if (!damaged.isEmpty()) {
                out.println();
                out.println("damaged tables:");
                for (String d : damaged) out.println("  " + d);
            }
            return 0;
        }
    }

    /** Aligned columns: the name left-aligned, numbers right-aligned. */
    static void print(PrintWriter out, List<String[]> rows) {
        int[] width = new int[HEADER.length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) width[i] = Math.max(width[i], r[i].length());
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                if (i > 0) line.append("  ");
                String pad = " ".repeat(width[i] - r[i].length());
                line.append(i == 0 ? r[i] + pad : pad + r[i]);
            }
            out.println(line.toString().stripTrailing());
        }
    }

    /** 1023 B, 1.0 KiB, 2.5 MiB, ... (binary units, one decimal). */
    public static String humanBytes(long bytes) {
        if (bytes < 1024) return bytes + " B";
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
