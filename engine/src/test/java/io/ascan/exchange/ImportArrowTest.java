package io.ascan.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.format.WriteOptions;
import io.ascan.testing.LeakCheck;
import java.math.BigDecimal;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TimeStampMilliTZVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Arrow IPC files and streams written with arrow-vector, imported and compared value by value. */
class ImportArrowTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    private static final int BATCH = 700;
    private static final int BATCHES = 3;

    private ImportTarget target() throws Exception {
        return new ImportTarget(Catalog.create(dir.resolve("db")), "t", WriteOptions.DEFAULTS.withMaxSliceRows(1_000));
    }

    /** Row r of the sample, null on every 6th row per column; what ascan should read back. */
    private static Object[] expected(int r) {
        Object[] v = {
            r, (int) (byte) r, (int) (short) (r * 40), r * 3_000_000_001L, r % 256, r * 7 % 65536,
            4_294_967_295L - r, r / 4.0, r / 3.0, BigDecimal.valueOf(r * 1001L - 50_000, 3),
            LocalDate.of(1970, 1, 1).plusDays(r - 1000), LocalDate.of(1970, 1, 1).minusDays(r),
            LocalDateTime.of(2001, 2, 3, 4, 5, 6).plusNanos(r * 1000L),
            LocalDateTime.of(1970, 1, 1, 0, 0).plusNanos(r * 1_000_000L),
            LocalDateTime.of(2020, 1, 1, 0, 0).plusNanos(r * 123_000L),
            LocalDateTime.of(2020, 1, 1, 0, 0).plusSeconds(r),
            "s" + r + "✓", "large " + r, r % 2 == 0, "cat" + (r % 3)
        };
        for (int c = 1; c < v.length; c++) if ((r + c) % 6 == 0) v[c] = null;
        return v;
    }

    private Path write(String name, boolean fileFormat, BufferAllocator allocator) throws Exception {
        return write(name, fileFormat, CompressionUtil.CodecType.NO_COMPRESSION, allocator);
    }

    private Path write(String name, boolean fileFormat, CompressionUtil.CodecType codec, BufferAllocator allocator)
            throws Exception {
        Path path = dir.resolve(name);
        CompressionCodec.Factory codecs = codec == CompressionUtil.CodecType.NO_COMPRESSION
                ? NoCompressionCodec.Factory.INSTANCE : CommonsCompressionFactory.INSTANCE;
        try (VarCharVector dictValues = new VarCharVector("dict", allocator)) {
            for (int i = 0; i < 3; i++) dictValues.setSafe(i, ("cat" + i).getBytes(StandardCharsets.UTF_8));
            dictValues.setValueCount(3);
            DictionaryEncoding encoding = new DictionaryEncoding(1L, false, null);
            Dictionary dictionary = new Dictionary(dictValues, encoding);
            DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider(dictionary);
            List<FieldVector> vectors = new ArrayList<>(List.of(
                    new IntVector("id", allocator), new TinyIntVector("i8", allocator),
                    new SmallIntVector("i16", allocator), new BigIntVector("I64", allocator),
                    new UInt1Vector("u8", allocator), new UInt2Vector("u16", allocator), new UInt4Vector("u32", allocator),
                    new Float4Vector("f32", allocator), new Float8Vector("f64", allocator),
                    new DecimalVector("dec", allocator, 10, 3), new DateDayVector("day", allocator),
                    new DateMilliVector("day_ms", allocator), new TimeStampMicroVector("ts_us", allocator),
                    new TimeStampMilliTZVector("ts_ms_tz", allocator, "Europe/Paris"),
                    new TimeStampNanoVector("ts_ns", allocator), new TimeStampSecVector("ts_s", allocator),
                    new VarCharVector("s", allocator), new LargeVarCharVector("large", allocator),
                    new BitVector("flag", allocator)));
            VarCharVector plainCat = new VarCharVector("cat", FieldType.nullable(new ArrowType.Utf8()), allocator);
            IntVector catCodes = new IntVector("cat", new FieldType(true, new ArrowType.Int(32, true), encoding), allocator);
            vectors.add(catCodes);
            try (VectorSchemaRoot root = new VectorSchemaRoot(vectors);
                 FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                 ArrowWriter w = fileFormat
                         ? new ArrowFileWriter(root, provider, ch, Map.of(), IpcOption.DEFAULT,
                                 codecs, codec)
                         : new ArrowStreamWriter(root, provider, ch, IpcOption.DEFAULT,
                                 codecs, codec);
                 plainCat) {
                w.start();
                for (int b = 0; b < BATCHES; b++) {
                    root.allocateNew();
                    plainCat.allocateNew();
                    for (int i = 0; i < BATCH; i++) fill(vectors, plainCat, i, expected(b * BATCH + i));
                    plainCat.setValueCount(BATCH);
                    try (var codes = (IntVector) DictionaryEncoder.encode(plainCat, dictionary)) {
                        codes.makeTransferPair(catCodes).transfer();
                    }
                    root.setRowCount(BATCH);
                    w.writeBatch();
                }
                w.end();
            }
        }
        return path;
    }

    private static void fill(List<FieldVector> v, VarCharVector cat, int i, Object[] e) {
        for (int c = 0; c < v.size() - 1; c++) {
            if (e[c] == null) continue;
            switch (v.get(c)) {
                case IntVector x -> x.set(i, (Integer) e[c]);
                case TinyIntVector x -> x.set(i, (byte) (int) (Integer) e[c]);
                case SmallIntVector x -> x.set(i, (short) (int) (Integer) e[c]);
                case BigIntVector x -> x.set(i, (Long) e[c]);
                case UInt1Vector x -> x.set(i, (Integer) e[c]);
                case UInt2Vector x -> x.set(i, (char) (int) (Integer) e[c]);
                case UInt4Vector x -> x.set(i, (int) (long) (Long) e[c]);
                case Float4Vector x -> x.set(i, (float) (double) (Double) e[c]);
                case Float8Vector x -> x.set(i, (Double) e[c]);
                case DecimalVector x -> x.set(i, (BigDecimal) e[c]);
                case DateDayVector x -> x.set(i, (int) ((LocalDate) e[c]).toEpochDay());
                case DateMilliVector x -> x.set(i, ((LocalDate) e[c]).toEpochDay() * 86_400_000L);
                case TimeStampMicroVector x -> x.set(i, Fixtures.micros((LocalDateTime) e[c]));
                case TimeStampMilliTZVector x -> x.set(i, Fixtures.micros((LocalDateTime) e[c]) / 1000);
                case TimeStampNanoVector x -> x.set(i, Fixtures.micros((LocalDateTime) e[c]) * 1000);
                case TimeStampSecVector x -> x.set(i, Fixtures.micros((LocalDateTime) e[c]) / 1_000_000);
                case VarCharVector x -> x.setSafe(i, ((String) e[c]).getBytes(StandardCharsets.UTF_8));
                case LargeVarCharVector x -> x.setSafe(i, ((String) e[c]).getBytes(StandardCharsets.UTF_8));
                case BitVector x -> x.set(i, (Boolean) e[c] ? 1 : 0);
                default -> throw new AssertionError(v.get(c));
            }
        }
        Object last = e[e.length - 1];
        if (last != null) cat.setSafe(i, ((String) last).getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @CsvSource({"true, NO_COMPRESSION", "false, NO_COMPRESSION", "true, LZ4_FRAME", "false, LZ4_FRAME",
            "true, ZSTD", "false, ZSTD"})
    void fileAndStreamFormatsImportEveryType(boolean fileFormat, CompressionUtil.CodecType codec) throws Exception {
        Path f;
        try (BufferAllocator writing = memory.allocator().newChildAllocator("writing", 0, Long.MAX_VALUE)) {
            f = write(fileFormat ? "t.arrow" : "t.arrows", fileFormat, codec, writing);
        }
        ImportResult r = ArrowIpcImporter.importFile(f, target(), memory.allocator(), Progress.NONE);
        assertEquals("id INTEGER, i8 INTEGER, i16 INTEGER, i64 BIGINT, u8 INTEGER, u16 INTEGER, u32 BIGINT, "
                + "f32 DOUBLE, f64 DOUBLE, dec DECIMAL(10,3), day DATE, day_ms DATE, ts_us TIMESTAMP, "
                + "ts_ms_tz TIMESTAMP, ts_ns TIMESTAMP, ts_s TIMESTAMP, s VARCHAR, large VARCHAR, flag BOOLEAN, "
                + "cat VARCHAR", SchemaText.format(r.schema()));
        List<Object[]> expected = new ArrayList<>();
        for (int i = 0; i < BATCH * BATCHES; i++) expected.add(expected(i));
        Fixtures.assertRows(expected, Fixtures.read(Catalog.open(dir.resolve("db")).table("t"), memory));
    }

    /** Files pyarrow wrote (resources/arrow/pyarrow_fixtures.py): its default Feather is LZ4-compressed. */
    @ParameterizedTest
    @ValueSource(strings = {"pyarrow-default.feather", "pyarrow-zstd.arrows"})
    void compressedFilesOfPyarrowImport(String name) throws Exception {
        Path f = Path.of(getClass().getResource("/arrow/" + name).toURI());
        ImportResult r = ArrowIpcImporter.importFile(f, target(), memory.allocator(), Progress.NONE);
        assertEquals("id INTEGER, x DOUBLE, s VARCHAR, dt DATE, flag BOOLEAN, dec DECIMAL(10,2)",
                SchemaText.format(r.schema()));
        List<Object[]> expected = new ArrayList<>();
        for (int row = 0; row < 3000; row++) {
            int id = row;
            Object[] v = {id, id / 4.0, "s" + id, LocalDate.of(1992, 1, 1).plusDays(id), id % 2 == 0,
                BigDecimal.valueOf(id * 7L - 5000, 2)};
            for (int c = 1; c < v.length; c++) if ((id + c) % 5 == 0) v[c] = null;
            expected.add(v);
        }
        Fixtures.assertRows(expected, Fixtures.read(Catalog.open(dir.resolve("db")).table("t"), memory));
    }

    @Test
    void unsupportedTypesNameTheColumn() throws Exception {
        for (var make : List.<java.util.function.Function<BufferAllocator, FieldVector>>of(
                a -> new TimeMicroVector("clock", a), a -> new VarBinaryVector("blob", a))) {
            Path f = dir.resolve("bad-" + System.nanoTime() + ".arrow");
            try (FieldVector v = make.apply(memory.allocator());
                 VectorSchemaRoot root = new VectorSchemaRoot(List.of(v));
                 FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                 ArrowFileWriter w = new ArrowFileWriter(root, null, ch)) {
                w.start();
                w.end();
            }
            UserException e = assertThrows(UserException.class,
                    () -> ArrowIpcImporter.importFile(f, target(), memory.allocator(), Progress.NONE));
            assertTrue(e.getMessage().contains("has Arrow type") && e.getMessage().contains("cannot import"), e.getMessage());
            assertTrue(e.getMessage().contains("'clock'") && e.getMessage().contains("Time(MICROSECOND")
                    || e.getMessage().contains("'blob'") && e.getMessage().contains("Binary"), e.getMessage());
            assertEquals(List.of(), Fixtures.entries(dir.resolve("db")));
        }
    }

    @Test
    void garbageIsNotArrow() throws Exception {
        Path f = dir.resolve("junk.arrow");
        Files.writeString(f, "this is not arrow at all");
        UserException e = assertThrows(UserException.class,
                () -> ArrowIpcImporter.importFile(f, target(), memory.allocator(), Progress.NONE));
        assertTrue(e.getMessage().startsWith(f.toString()), e.getMessage());
        assertEquals(List.of(), Fixtures.entries(dir.resolve("db")));
    }
}
