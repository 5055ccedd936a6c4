package io.ascan.bench;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.exchange.ParquetExporter;
import io.ascan.exchange.Progress;
import io.ascan.exchange.UserException;
import io.ascan.io.AlignedBufferPool;
import io.ascan.memory.Allocators;
import io.ascan.planner.BenchmarkQueries;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ascan bench duckdb}: the same queries on ascan (JDBC) and DuckDB (JDBC), same data
 * (DuckDB's database file is loaded from the Parquet files ascan exports), same thread count,
 * engines alternating run by run; hot (engines kept open, after a warm-up) and cold (page cache
 * dropped and a fresh engine instance before every run) where the machine lets us drop the cache.
 */
public final class DuckDbBenchCommand extends BenchCommand {
    public DuckDbBenchCommand() {
        super("duckdb");
    }

    @Override
    public Object command() {
        return new Run();
    }

    @Command(name = "duckdb", mixinStandardHelpOptions = true,
            description = {"Runs the SSB or TPC-H queries on ascan and on DuckDB over the same data (generated if "
                    + "absent; DuckDB gets a database file loaded from Parquet exports of it), with the same number of "
                    + "threads, the engines alternating run by run. hot: --warmup untimed runs of each engine, then --runs runs with each engine "
                    + "kept open. cold: before every run the page cache is dropped (needs root; skipped with a message "
                    + "otherwise) and a fresh engine instance opened.",
                    "Writes DIR/results.csv (workload,query,engine,temperature,run,millis,rows), DIR/summary.md "
                            + "(per query the medians and ascan / duckdb, and their geometric mean) and DIR/ascan-scans.log "
                            + "(each ascan execution's scan reports, warm-ups included: the modes, rounds and switches "
                            + "its AdaptiveScans chose). Progress on stderr."})
    static final class Run implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Option(names = "--workload", required = true, description = "ssb or tpch.")
        String workload;

        @Option(names = "--sf", defaultValue = "1", description = "Scale factor (default: ${DEFAULT-VALUE}).")
        String sf;

        @Option(names = "--dir", required = true, description = "Catalog directory (generated into if absent).")
        Path dir;

        @Option(names = "--runs", defaultValue = "3", description = "Timed runs per query, engine and temperature (default: ${DEFAULT-VALUE}).")
        int runs;

        @Option(names = "--warmup", defaultValue = "5",
                description = "Hot: untimed runs per query and engine before the timed ones (default: ${DEFAULT-VALUE}).")
        int warmup;

        @Option(names = "--threads", defaultValue = "2", description = "Threads for each engine (default: ${DEFAULT-VALUE}).")
        int threads;

        @Option(names = "--temperature", split = ",", defaultValue = "hot,cold",
                description = "hot and/or cold (default: ${DEFAULT-VALUE}; cold is skipped where the page cache cannot be dropped).")
        List<String> temperatures;

        @Option(names = "--queries", split = ",", paramLabel = "Q", description = "Queries to run (default: all of the workload).")
        List<String> queryNames;

        @Option(names = "--out", required = true, description = "Output directory.")
        Path out;

        @Option(names = "--set", paramLabel = "NAME=VALUE",
                description = "A setting of ascan's connection, e.g. --set cache.bytes=0 to read from disk every time.")
        Map<String, String> settings = new LinkedHashMap<>();

        private PrintWriter err;
        private long start;
        /** DIR/ascan-scans.log: what each ascan execution's scans did, to explain its time. */
        private PrintWriter scanLog;

        @Override
        public Integer call() throws Exception {
            if (!workload.equals("ssb") && !workload.equals("tpch")) throw new UserException("--workload must be ssb or tpch, got '" + workload + "'");
            if (runs < 1 || threads < 1) throw new UserException("--runs and --threads must be at least 1");
            if (warmup < 0) throw new UserException("--warmup must not be negative, got " + warmup);
            for (String t : temperatures) {
                if (!t.equals("hot") && !t.equals("cold")) throw new UserException("--temperature takes hot and/or cold, got '" + t + "'");
            }
            List<String> all = BenchmarkQueries.names(workload);
            List<String> queries = queryNames == null ? all : queryNames;
            for (String q : queries) {
                if (!all.contains(q)) throw new UserException("--queries: " + workload + " has no query '" + q + "' (it has " + String.join(", ", all) + ")");
            }
            err = spec.commandLine().getErr();
            ensureData();
            Files.createDirectories(out);
            Path duckFile = duckDbFile();
            List<String> notes = new ArrayList<>();
            boolean cold = temperatures.contains("cold");
            if (cold) {
                String why = PageCache.drop();
                if (why != null) {
                    if (!temperatures.contains("hot")) throw new UserException("cold runs are impossible here: " + why);
                    notes.add("Cold runs skipped: " + why + ".");
                    err.println("cold runs skipped: " + why);
                    cold = false;
                }
            }
            start = System.nanoTime();
            List<DuckDbSummary.Row> results = new ArrayList<>();
            Set<String> mismatches = new HashSet<>();
            try (PrintWriter log = new PrintWriter(Files.newBufferedWriter(out.resolve("ascan-scans.log")))) {
                scanLog = log;
                if (temperatures.contains("hot")) hot(queries, duckFile, results);
                if (cold) cold(queries, duckFile, results);
            } finally {
                scanLog = null;
            }
            for (String q : queries) {
                Set<Long> counts = new HashSet<>();
                for (DuckDbSummary.Row r : results) if (r.query().equals(q)) counts.add(r.rows());
                if (counts.size() > 1) mismatches.add(q);
            }
            for (String q : queries) {
                if (mismatches.contains(q)) notes.add("**Warning:** " + q + ": the engines returned different row counts (see results.csv).");
            }
            StringBuilder csv = new StringBuilder(DuckDbSummary.HEADER).append('\n');
            for (DuckDbSummary.Row r : results) csv.append(r.csv()).append('\n');
            Files.writeString(out.resolve("results.csv"), csv);
            String summary = DuckDbSummary.render(workload, sf, threads, results, notes);
            Files.writeString(out.resolve("summary.md"), summary);
            spec.commandLine().getOut().print(summary);
            spec.commandLine().getOut().flush();
            return 0;
        }

        /**
         * Engines open throughout; {@code --warmup} runs of each query on each engine, then runs with
         * the engines' order alternating. ascan needs several: a query's generated classes are
         * compiled by the JIT only after they ran a while (a small TPC-H query, q02, takes some 15-20
         * runs to reach its steady time from a fresh JVM); DuckDB gets as many.
         */
        private void hot(List<String> queries, Path duckFile, List<DuckDbSummary.Row> results) throws SQLException {
            try (Connection ascan = openAscan(); Connection duck = openDuckDb(duckFile)) {
                for (String q : queries) {
                    String sql = BenchmarkQueries.text(workload, q, sf);
                    for (int w = 1; w <= warmup; w++) {
                        timeAscan(ascan, sql, q + " hot warm-up " + w);
                        time(duck, sql);
                    }
                    for (int r = 1; r <= runs; r++) {
                        for (String engine : order(r)) {
                            long[] t = engine.equals("ascan") ? timeAscan(ascan, sql, q + " hot run " + r) : time(duck, sql);
                            record(results, q, engine, "hot", r, t);
                        }
                    }
                }
            }
        }

        /** Every run: drop the page cache, open a fresh engine, time the query, close the engine. */
        private void cold(List<String> queries, Path duckFile, List<DuckDbSummary.Row> results) throws SQLException {
            for (String q : queries) {
                String sql = BenchmarkQueries.text(workload, q, sf);
                for (int r = 1; r <= runs; r++) {
                    for (String engine : order(r)) {
                        String why = PageCache.drop();
                        if (why != null) throw new UserException("cold run aborted: " + why);
                        try (Connection c = engine.equals("ascan") ? openAscan() : openDuckDb(duckFile)) {
                            record(results, q, engine, "cold", r,
                                    engine.equals("ascan") ? timeAscan(c, sql, q + " cold run " + r) : time(c, sql));
                        }
                    }
                }
            }
        }

        private static List<String> order(int run) {
            return run % 2 == 1 ? List.of("ascan", "duckdb") : List.of("duckdb", "ascan");
        }

        private void record(List<DuckDbSummary.Row> results, String q, String engine, String temperature, int run, long[] t) {
            double ms = t[0] / 1e6;
            results.add(new DuckDbSummary.Row(workload, q, engine, temperature, run, ms, t[1]));
            long s = (System.nanoTime() - start) / 1_000_000_000L;
            err.printf(Locale.ROOT, "[%d:%02d:%02d] %s %s %s %s run %d/%d: %.1f ms, %d rows%n", s / 3600, s / 60 % 60, s % 60,
                    workload, q, engine, temperature, run, runs, ms, t[1]);
            err.flush();
        }

        private Connection openAscan() throws SQLException {
            Properties p = new Properties();
            p.putAll(settings);
            return DriverManager.getConnection("jdbc:ascan:" + dir.toAbsolutePath() + "?compute.threads=" + threads, p);
        }

        /**
         * Read-only: DuckDB's JDBC driver shares one database instance among the open connections to a
         * file, so a cold run's fresh instance exists only while no other connection to it is open.
         */
        private Connection openDuckDb(Path file) throws SQLException {
            Properties p = new Properties();
            p.setProperty("duckdb.read_only", "true");
            Connection c = DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath(), p);
            try (Statement s = c.createStatement()) {
                s.execute("SET threads TO " + threads);
            } catch (SQLException e) {
                c.close();
                throw e;
            }
            return c;
        }

        private void ensureData() throws IOException {
            List<String> needed = workload.equals("ssb") ? List.of("customer", "dwdate", "lineorder", "part", "supplier")
                    : List.of("customer", "lineitem", "nation", "orders", "part", "partsupp", "region", "supplier");
            if (Files.isDirectory(dir) && Catalog.open(dir).tableNames().containsAll(needed)) return;
            err.println("generating " + workload + " SF " + sf + " into " + dir);
            int rc = spec.root().commandLine().execute("gen", workload, "--sf", sf, "--dir", dir.toString(), "--replace");
            if (rc != 0) throw new UserException("data generation failed");
        }

        /**
         * DuckDB's database file for this data, built once: every table exported to Parquet by ascan
         * and loaded, so both engines see the same rows. Built under a temporary name, then renamed.
         */
        private Path duckDbFile() throws IOException, SQLException {
            String name = workload + "-sf" + sf;
            Path file = out.resolve("duckdb").resolve(name + ".duckdb");
            if (Files.isRegularFile(file)) return file;
            Files.createDirectories(file.getParent());
            Path parquet = out.resolve("parquet").resolve(name);
            Files.createDirectories(parquet);
            Path building = file.resolveSibling(name + ".building.duckdb");
            Files.deleteIfExists(building);
            Files.deleteIfExists(building.resolveSibling(building.getFileName() + ".wal"));
            Catalog catalog = Catalog.open(dir);
            try (BufferAllocator allocator = Allocators.root(); AlignedBufferPool pool = new AlignedBufferPool(1L << 30);
                 Connection duck = DriverManager.getConnection("jdbc:duckdb:" + building.toAbsolutePath());
                 Statement s = duck.createStatement()) {
                for (String table : catalog.tableNames()) {
                    Table t = catalog.table(table);
                    Path f = parquet.resolve(table + ".parquet");
                    if (!Files.exists(f)) {
                        err.println("exporting " + table + " for DuckDB");
                        ParquetExporter.export(t, f, pool, allocator, Progress.to(err, "export " + table));
                    }
                    s.execute("CREATE TABLE " + table + " AS SELECT * FROM read_parquet('" + f.toAbsolutePath() + "')");
                }
                s.execute("CHECKPOINT");
            }
            Files.move(building, file, StandardCopyOption.ATOMIC_MOVE);
            return file;
        }

        /** {@link #time}, then the execution's scan reports (formatted after the clock stopped) to the scan log. */
        private long[] timeAscan(Connection c, String sql, String execution) throws SQLException {
            List<SQLWarning> reports = new ArrayList<>();
            long[] t = time(c, sql, reports);
            scanLog.printf(Locale.ROOT, "== %s %s: %.1f ms%n", workload, execution, t[0] / 1e6);
            for (SQLWarning w : reports) scanLog.println(w.getMessage().strip());
            scanLog.flush();
            return t;
        }

        private static long[] time(Connection c, String sql) throws SQLException {
            return time(c, sql, null);
        }

        /**
         * {elapsed nanos, rows}; every value is fetched, as a client would. The statement's warnings
         * (ascan's scan reports, not yet formatted) are added to {@code warnings} when it is not null.
         */
        private static long[] time(Connection c, String sql, List<SQLWarning> warnings) throws SQLException {
            long start = System.nanoTime();
            long rows = 0;
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                int cols = r.getMetaData().getColumnCount();
                while (r.next()) {
                    for (int i = 1; i <= cols; i++) r.getObject(i);
                    rows++;
                }
                if (warnings != null) for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) warnings.add(w);
            }
            return new long[] {System.nanoTime() - start, rows};
        }
    }
}
