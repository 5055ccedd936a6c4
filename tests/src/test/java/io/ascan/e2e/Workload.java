package io.ascan.e2e;

import io.ascan.testing.CliRun;
import io.ascan.catalog.Catalog;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * One benchmark's data in a scratch directory: generated into an ascan catalog with
 * {@code ascan gen}, exported table by table to Parquet with {@code ascan export}, and loaded from
 * those files into an in-memory DuckDB: both engines see exactly the same values.
 */
public final class Workload implements AutoCloseable {
    public final String name;
    public final Path catalog;
    public final List<String> tables;
    private final Connection duckdb;

    private Connection ascan;

    private Workload(String name, Path catalog, List<String> tables, Connection duckdb) {
        this.name = name;
        this.catalog = catalog;
        this.tables = tables;
        this.duckdb = duckdb;
    }

    static Workload ssb(Path scratch) throws Exception {
        return suite("ssb", scratch);
    }

    static Workload tpch(Path scratch) throws Exception {
        return suite("tpch", scratch);
    }

    /** As {@link #ssb} and {@link #tpch}, written with {@code --packed} (integer segments bit-packed). */
    static Workload packed(String suite, Path scratch) throws Exception {
        return suite(suite, scratch, "--packed");
    }

    /** SSB or TPC-H at the test scale, with {@code extra} arguments for {@code ascan gen}. */
    private static Workload suite(String suite, Path scratch, String... extra) throws Exception {
        String sf = suite.equals("ssb") ? TestScale.current().ssbSf : TestScale.current().tpchSf;
        List<String> args = new ArrayList<>(List.of(suite, "--sf", sf, "--slice-rows", TestScale.current().sliceRows));
        args.addAll(List.of(extra));
        return create(suite, scratch, args.toArray(String[]::new));
    }

    static Workload taxi(Path scratch) throws Exception {
        return create("taxi", scratch, "taxi", "--rows", Long.toString(TestScale.current().taxiRows), "--slice-rows",
                TestScale.current().sliceRows);
    }

    /** The {@link SmallFixture} in a catalog under {@code scratch} and in an in-memory DuckDB. */
    public static Workload small(Path scratch) throws Exception {
        Path db = scratch.resolve("small");
        SmallFixture.writeAscan(db);
        Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duck.createStatement()) {
            s.execute("SET threads = 1");
            SmallFixture.loadDuckDb(duck);
        } catch (Exception e) {
            duck.close();
            throw e;
        }
        return new Workload("small", db, Catalog.open(db).tableNames(), duck);
    }

    /** Generates, exports and loads; {@code genArgs} follow {@code ascan gen}. */
    static Workload create(String name, Path scratch, String... genArgs) throws Exception {
        Path db = scratch.resolve(name);
        List<String> gen = new ArrayList<>(List.of("gen"));
        gen.addAll(List.of(genArgs));
        gen.addAll(List.of("--dir", db.toString(), "--threads", "2"));
        cli(gen.toArray(String[]::new));
        return load(name, db, scratch);
    }

    /** Exports every table of the catalog {@code db} to Parquet under {@code scratch} and loads them into DuckDB. */
    static Workload load(String name, Path db, Path scratch) throws Exception {
        List<String> tables = Catalog.open(db).tableNames();
        Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duck.createStatement()) {
            s.execute("SET threads = 2");
            // DuckDB's default memory limit is 80% of RAM: bound it, the oracle shares the machine
            s.execute("SET memory_limit = '4GB'");
            for (String t : tables) {
                Path parquet = scratch.resolve(name + "-parquet").resolve(t + ".parquet");
                cli("export", "--dir", db.toString(), "--table", t, "--to", parquet.toString());
                s.execute("CREATE TABLE " + t + " AS SELECT * FROM read_parquet('"
                        + parquet.toAbsolutePath().toString().replace("'", "''") + "')");
            }
        } catch (Exception e) {
            duck.close();
            throw e;
        }
        return new Workload(name, db, tables, duck);
    }

    /** Runs an {@code ascan} command in-process; a non-zero exit is an exception with its output. */
    static void cli(String... args) {
        CliRun r = CliRun.of(args);
        if (r.exit() != 0) {
            throw new IllegalStateException("ascan " + String.join(" ", args) + " failed (" + r.exit() + "): " + r.err() + r.out());
        }
    }

    /** {@code jdbc:ascan:<catalog>} plus the given URL settings (e.g. {@code ?mode=direct}). */
    public String url(String settings) {
        return "jdbc:ascan:" + catalog + settings;
    }

    /** The shared connection with default settings. */
    public synchronized Connection ascan() throws SQLException {
        if (ascan == null) ascan = DriverManager.getConnection(url(""));
        return ascan;
    }

    public Result runAscan(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return Result.read(rs);
        }
    }

    /** The DuckDB connection holding the same data. */
    public Connection duckdb() {
        return duckdb;
    }

    public Result runDuckDb(String sql) throws SQLException {
        try (Statement s = duckdb.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return Result.read(rs);
        }
    }

    /**
     * {@code sql} on DuckDB with its optimizer off: a second opinion from the oracle, for when its
     * optimized answer disagrees with ascan's (DuckDB's optimizer has bugs of its own).
     */
    public Result runDuckDbUnoptimized(String sql) throws SQLException {
        pragma("disable_optimizer");
        // DuckDB's driver closes a statement whose query failed: the optimizer goes back on through another
        try (Statement s = duckdb.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return Result.read(rs);
        } finally {
            pragma("enable_optimizer");
        }
    }

    private void pragma(String pragma) throws SQLException {
        try (Statement s = duckdb.createStatement()) {
            s.execute("PRAGMA " + pragma);
        }
    }

    @Override
    public synchronized void close() throws SQLException {
        try {
            if (ascan != null) ascan.close();
        } finally {
            duckdb.close();
        }
    }
}
