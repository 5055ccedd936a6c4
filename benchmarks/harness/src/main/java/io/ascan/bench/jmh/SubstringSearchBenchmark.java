package io.ascan.bench.jmh;

import io.ascan.codegen.rt.Strings;
import io.ascan.memory.RequiredJvmFlags;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.ArrowBuf;
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
 * The substring search behind {@code LIKE '%green%'} (TPC-H q9, q13's {@code '%special%requests%'}):
 * {@link Strings#indexOf} over {@value #STRINGS} off-heap strings of {@code length} random lower-case
 * bytes, one in twenty holding the needle somewhere, with the needle as the generated code passes a
 * literal (heap bytes) and as an off-heap value. Score: microseconds per pass over all strings.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {RequiredJvmFlags.NATIVE_ACCESS, RequiredJvmFlags.OPEN_NIO, RequiredJvmFlags.UNSAFE})
public class SubstringSearchBenchmark {
    static final int STRINGS = 4096;
    private static final byte[] NEEDLE = "green".getBytes(StandardCharsets.US_ASCII);

    /** Bytes per string: about a TPC-H p_name (33) and an o_comment (49), and a longer text. */
    @Param({"33", "49", "120"})
    public int length;

    private BenchMemory memory;
    private ArrowBuf strings;
    private ArrowBuf needle;
    private int expected;

    @Setup(Level.Trial)
    public void setUp() {
        memory = new BenchMemory();
        strings = memory.allocator().buffer((long) STRINGS * length);
        needle = memory.allocator().buffer(NEEDLE.length);
        needle.setBytes(0, NEEDLE);
        Random rnd = new Random(42);
        byte[] s = new byte[length];
        for (int i = 0; i < STRINGS; i++) {
            for (int j = 0; j < length; j++) s[j] = (byte) ('a' + rnd.nextInt(26));
            if (i % 20 == 0) System.arraycopy(NEEDLE, 0, s, rnd.nextInt(length - NEEDLE.length + 1), NEEDLE.length);
            strings.setBytes((long) i * length, s);
            if (new String(s, StandardCharsets.US_ASCII).contains("green")) expected++;
        }
        Fixtures.check(heapNeedle() == expected && offHeapNeedle() == expected, "the searches found " + heapNeedle() + " and "
                + offHeapNeedle() + " strings holding the needle, expected " + expected);
    }

    @Benchmark
    public int heapNeedle() {
        long base = strings.memoryAddress();
        int found = 0;
        for (int i = 0; i < STRINGS; i++) if (Strings.indexOf(base + (long) i * length, length, NEEDLE, 0) >= 0) found++;
        return found;
    }

    @Benchmark
    public int offHeapNeedle() {
        long base = strings.memoryAddress(), p = needle.memoryAddress();
        int found = 0;
        for (int i = 0; i < STRINGS; i++) if (Strings.indexOf(base + (long) i * length, length, p, NEEDLE.length, 0) >= 0) found++;
        return found;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        strings.close();
        needle.close();
        memory.close();
    }
}
