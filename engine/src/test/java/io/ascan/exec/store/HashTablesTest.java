package io.ascan.exec.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
                : JoinHashTable.allocate(List.of(a, b), memory.allocator(), true)) {
            if (threads > 1) {
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
}
