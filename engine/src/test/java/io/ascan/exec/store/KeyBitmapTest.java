package io.ascan.exec.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.codegen.rt.Mem;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The exact key set R of a dense join build: every built key in, every other value (and NULL) out. */
class KeyBitmapTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    /** A build store of (payload BIGINT, key INTEGER) rows; {@code null} keys are NULL. */
    static TupleStore store(RowLayout layout, LeakCheck memory, Long... keys) {
        TupleStore s = new TupleStore(layout, memory.allocator(), "test build");
        for (Long k : keys) {
            long row = s.appendRow();
            if (k == null) Mem.putLong(row + layout.nullWordOffset(1), RowLayout.nullMask(1));
            else Mem.putLong(row + layout.valueOffset(1), k);
        }
        return s;
    }

    @Test
    void holdsExactlyTheNonNullKeysOfEveryStore() {
        RowLayout layout = new RowLayout(List.of(DataType.BIGINT, DataType.INTEGER));
        Random rnd = new Random(3);
        Set<Long> keys = new HashSet<>();
        KeyRange range = new KeyRange();
        Long[][] parts = new Long[2][];
        for (int p = 0; p < 2; p++) {
            parts[p] = new Long[500];
            for (int i = 0; i < parts[p].length; i++) {
                Long k = rnd.nextInt(10) == 0 ? null : (long) (rnd.nextInt(5_000) - 1_000); // sparse-ish, with negatives
                parts[p][i] = k;
                if (k != null) {
                    keys.add(k);
                    range.add(k);
                }
            }
        }
        try (TupleStore a = store(layout, memory, parts[0]); TupleStore b = store(layout, memory, parts[1]);
             KeyBitmap bits = KeyBitmap.of(List.of(a, b), layout, 1, range, memory.allocator())) {
            assertNotNull(bits, "a thousand keys over 5,000 values suit a bitmap");
            assertEquals(range.min(), bits.min());
            assertEquals(range.max(), bits.max());
            for (long v = range.min() - 70; v <= range.max() + 70; v++) assertEquals(keys.contains(v), bits.contains(v), "key " + v);
            for (long v : new long[] {Long.MIN_VALUE, Long.MAX_VALUE, range.min() - 64, range.max() + 64}) {
                assertFalse(bits.contains(v), "outside the range: " + v);
            }
        }
    }

    @Test
    void onlyDenseEnoughKeysGetABitmap() {
        assertFalse(KeyBitmap.suits(null));
        assertFalse(KeyBitmap.suits(new KeyRange()), "no keys");
        assertTrue(KeyBitmap.suits(KeyRangeTest.of(1, KeyBitmap.SMALL_BITS)), "two keys, but a bitmap small enough anyway");
        assertFalse(KeyBitmap.suits(KeyRangeTest.of(1, KeyBitmap.SMALL_BITS + 1)), "two keys far apart");
        assertTrue(KeyBitmap.suits(KeyRangeTest.spread(0, 2_000_000, 7_854)), "TPC-H q02's parts at SF 10: sparse, but 250 KB");
        assertTrue(KeyBitmap.suits(KeyRangeTest.spread(0, 8_000_000, 400_000)), "20 values per key, under a Bloom filter's bits");
        assertFalse(KeyBitmap.suits(KeyRangeTest.spread(0, 8_000_000, 200_000)), "40 values per key, more than a Bloom filter's");
        assertFalse(KeyBitmap.suits(KeyRangeTest.spread(0, 64_000_000, 6_000_000)), "dense, but over 1 MiB of bits");
        assertFalse(KeyBitmap.suits(KeyRangeTest.of(Long.MIN_VALUE, Long.MAX_VALUE)), "the range of long overflows");
    }

    @Test
    void bitsAnOwnerKeepsServeForSparserKeysUpToTheLargestBitmap() {
        KeyRange sparse = KeyRangeTest.spread(0, 8_000_000, 200_000);
        assertFalse(KeyBitmap.suits(sparse), "40 values per key: no bitmap of its own");
        assertNotNull(KeyBitmap.over(0, sparse), "but another structure's bits cost nothing");
        KeyBitmap wide = KeyBitmap.over(0, KeyRangeTest.spread(0, 64_000_000, 6_000_000));
        assertNotNull(wide, "8 MB of bits another structure keeps");
        assertFalse(wide.shippable(), "but over the 1 MiB a storage node takes");
        assertTrue(KeyBitmap.over(0, sparse).shippable());
        assertNull(KeyBitmap.over(0, KeyRangeTest.spread(0, 200_000_000, 6_000_000)), "over 16 MiB of bits");
        assertNull(KeyBitmap.over(0, new KeyRange()), "no keys");
        assertNull(KeyBitmap.over(0, KeyRangeTest.of(Long.MIN_VALUE, Long.MAX_VALUE)), "the range of long overflows");
    }

    @Test
    void tooSparseKeysGetNone() {
        RowLayout layout = new RowLayout(List.of(DataType.BIGINT, DataType.INTEGER));
        try (TupleStore s = store(layout, memory, 0L, 1L << 40)) {
            assertNull(KeyBitmap.of(List.of(s), layout, 1, KeyRangeTest.of(0, 1L << 40), memory.allocator()));
        }
    }

    @Test
    void aViewReadsItsOwnersBitsAndLeavesThemToItsOwner() {
        RowLayout layout = new RowLayout(List.of(DataType.BIGINT, DataType.INTEGER));
        KeyRange range = new KeyRange();
        for (long k : new long[] {100, 164, 229}) range.add(k);
        try (TupleStore s = store(layout, memory, 100L, 164L, null, 229L);
             KeyBitmap owned = KeyBitmap.of(List.of(s), layout, 1, range, memory.allocator())) {
            KeyBitmap view = KeyBitmap.over(owned.address(), range);
            assertNotNull(view);
            for (long v = 90; v <= 240; v++) assertEquals(owned.contains(v), view.contains(v), "key " + v);
            assertEquals(owned.sizeBytes(), view.sizeBytes());
            view.close(); // frees nothing: the owner's bits stay readable
            assertTrue(owned.contains(164));
        }
    }
}
