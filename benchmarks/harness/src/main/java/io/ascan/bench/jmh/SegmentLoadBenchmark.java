package io.ascan.bench.jmh;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.format.ColumnBatch;
import io.ascan.format.ColumnSpec;
import io.ascan.format.SliceData;
import io.ascan.catalog.TableReader;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import io.ascan.memory.RequiredJvmFlags;
import io.ascan.types.DataType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Segment load to Arrow vectors: reads every slice of a 4-column BIGINT table ({@code tableMiB},
 * 256 MiB by default, 2 MiB segments) through {@link TableReader} at queue depths 1..32,
 * io_uring vs portable. One operation = the whole table; bytes/s = tableMiB x ops/s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {RequiredJvmFlags.NATIVE_ACCESS, RequiredJvmFlags.OPEN_NIO, RequiredJvmFlags.UNSAFE, "-Xmx2g"})
public class SegmentLoadBenchmark {
    static final int COLUMNS = 4;

    @Param({"256"})
    public int tableMiB;

    @Param({"1", "2", "4", "8", "16", "32"})
    public int depth;

    @Param({"uring", "portable"})
    public String io;

    private Path dir;
    private Table table;
    private BenchMemory memory;
    private BlockReader reader;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        long rows = ((long) tableMiB << 20) / 8 / COLUMNS;
        dir = Files.createTempDirectory("ascan-jmh-");
        ColumnSpec[] cols = new ColumnSpec[COLUMNS];
        for (int c = 0; c < COLUMNS; c++) cols[c] = ColumnSpec.of("c" + c, DataType.BIGINT);
        TableSchema schema = TableSchema.of(cols);
        Catalog catalog = Catalog.create(dir);
        try (TableWriter w = catalog.create("t", schema, WriteOptions.DEFAULTS)) {
            ColumnBatch batch = new ColumnBatch(schema, 1 << 16);
            for (long r = 0; r < rows; r++) {
                for (int c = 0; c < COLUMNS; c++) batch.setLong(c, r * (c + 1));
                batch.endRow();
                if (batch.rowCount() == 1 << 16) {
                    w.append(batch);
                    batch.clear();
                }
            }
            w.append(batch);
            w.commit();
        }
        table = catalog.table("t");
        memory = new BenchMemory(1L << 30);
        reader = BlockReaders.open(IoMode.parse(io), depth);
    }

    @Benchmark
    public long loadTable(Blackhole bh) throws IOException {
        long rows = 0;
        try (TableReader tr = TableReader.all(table, reader, memory.pool(), memory.allocator())) {
            while (tr.hasNext()) {
                try (SliceData s = tr.next()) {
                    rows += s.rowCount();
                    bh.consume(s.column(0).vector().getDataBuffer().memoryAddress());
                }
            }
        }
        return rows;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        try {
            Fixtures.close(reader, memory);
        } finally {
            if (dir != null) {
                try (var files = Files.walk(dir)) {
                    for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
                }
            }
        }
    }
}
