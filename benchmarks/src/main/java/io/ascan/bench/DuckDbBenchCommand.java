package io.ascan.bench;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.cli.CliCommand;
import io.ascan.cli.UserException;
import io.ascan.exchange.ParquetExporter;
import io.ascan.exchange.Progress;
import io.ascan.io.AlignedBufferPool;
import io.ascan.memory.Allocators;
import io.ascan.planner.BenchmarkQueries;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ascan bench duckdb}: the same queries on ascan (JDBC) and DuckDB (JDBC), same data (DuckDB
 * loads the tables ascan exports to Parquet), same thread count, hot, runs interleaved.
 */
public final class DuckDbBenchCommand implements CliCommand {
    @Override
    public List<String> path() {
        return List.of("bench", "duckdb");
    }

    @Override
    public String groupDescription() {
        return "Benchmarks and experiments.";
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "duckdb", mixinStandardHelpOptions = true,
            description = "Runs the SSB or TPC-H queries on ascan and on DuckDB over the same data (generated if "
                    + "absent), hot, interleaved, with the same number of threads; writes DIR/results.csv "
                    + "(workload,query,engine,temperature,run,millis,rows) and DIR/summary.md (per-query medians, "
                    + "ratios and their geometric mean). Progress on stderr.")
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Option(names = "--workload", required = true, description = "ssb or tpch.")
        String workload;

        @Option(names = "--sf", defaultValue = "1", description = "Scale factor (default: ${DEFAULT-VALUE}).")
        String sf;

        @Option(names = "--dir", required = true, description = "Catalog directory (generated into if absent).")
        Path dir;

        @Option(names = "--runs", defaultValue = "3", description = "Timed runs per query and engine (default: ${DEFAULT-VALUE}).")
        int runs;

        @Option(names = "--threads", defaultValue = "2", description = "Threads for each engine (default: ${DEFAULT-VALUE}).")
        int threads;

        @Option(names = "--out", required = true, description = "Output directory.")
        Path out;

        @Option(names = "--set", paramLabel = "NAME=VALUE",
                description = "A setting of ascan's connection, e.g. --set cache.bytes=0 to read from disk every time.")
        Map<String, String> settings = new LinkedHashMap<>();

        @Override
        public Integer call() throws Exception {
            if (!workload.equals("ssb") && !workload.equals("tpch")) throw new UserException("--workload must be ssb or tpch");
            List<String> queries = BenchmarkQueries.names(workload);
            if (runs < 1 || threads < 1) throw new UserException("--runs and --threads must be at least 1");
            PrintWriter err = spec.commandLine().getErr();
            ensureData(err);
            Files.createDirectories(out);
            Path parquet = out.resolve("parquet");
            List<String[]> results = new ArrayList<>();
            try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                 Connection ascan = DriverManager.getConnection("jdbc:ascan:" + dir.toAbsolutePath()
                         + "?compute.threads=" + threads, properties(settings))) {
                load(duck, parquet, err);
                try (Statement s = duck.createStatement()) {
                    s.execute("SET threads TO " + threads);
                }
                for (String q : queries) {
                    String sql = BenchmarkQueries.text(workload, q);
                    long[] rows = new long[2];
                    rows[0] = time(ascan, sql)[1]; // warm-up: code generation, caches
                    rows[1] = time(duck, sql)[1];
                    for (int r = 1; r <= runs; r++) {
                        long[] a = time(ascan, sql), d = time(duck, sql);
                        results.add(new String[] {workload, q, "ascan", "hot", "" + r, "" + a[0], "" + a[1]});
                        results.add(new String[] {workload, q, "duckdb", "hot", "" + r, "" + d[0], "" + d[1]});
                        err.printf(Locale.ROOT, "%s %s run %d: ascan %d ms, duckdb %d ms%n", workload, q, r, a[0], d[0]);
                        err.flush();
                    }
                    if (rows[0] != rows[1]) err.printf("warning: %s row counts differ (ascan %d, duckdb %d)%n", q, rows[0], rows[1]);
                }
            }
            BenchReport.writeCsv(out.resolve("results.csv"), "workload,query,engine,temperature,run,millis,rows", results);
            String summary = BenchReport.duckDbSummary(workload, sf, threads, results);
            Files.writeString(out.resolve("summary.md"), summary);
            spec.commandLine().getOut().print(summary);
            return 0;
        }

        private void ensureData(PrintWriter err) throws IOException {
            List<String> needed = workload.equals("ssb") ? List.of("customer", "dwdate", "lineorder", "part", "supplier")
                    : List.of("customer", "lineitem", "nation", "orders", "part", "partsupp", "region", "supplier");
            if (Files.isDirectory(dir) && Catalog.open(dir).tableNames().containsAll(needed)) return;
            err.println("generating " + workload + " SF " + sf + " into " + dir);
            int rc = spec.root().commandLine().execute("gen", workload, "--sf", sf, "--dir", dir.toString(), "--replace");
            if (rc != 0) throw new UserException("data generation failed");
        }

        /** Exports every table to Parquet once and loads DuckDB from it: both engines see the same rows. */
        private void load(Connection duck, Path parquet, PrintWriter err) throws IOException, SQLException {
            Files.createDirectories(parquet);
            Catalog catalog = Catalog.open(dir);
            try (BufferAllocator allocator = Allocators.root(); AlignedBufferPool pool = new AlignedBufferPool(1L << 30);
                 Statement s = duck.createStatement()) {
                for (String name : catalog.tableNames()) {
                    Table t = catalog.table(name);
                    Path file = parquet.resolve(name + ".parquet");
                    if (!Files.exists(file)) {
                        err.println("exporting " + name + " for DuckDB");
                        ParquetExporter.export(t, file, pool, allocator, Progress.to(err, "export " + name));
                    }
                    s.execute("CREATE TABLE " + name + " AS SELECT * FROM read_parquet('" + file.toAbsolutePath() + "')");
                }
            }
        }

        private static Properties properties(Map<String, String> settings) {
            Properties p = new Properties();
            p.putAll(settings);
            return p;
        }

        /** {elapsed millis, rows}. */
        private static long[] time(Connection c, String sql) throws SQLException {
            long start = System.nanoTime();
            long rows = 0;
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                int cols = r.getMetaData().getColumnCount();
                while (r.next()) {
                    for (int i = 1; i <= cols; i++) r.getObject(i);
                    rows++;
                }
            }
            return new long[] {(System.nanoTime() - start) / 1_000_000, rows};
        }
    }
}
