package io.ascan.exec.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.codegen.rt.Mem;
import io.ascan.codegen.rt.PipelineCode;
import io.ascan.codegen.rt.StringScratch;
import io.ascan.exec.store.RowLayout;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A worker's top-k input keeps memory bounded by k and loses none of the first k rows, strings included. */
class TopKRowsTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final RowLayout LAYOUT = new RowLayout(List.of(DataType.BIGINT, DataType.VARCHAR));

    /** Orders rows by column 0, as a generated sort pipeline's compareRows would. */
    static final PipelineCode BY_KEY = new PipelineCode(new Object[0]) {
        @Override
        public void open(Object[] state, StringScratch scratch) {}

        @Override
        public int compareRows(long a, long b) {
            return Long.compare(Mem.getLong(a + LAYOUT.valueOffset(0)), Mem.getLong(b + LAYOUT.valueOffset(0)));
        }
    };

    @Test
    void keepsTheFirstKRowsWithinBoundedMemory() {
        int k = 100, n = 100_000;
        SplittableRandom rnd = new SplittableRandom(7);
        List<Long> keys = new ArrayList<>();
        try (TopKRows top = new TopKRows(LAYOUT, memory.allocator(), k); var scratch = new StringScratch(memory.allocator())) {
            long peak = 0;
            for (int i = 0; i < n; i++) {
                long key = rnd.nextLong(1_000_000_000L);
                keys.add(key);
                long row = top.appendRow();
                Mem.putLong(row + LAYOUT.valueOffset(0), key);
                byte[] text = ("v" + key).getBytes(StandardCharsets.UTF_8);
                long s = scratch.allocate(text.length);
                Mem.at(s, text.length).copyFrom(java.lang.foreign.MemorySegment.ofArray(text));
                Mem.putLong(row + LAYOUT.valueOffset(1), top.appendString(s, text.length));
                scratch.reset();
                top.added(BY_KEY);
                peak = Math.max(peak, top.store().rowCount());
            }
            assertTrue(peak <= 4096, "rows held at most: " + peak);
            List<Long> kept = new ArrayList<>();
            top.store().forEachRow(row -> {
                long key = Mem.getLong(row + LAYOUT.valueOffset(0));
                long s = Mem.getLong(row + LAYOUT.valueOffset(1));
                byte[] text = Mem.at(s + 4, Mem.getInt(s)).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                assertEquals("v" + key, new String(text, StandardCharsets.UTF_8), "the row's string moved with it");
                kept.add(key);
            });
            kept.sort(null);
            keys.sort(null);
            assertEquals(keys.subList(0, k), kept.subList(0, k), "the k smallest keys are kept");
        }
    }
}
