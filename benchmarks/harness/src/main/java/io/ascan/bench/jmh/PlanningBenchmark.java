package io.ascan.bench.jmh;

import io.ascan.catalog.Catalog;
import io.ascan.engine.Engine;
import io.ascan.engine.EngineConfig;
import io.ascan.gen.GenRunner;
import io.ascan.gen.TpchGenerator;
import io.ascan.planner.AscanQueryService;
import io.ascan.planner.BenchmarkQueries;
import io.ascan.planner.PreparedQuery;
import io.ascan.planner.QueryService;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Planning time per statement: {@code QueryService.prepare} of a TPC-H query (parse, validate,
 * optimise, Volcano, translation into the engine's plan; nothing runs), with the plan cache off
 * ({@code plan.cacheSize=0}: every call plans) and on (every call after the first is a lookup,
 * which checks the manifests of the scanned tables). Planning reads manifests only, so a small
 * scale factor (generated once, in setup) plans exactly as SF 1 does, up to the zone maps.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "--sun-misc-unsafe-memory-access=allow", "-Xmx2g"})
public class PlanningBenchmark {
    @Param({"q01", "q03", "q06", "q09", "q21"})
    public String query;

    @Param({"0", "256"})
    public int cacheSize;

    private Path dir;
    private AscanQueryService service;
    private String sql;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("ascan-planning");
        PrintWriter quiet = new PrintWriter(Writer.nullWriter());
        new GenRunner(dir, 2, false, quiet, quiet, false).run(new TpchGenerator(0.01).tables());
        Catalog catalog = Catalog.open(dir);
        EngineConfig config = EngineConfig.DEFAULTS;
        service = new AscanQueryService(catalog, Engine.acquire(catalog.dir(), config), cacheSize);
        sql = BenchmarkQueries.text("tpch", query);
    }

    @Benchmark
    public PreparedQuery prepare() throws Exception {
        return service.prepare(sql);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        service.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
