package io.ascan.exec.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule that picks the direct-address layout: dense ranges qualify, sparse and huge ones do not. */
class KeyRangeTest {
    static KeyRange of(long... keys) {
        KeyRange r = new KeyRange();
        for (long k : keys) r.add(k);
        return r;
    }

    /** A range of {@code keys} keys from {@code min} spanning {@code slots} values (both ends used). */
    static KeyRange spread(long min, long slots, long keys) {
        KeyRange r = of(min, min + slots - 1);
        for (long i = 2; i < keys; i++) r.add(min + i % slots);
        return r;
    }

    @Test
    void noKeysNoTable() {
        assertEquals(0, new KeyRange().directSlots());
        assertEquals(0, KeyRange.merge(List.of(new KeyRange(), new KeyRange())).directSlots());
    }

    @Test
    void denseKeysGetOneSlotPerValueInTheirRange() {
        assertEquals(1, of(42).directSlots());
        assertEquals(5, of(-2, 2, 0, -1, 1).directSlots());
        assertEquals(3, of(7, 7, 7, 9).directSlots(), "duplicates count as keys");
        // TPC-H order keys: one value in four used, the rows then halved by a filter.
        assertEquals(6_000_000, spread(1, 6_000_000, 750_000).directSlots());
    }

    @Test
    void tooSparseKeysGetNoTable() {
        assertEquals(6_000_000, spread(1, 6_000_000, 375_000).directSlots(), "16 slots per key");
        assertEquals(0, spread(1, 6_000_000, 374_999).directSlots(), "more than 16 slots per key, beyond the cache-sized array");
        assertEquals(0, of(1, 1_000_000).directSlots());
    }

    /** A cache-sized array may be sparser: SSB's 2,556 dates span 61,130 values. */
    @Test
    void cacheSizedArraysMayBeSparser() {
        assertEquals(61_130, spread(19_920_101, 61_130, 2_556).directSlots());
        assertEquals(KeyRange.SPARSE_SLOTS, spread(0, KeyRange.SPARSE_SLOTS, KeyRange.SPARSE_SLOTS / 64).directSlots());
        assertEquals(0, spread(0, KeyRange.SPARSE_SLOTS, KeyRange.SPARSE_SLOTS / 64 - 1).directSlots(), "more than 64 slots per key");
        assertEquals(0, spread(0, KeyRange.SPARSE_SLOTS + 1, KeyRange.SPARSE_SLOTS / 16).directSlots(), "past the cache size: 16 per key");
        // SSB SF 10's parts of one category: 79,980 keys over 1,999,956 values.
        assertEquals(1_999_956, spread(20, 1_999_956, 79_980).directSlots());
    }

    @Test
    void theArrayIsBounded() {
        assertEquals(KeyRange.MAX_SLOTS, spread(-5, KeyRange.MAX_SLOTS, KeyRange.MAX_SLOTS).directSlots());
        assertEquals(0, spread(-5, KeyRange.MAX_SLOTS + 1, KeyRange.MAX_SLOTS + 1).directSlots());
    }

    /** max - min overflows a long: never a table, never a negative slot count. */
    @Test
    void keysAtBothEndsOfTheLongRangeGetNoTable() {
        assertEquals(0, of(Long.MIN_VALUE, Long.MAX_VALUE).directSlots());
        assertEquals(0, of(Long.MIN_VALUE, 0, 1).directSlots());
        assertEquals(2, of(Long.MAX_VALUE - 1, Long.MAX_VALUE).directSlots());
    }

    /**
     * Too sparse for a slot per value: a slot per run of 2^shift values, at most four slots per
     * key (q3's 147,126 order keys over 6 million values: runs of 16); none for a small build,
     * for runs past 1,024 values, for an overflowing span, or where a slot per value qualifies.
     */
    @Test
    void sparseKeysGetTheClusteredLayoutWithinItsLimits() {
        KeyRange q3 = spread(1, 5_999_975, 147_126);
        assertEquals(4, q3.clusterShift());
        assertEquals(374_999, q3.clusterSlots(4));
        assertTrue(q3.clusterSlots(4) <= KeyRange.CLUSTER_SLOTS_PER_KEY * q3.keys());
        assertEquals(-1, spread(1, 6_000_000, KeyRange.CLUSTER_MIN_KEYS - 1).clusterShift(), "a small build: hashing");
        assertEquals(-1, spread(1, 6_000_000, 750_000).clusterShift(), "a slot per value qualifies");
        KeyRange widest = spread(0, KeyRange.CLUSTER_SLOTS_PER_KEY * 40_000 << KeyRange.CLUSTER_MAX_SHIFT, 40_000);
        assertEquals(KeyRange.CLUSTER_MAX_SHIFT, widest.clusterShift());
        assertEquals(-1, spread(0, (KeyRange.CLUSTER_SLOTS_PER_KEY * 40_000 << KeyRange.CLUSTER_MAX_SHIFT) + 2, 40_000).clusterShift(),
                "runs of more than 1,024 values: hashing");
        KeyRange overflow = spread(0, 40_000, 40_000);
        overflow.add(Long.MIN_VALUE);
        overflow.add(Long.MAX_VALUE);
        assertEquals(-1, overflow.clusterShift());
    }

    @Test
    void mergedRangesSpanTheirParts() {
        KeyRange all = KeyRange.merge(List.of(of(10, 12), new KeyRange(), of(-3)));
        assertEquals(-3, all.min());
        assertEquals(12, all.max());
        assertEquals(3, all.keys());
        assertEquals(16, all.directSlots());
    }
}
