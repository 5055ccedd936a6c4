package io.ascan.bench.jmh;

import io.ascan.embedded.Ascan;
import io.ascan.embedded.QueryReader;
import io.ascan.gen.GenRunner;
import io.ascan.gen.SsbGenerator;
import io.ascan.memory.RequiredJvmFlags;
import io.ascan.planner.BenchmarkQueries;
import io.ascan.planner.PreparedQuery;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
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
 * One SSB query end to end through the embedded API ({@link Ascan}) under each scan mode: the
 * statement is planned once, each operation executes it and reads every result batch. The data
 * (SSB at scale factor {@code sf}) is generated into a temporary directory per trial and deleted
 * after; the segment cache is off ({@code cache.bytes=0}), so every run moves its data from
 * storage the way its mode does (the OS page cache stays warm: these are hot runs). Score:
 * milliseconds per query.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {RequiredJvmFlags.NATIVE_ACCESS, RequiredJvmFlags.OPEN_NIO, RequiredJvmFlags.UNSAFE, "-Xmx3g"})
public class SsbQueryBenchmark {
    @Param({"direct", "staging", "pushdown", "adaptive"})
    public String mode;

    @Param({"0.1"})
    public double sf;

    @Param({"q1.1"})
    public String query;

    private Path dir;
    private Ascan db;
    private PreparedQuery statement;
    private long rows;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        dir = Files.createTempDirectory("ascan-jmh-ssb-");
        PrintWriter quiet = new PrintWriter(OutputStream.nullOutputStream());
        new GenRunner(dir, Runtime.getRuntime().availableProcessors(), false, quiet, quiet, false)
                .run(new SsbGenerator(sf).tables());
        db = Ascan.open(dir, Map.of("mode", mode, "cache.bytes", "0"));
        statement = db.prepare(BenchmarkQueries.text("ssb", query));
        rows = run();
        Fixtures.check(rows > 0, "SSB " + query + " at SF " + sf + " returned no rows");
    }

    @Benchmark
    public long run() throws Exception {
        long n = 0;
        try (QueryReader r = db.query(statement, db.config().query())) {
            while (r.loadNextBatch()) n += r.getVectorSchemaRoot().getRowCount();
        }
        return n;
    }

    /** Closing the handle closes its root allocators, which throw if a query left memory behind. */
    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        try {
            Fixtures.close(db);
        } finally {
            if (dir != null) delete(dir);
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
