package io.ascan.exec.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.codegen.rt.Hash;
import io.ascan.codegen.rt.Mem;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The tables driven the way generated code drives them, with Java in place of the generated loops. */
class HashTablesTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    static final RowLayout KEY_VALUE = new RowLayout(List.of(DataType.BIGINT, DataType.BIGINT));
    static final int KEY = KEY_VALUE.valueOffset(0);
    static final int VALUE = KEY_VALUE.valueOffset(1);

    static long hash(long key) {
        return Hash.finish(Hash.combine(Hash.SEED, key));
    }

    @Test
    void joinTableFindsEveryMatchAcrossStores() {
        joinTableFindsEveryMatch(1);
    }

    /** Several threads chaining their row runs at once (then filling the Bloom filter by share) give the same table. */
    @Test
    void joinTableBuiltByConcurrentInsertsFindsEveryMatch() {
        joinTableFindsEveryMatch(3);
    }

    private void joinTableFindsEveryMatch(int threads) {
        SplittableRandom rnd = new SplittableRandom(1);
        Map<Long, Integer> expected = new HashMap<>();
        TupleStore a = new TupleStore(KEY_VALUE, memory.allocator(), "build");
        TupleStore b = new TupleStore(KEY_VALUE, memory.allocator(), "build");
        for (int i = 0; i < 50_000; i++) {
            long key = rnd.nextLong(20_000); // duplicates on purpose
            long row = (i % 2 == 0 ? a : b).appendRow();
            Mem.putLong(row + RowLayout.HASH, hash(key));
            Mem.putLong(row + KEY, key);
            Mem.putLong(row + VALUE, i);
            expected.merge(key, 1, Integer::sum);
        }
        assertTrue(a.runCount() + b.runCount() > threads, "enough row runs to share");
        try (JoinHashTable table = threads == 1 ? new JoinHashTable(List.of(a, b), memory.allocator(), true)
                : JoinHashTable.allocateUnzeroed(List.of(a, b), memory.allocator(), true, null)) {
            if (threads > 1) {
                zeroInShares(table, threads);
                List<Thread> ts = new java.util.ArrayList<>();
                JoinHashTable.HashShares[] shares = new JoinHashTable.HashShares[threads];
                for (int w = 0; w < threads; w++) {
                    int part = w;
                    ts.add(Thread.ofPlatform().start(() -> shares[part] = table.chainRuns(part, threads)));
                }
                for (Thread t : ts) join(t);
                ts.clear();
                for (int w = 0; w < threads; w++) {
                    int part = w;
                    ts.add(Thread.ofPlatform().start(() -> table.addToBloomFilter(part, threads, List.of(shares))));
                }
                for (Thread t : ts) join(t);
            }
            assertEquals(50_000, table.rowCount());
            int falsePositives = 0;
            for (long key = 0; key < 40_000; key++) {
                long h = hash(key);
                int found = 0;
                for (long r = table.first(h); r != 0; r = Mem.getLong(r + RowLayout.NEXT)) {
                    if ((Mem.getLong(r + RowLayout.HASH) & Hash.MASK) == h && Mem.getLong(r + KEY) == key) found++;
                }
                assertEquals(expected.getOrDefault(key, 0), found, "matches of " + key);
                boolean maybe = table.bloomFilter().mightContain(h);
                if (found > 0) assertTrue(maybe, "no false negatives");
                else if (maybe) falsePositives++;
            }
            long absent = 40_000 - expected.size();
            assertTrue(falsePositives < absent * 0.05, falsePositives + " false positives of " + absent);
        }
    }

    /** Builds a table over {@code keys} and {@code nullKeys} rows with a NULL key the way JoinBuildSink does, on {@code threads} threads. */
    private JoinHashTable directTable(long[] keys, int nullKeys, int threads, org.apache.arrow.memory.BufferAllocator tableMemory) {
        TupleStore a = new TupleStore(KEY_VALUE, memory.allocator(), "build");
        TupleStore b = new TupleStore(KEY_VALUE, memory.allocator(), "build");
        KeyRange range = new KeyRange();
        int i = 0;
        for (long key : keys) {
            long row = (i++ % 2 == 0 ? a : b).appendRow();
            Mem.putLong(row + RowLayout.HASH, hash(key));
            Mem.putLong(row + KEY, key);
            Mem.putLong(row + VALUE, key * 3);
            range.add(key);
        }
        for (int n = 0; n < nullKeys; n++) {
            // As the build writes a NULL key: the null bit, a zero value, the NULL hash.
            long row = a.appendRow();
            Mem.putLong(row + RowLayout.HASH, Hash.finish(Hash.combine(Hash.SEED, Hash.NULL_VALUE)));
            Mem.putLong(row + KEY_VALUE.nullWordOffset(0), RowLayout.nullMask(0));
        }
        JoinHashTable.DirectKey direct = new JoinHashTable.DirectKey(0, range);
        JoinHashTable table = threads == 1 ? JoinHashTable.allocate(List.of(a, b), tableMemory, true, direct)
                : JoinHashTable.allocateUnzeroed(List.of(a, b), tableMemory, true, direct);
        if (threads == 1) {
            table.insert();
        } else {
            zeroInShares(table, threads);
            JoinHashTable.HashShares[] shares = new JoinHashTable.HashShares[threads];
            List<Thread> ts = new java.util.ArrayList<>();
            for (int w = 0; w < threads; w++) {
                int part = w;
                ts.add(Thread.ofPlatform().start(() -> shares[part] = table.chainRuns(part, threads)));
            }
            for (Thread t : ts) join(t);
            table.chained(List.of(shares));
            table.addToBloomFilter(0, 1, List.of(shares));
        }
        return table;
    }

    /** Rows the direct-address table chains under {@code key}, as the generated probe walks them (no hash or key compare). */
    private static int directMatches(JoinHashTable table, long key) {
        int found = 0;
        for (long r = table.firstOfKey(key); r != 0; r = Mem.getLong(r + RowLayout.NEXT)) {
            assertEquals(key, Mem.getLong(r + KEY), "a chain holds only its key's rows");
            assertEquals(key * 3, Mem.getLong(r + VALUE));
            found++;
        }
        return found;
    }

    @Test
    void directAddressTableFindsEveryKeyOfADenseRange() {
        directTableFindsEveryKey(1);
    }

    @Test
    void directAddressTableBuiltByConcurrentInsertsFindsEveryKey() {
        directTableFindsEveryKey(3);
    }

    /** Negative and positive keys with duplicates and gaps; NULL keys (value 0 in the row) are in no chain, yet in the Bloom filter. */
    private void directTableFindsEveryKey(int threads) {
        SplittableRandom rnd = new SplittableRandom(3);
        Map<Long, Integer> expected = new HashMap<>();
        long[] keys = new long[60_000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = rnd.nextLong(-5_000, 35_000);
            if (keys[i] == 0) keys[i] = 1; // key 0 absent: where a NULL key's zero value would wrongly land
            expected.merge(keys[i], 1, Integer::sum);
        }
        try (JoinHashTable table = directTable(keys, 3, threads, memory.allocator())) {
            assertTrue(table.direct(), table.describe());
            assertFalse(table.uniqueKeys(), "duplicate keys share a chain");
            long min = expected.keySet().stream().mapToLong(Long::longValue).min().orElseThrow();
            long max = expected.keySet().stream().mapToLong(Long::longValue).max().orElseThrow();
            assertEquals(min, table.keyMin());
            assertEquals(max - min + 1, table.slots());
            assertEquals(keys.length + 3, table.rowCount());
            for (long key = min - 100; key <= max + 100; key++) {
                assertEquals(expected.getOrDefault(key, 0), directMatches(table, key), "matches of " + key);
            }
            assertEquals(0, directMatches(table, Long.MIN_VALUE));
            assertEquals(0, directMatches(table, Long.MAX_VALUE));
            for (long key : keys) assertTrue(table.bloomFilter().mightContain(hash(key)), "R still holds every key's hash");
            assertTrue(table.bloomFilter().mightContain(Hash.finish(Hash.combine(Hash.SEED, Hash.NULL_VALUE))), "and the NULL keys' hash");
        }
    }

    /** Distinct keys make one-row chains, which the probe then does not step along; one duplicate (or a hash table) does not. */
    @Test
    void uniqueKeysAreNotedBySingleAndConcurrentBuilds() {
        long[] keys = new long[50_000];
        for (int i = 0; i < keys.length; i++) keys[i] = keys.length - 2L * i; // distinct, negative ones too
        for (int threads : new int[] {1, 3}) {
            try (JoinHashTable table = directTable(keys, 2, threads, memory.allocator())) {
                assertTrue(table.direct() && table.uniqueKeys(), table.describe());
                for (long key : new long[] {keys[0], keys[777], keys[keys.length - 1]}) {
                    long r = table.firstOfKey(key);
                    assertEquals(key, Mem.getLong(r + KEY));
                    assertEquals(0, Mem.getLong(r + RowLayout.NEXT), "a one-row chain");
                }
            }
            long[] duplicate = java.util.Arrays.copyOf(keys, keys.length + 1);
            duplicate[keys.length] = keys[4_321];
            try (JoinHashTable table = directTable(duplicate, 0, threads, memory.allocator())) {
                assertTrue(table.direct() && !table.uniqueKeys(), table.describe());
                assertEquals(2, directMatches(table, keys[4_321]));
            }
        }
    }

    @Test
    void sparseKeysFallBackToHashBuckets() {
        long[] keys = {-3_000_000_000L, 7, 7, 1L << 40};
        try (JoinHashTable table = directTable(keys, 1, 1, memory.allocator())) {
            assertFalse(table.direct() || table.uniqueKeys(), table.describe());
            for (long key : new long[] {-3_000_000_000L, 7, 8, 1L << 40}) {
                long h = hash(key);
                int found = 0;
                for (long r = table.first(h); r != 0; r = Mem.getLong(r + RowLayout.NEXT)) {
                    if ((Mem.getLong(r + RowLayout.HASH) & Hash.MASK) == h && Mem.getLong(r + KEY) == key) found++;
                }
                assertEquals(key == 7 ? 2 : key == 8 ? 0 : 1, found, "matches of " + key);
            }
        }
    }

    /** A direct-address array the query's memory limit cannot hold: the smaller bucket array instead, within the limit. */
    @Test
    void directArrayBeyondTheMemoryLimitFallsBackToHashing() {
        long[] keys = new long[2_000];
        for (int i = 0; i < keys.length; i++) keys[i] = 8L * i; // 16,000 slots: 128 KiB of heads, 32 KiB of buckets
        try (org.apache.arrow.memory.BufferAllocator limited = memory.allocator().newChildAllocator("join", 0, 100_000);
             JoinHashTable table = directTable(keys, 0, 1, limited)) {
            assertFalse(table.direct(), table.describe());
            assertEquals(1, directMatchesByHash(table, 8L * 1234));
        }
        try (JoinHashTable table = directTable(keys, 0, 1, memory.allocator())) {
            assertTrue(table.direct(), "unlimited, the same keys get slots: " + table.describe());
            assertEquals(1, directMatches(table, 8L * 1234));
            assertEquals(0, directMatches(table, 8L * 1234 + 1));
        }
    }

    /**
     * Keys too sparse for a slot each (order keys a customer filter left: about one in 40) get
     * the clustered layout, a slot per run of neighbouring keys: chains then hold other keys too,
     * so the walk compares keys, and every key is found, by one thread or several.
     */
    @Test
    void sparseKeysGetClusteredSlotsThatFindEveryKey() {
        SplittableRandom rnd = new SplittableRandom(5);
        Map<Long, Integer> expected = new HashMap<>();
        long[] keys = new long[40_000];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = rnd.nextLong(-1_000_000, 5_000_000);
            if (i % 1000 == 0 && i > 0) keys[i] = keys[i - 1]; // a few duplicate keys
            expected.merge(keys[i], 1, Integer::sum);
        }
        for (int threads : new int[] {1, 3}) {
            try (JoinHashTable table = directTable(keys, 2, threads, memory.allocator())) {
                assertTrue(table.direct() && table.shift() > 0, table.describe());
                assertTrue(table.slots() <= KeyRange.CLUSTER_SLOTS_PER_KEY * (keys.length + 2), "no more slots than buckets: " + table.describe());
                assertFalse(table.uniqueKeys(), "neighbouring keys share slots");
                for (long key : expected.keySet()) assertEquals(expected.get(key), clusteredMatches(table, key), "matches of " + key);
                for (int i = 0; i < 20_000; i++) {
                    long key = rnd.nextLong(-2_000_000, 6_000_000);
                    assertEquals(expected.getOrDefault(key, 0), clusteredMatches(table, key), "matches of " + key);
                }
                assertEquals(0, clusteredMatches(table, Long.MIN_VALUE));
                assertEquals(0, clusteredMatches(table, Long.MAX_VALUE));
                for (long key : keys) assertTrue(table.bloomFilter().mightContain(hash(key)));
            }
        }
    }

    /**
     * The clustered layout's key bitmap: a key no row has finds no chain at all, even where its
     * slot holds neighbours, so a probe walks rows only for keys that are there.
     */
    @Test
    void clusteredKeyBitmapGivesAbsentKeysNoChain() {
        SplittableRandom rnd = new SplittableRandom(11);
        long[] keys = new long[40_000];
        Map<Long, Integer> present = new HashMap<>();
        for (int i = 0; i < keys.length; i++) {
            keys[i] = rnd.nextLong(0, 3_000_000);
            present.merge(keys[i], 1, Integer::sum);
        }
        for (int threads : new int[] {1, 3}) {
            try (JoinHashTable table = directTable(keys, 1, threads, memory.allocator())) {
                assertTrue(table.direct() && table.shift() > 0 && table.keyBitsAddress() != 0, table.describe());
                int neighbours = 0;
                for (int i = 0; i < 20_000; i++) {
                    long key = rnd.nextLong(0, 3_000_000);
                    long slot = (key - table.keyMin()) >>> table.shift();
                    if (!present.containsKey(key)) {
                        assertEquals(0L, table.firstOfKey(key), "no chain for absent key " + key);
                        if (slot < table.slots() && Mem.getLong(table.headsAddress() + (slot << 3)) != 0L) neighbours++;
                    } else {
                        assertEquals(present.get(key), clusteredMatches(table, key), "matches of " + key);
                    }
                }
                assertTrue(neighbours > 1000, "absent keys whose slot holds neighbours: " + neighbours);
            }
        }
    }

    /** Keys crowded into a corner of their range (most in a few slots) are re-chained into hash buckets. */
    @Test
    void crowdedClusteredKeysFallBackToHashBuckets() {
        long[] keys = new long[40_001];
        for (int i = 0; i < 40_000; i++) keys[i] = i;
        keys[40_000] = 40L << 20; // 40,001 keys over 2^10 times as many values: the widest slots

        for (int threads : new int[] {1, 3}) {
            try (JoinHashTable table = directTable(keys, 1, threads, memory.allocator())) {
                assertFalse(table.direct(), table.describe());
                for (long key : new long[] {0, 5_000, 39_999, 40_000, 40L << 20}) {
                    assertEquals(key == 40_000 ? 0 : 1, directMatchesByHash(table, key), "matches of " + key);
                }
            }
        }
    }

    /** Rows the clustered table holds with key {@code key}: its chain, compared by key as the generated probe does. */
    private static int clusteredMatches(JoinHashTable table, long key) {
        int found = 0;
        for (long r = table.firstOfKey(key); r != 0; r = Mem.getLong(r + RowLayout.NEXT)) {
            assertEquals(0, Mem.getLong(r + KEY_VALUE.nullWordOffset(0)) & RowLayout.nullMask(0), "NULL keys are in no chain");
            if (Mem.getLong(r + KEY) != key) continue;
            assertEquals(key * 3, Mem.getLong(r + VALUE));
            found++;
        }
        return found;
    }

    private static int directMatchesByHash(JoinHashTable table, long key) {
        int found = 0;
        for (long r = table.first(hash(key)); r != 0; r = Mem.getLong(r + RowLayout.NEXT)) if (Mem.getLong(r + KEY) == key) found++;
        return found;
    }

    /**
     * A parallel build's first phase, as JoinBuildSink runs it: the unzeroed head array and key
     * bitmap, here filled with ones as reused memory may be, zeroed by {@code threads} threads a
     * share each, leave no byte set.
     */
    private static void zeroInShares(JoinHashTable table, int threads) {
        long headBytes = table.slots() * 8;
        long bitBytes = table.keyBitsAddress() == 0 ? 0 : ((table.slots() << table.shift()) + 63 >>> 6) * 8;
        Mem.fill(table.headsAddress(), headBytes, (byte) -1);
        if (bitBytes > 0) Mem.fill(table.keyBitsAddress(), bitBytes, (byte) -1);
        List<Thread> ts = new java.util.ArrayList<>();
        for (int w = 0; w < threads; w++) {
            int part = w;
            ts.add(Thread.ofPlatform().start(() -> table.zeroShare(part, threads)));
        }
        for (Thread t : ts) join(t);
        for (long at = 0; at < headBytes; at += 8) assertEquals(0L, Mem.getLong(table.headsAddress() + at), "head array byte " + at);
        for (long at = 0; at < bitBytes; at += 8) assertEquals(0L, Mem.getLong(table.keyBitsAddress() + at), "key bitmap byte " + at);
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aggregationTableGrowsAndKeepsEveryGroup() {
        SplittableRandom rnd = new SplittableRandom(2);
        Map<Long, Long> sums = new HashMap<>();
        try (AggHashTable table = new AggHashTable(KEY_VALUE, memory.allocator())) {
            for (int i = 0; i < 300_000; i++) {
                long key = rnd.nextLong(100_000);
                long h = hash(key);
                long p = h & table.mask();
                long r;
                while ((r = table.slot(p)) != 0) {
                    if (Mem.getLong(r + RowLayout.HASH) == h && Mem.getLong(r + KEY) == key) break;
                    p = (p + 1) & table.mask();
                }
                if (r == 0) {
                    r = table.insert(h, p);
                    Mem.putLong(r + KEY, key);
                }
                Mem.putLong(r + VALUE, Mem.getLong(r + VALUE) + i);
                sums.merge(key, (long) i, Long::sum);
            }
            assertEquals(sums.size(), table.groupCount());
            assertTrue(table.mask() + 1 >= 2 * table.groupCount(), "load stays at most one half");
            long[] seen = {0};
            table.store().forEachRow(r -> {
                assertEquals(sums.get(Mem.getLong(r + KEY)), Mem.getLong(r + VALUE));
                seen[0]++;
            });
            assertEquals(sums.size(), seen[0]);
        }
    }

    @Test
    void presizedTableStartsSmallAndGrowsOnceToItsEstimate() {
        try (AggHashTable table = new AggHashTable(KEY_VALUE, memory.allocator(), 1_000_000)) {
            assertEquals(AggHashTable.PRESIZE_START, table.mask() + 1, "a high estimate zeroes no more than the start");
            long groups = AggHashTable.PRESIZE_START / 2 + 1;
            for (long key = 0; key < groups; key++) {
                long r = table.insert(hash(key), -find(table, key) - 1);
                Mem.putLong(r + KEY, key);
            }
            assertEquals(1L << 21, table.mask() + 1, "the first growth reaches the estimate's size");
            for (long key = 0; key < groups; key++) assertTrue(find(table, key) > 0, "key " + key);
        }
        try (AggHashTable table = new AggHashTable(KEY_VALUE, memory.allocator(), 100)) {
            assertEquals(1024, table.mask() + 1, "a small estimate keeps the smallest table");
        }
    }

    /** Finds the row of {@code key} in {@code table}, or the free slot to insert it at as {@code -(slot + 1)}. */
    private static long find(AggHashTable table, long key) {
        long h = hash(key);
        for (long p = h & table.mask(); ; p = (p + 1) & table.mask()) {
            long r = table.slot(p);
            if (r == 0) return -(p + 1);
            if (Mem.getLong(r + RowLayout.HASH) == h && Mem.getLong(r + KEY) == key) return r;
        }
    }

    @Test
    void mergeAdoptsAnotherTablesRowsAndGrowsOnce() {
        try (AggHashTable into = new AggHashTable(KEY_VALUE, memory.allocator());
             AggHashTable other = new AggHashTable(KEY_VALUE, memory.allocator())) {
            for (long key = 0; key < 3_000; key++) { // keys 0..2999 here, 2000..5999 there: 1000 shared
                long p = -find(into, key) - 1;
                long r = into.insert(hash(key), p);
                Mem.putLong(r + KEY, key);
                Mem.putLong(r + VALUE, key);
            }
            for (long key = 2_000; key < 6_000; key++) {
                long p = -find(other, key) - 1;
                long r = other.insert(hash(key), p);
                Mem.putLong(r + KEY, key);
                Mem.putLong(r + VALUE, 10 * key);
            }
            into.reserve(into.groupCount() + other.groupCount());
            long capacity = into.mask() + 1;
            assertTrue(capacity >= 2 * 7_000, "room for every group: " + capacity);
            other.forEachGroup(row -> {
                long found = find(into, Mem.getLong(row + KEY));
                if (found < 0) into.adopt(Mem.getLong(row + RowLayout.HASH), -found - 1, row);
                else Mem.putLong(found + VALUE, Mem.getLong(found + VALUE) + Mem.getLong(row + VALUE));
            });
            other.closeSlots();
            assertEquals(capacity, into.mask() + 1, "no growth after reserve");
            assertEquals(6_000, into.groupCount());
            Map<Long, Long> seen = new HashMap<>();
            into.forEachGroup(r -> seen.put(Mem.getLong(r + KEY), Mem.getLong(r + VALUE)));
            assertEquals(6_000, seen.size());
            for (long key = 0; key < 6_000; key++) {
                long expected = (key < 3_000 ? key : 0) + (key >= 2_000 ? 10 * key : 0);
                assertEquals(expected, seen.get(key), "key " + key);
                assertTrue(find(into, key) > 0, "adopted rows are found by probing: " + key);
            }
        }
    }
}
