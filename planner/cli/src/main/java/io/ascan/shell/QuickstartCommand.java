package io.ascan.shell;

import io.ascan.catalog.Catalog;
import io.ascan.cli.CliCommand;
import io.ascan.engine.EngineProperties;
import io.ascan.exchange.UserException;
import io.ascan.planner.BenchmarkQueries;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code ascan quickstart}: the main job on an embedded default. Generates the Star Schema
 * Benchmark into {@code ./data} when it is not there yet, then runs its 13 queries through the
 * JDBC driver, printing each result and its time.
 */
public final class QuickstartCommand implements CliCommand {
    static final List<String> SSB_TABLES = List.of("customer", "dwdate", "lineorder", "part", "supplier");
    static final List<String> SSB_QUERIES = BenchmarkQueries.names("ssb");
    private static final int MAX_ROWS_SHOWN = 10;

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
                    + "there, then runs its 13 queries through the JDBC driver (jdbc:ascan:DIR), printing each "
                    + "result (first " + MAX_ROWS_SHOWN + " rows) and its time.")
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Option(names = "--dir", defaultValue = "data", description = "Catalog directory (default: ${DEFAULT-VALUE}).")
        Path dir;

        @Option(names = "--sf", defaultValue = "1", description = "SSB scale factor if it must be generated (default: ${DEFAULT-VALUE}).")
        String sf;

        @Option(names = "--mode", description = "Scan mode: adaptive, direct, staging, pushdown or backpressure.")
        String mode;

        @Option(names = "--cache-bytes", paramLabel = "BYTES", description = EngineProperties.CACHE_BYTES_HELP)
        String cacheBytes;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            CommandLine root = spec.root().commandLine();
            if (Files.isDirectory(dir) && Catalog.open(dir).tableNames().containsAll(SSB_TABLES)) {
                out.println("Using the SSB tables already in " + dir);
            } else {
                out.println("Generating SSB scale factor " + sf + " into " + dir + " ...");
                out.flush();
                int rc = root.execute("gen", "ssb", "--sf", sf, "--dir", dir.toString(), "--replace");
                if (rc != 0) return rc;
            }
            List<String> settings = new ArrayList<>();
            if (mode != null) settings.add("mode=" + mode);
            if (cacheBytes != null) settings.add("cache.bytes=" + cacheBytes);
            String url = "jdbc:ascan:" + dir.toAbsolutePath() + (settings.isEmpty() ? "" : "?" + String.join("&", settings));
            double total = 0;
            try (Connection c = DriverManager.getConnection(url)) {
                for (String q : SSB_QUERIES) {
                    String sql = BenchmarkQueries.text("ssb", q);
                    out.printf(Locale.ROOT, "%n-- SSB %s%n", q);
                    long start = System.nanoTime();
                    List<String[]> rows = new ArrayList<>();
                    String[] header;
                    long count = 0;
                    try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                        ResultSetMetaData md = r.getMetaData();
                        header = new String[md.getColumnCount()];
                        for (int i = 0; i < header.length; i++) header[i] = md.getColumnLabel(i + 1);
                        while (r.next()) {
                            if (count++ < MAX_ROWS_SHOWN) {
                                String[] row = new String[header.length];
                                for (int i = 0; i < row.length; i++) row[i] = r.getString(i + 1);
                                rows.add(row);
                            }
                        }
                    } catch (SQLException e) {
                        throw new UserException("SSB " + q + " failed: " + e.getMessage(), e);
                    }
                    double ms = (System.nanoTime() - start) / 1e6;
                    total += ms;
                    print(out, header, rows);
                    out.printf(Locale.ROOT, "(%d row%s%s) %.0f ms%n", count, count == 1 ? "" : "s",
                            count > MAX_ROWS_SHOWN ? ", first " + MAX_ROWS_SHOWN + " shown" : "", ms);
                    out.flush();
                }
            }
            out.printf(Locale.ROOT, "%n13 SSB queries in %.0f ms (first runs: they include code generation)%n", total);
            return 0;
        }

        private static void print(PrintWriter out, String[] header, List<String[]> rows) {
            int[] width = new int[header.length];
            for (int i = 0; i < header.length; i++) width[i] = header[i].length();
            for (String[] r : rows) for (int i = 0; i < r.length; i++) width[i] = Math.max(width[i], String.valueOf(r[i]).length());
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < header.length; i++) line.append(i == 0 ? "" : " | ").append(pad(header[i], width[i]));
            out.println(line);
            out.println("-".repeat(line.length()));
            for (String[] r : rows) {
                line.setLength(0);
                for (int i = 0; i < r.length; i++) line.append(i == 0 ? "" : " | ").append(pad(String.valueOf(r[i]), width[i]));
                out.println(line);
            }
        }

        private static String pad(String s, int w) {
            return s + " ".repeat(Math.max(0, w - s.length()));
        }
    }
}
