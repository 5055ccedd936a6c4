package io.ascan.cache;

import io.ascan.scan.ExecMode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.testing.LeakCheck;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The compute-side cache and its policies on scripted access traces: which segments LRU, LFU and
 * Weighted-LFU keep, Belady's misses against an exhaustive search, readers outliving eviction,
 * a segment larger than the cache, accounting.
 */
class ComputeCacheTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    /** Each segment is 1000 bytes, which the cache's allocator rounds to 1024: two fit in 2048. */
    static final int SIZE = 1000;
    static final long TWO = 2048;

    static SegmentId id(String name) {
        return new SegmentId("t", "v1", name.charAt(0) - 'a', 0);
    }

    /** One access: reported to the policy, looked up, and on a miss offered for admission; true on a hit. */
    boolean access(ComputeCache cache, SegmentId id, double weight) {
        cache.accessed(List.of(id), new long[] {SIZE}, new double[] {weight});
        ArrowBuf hit = cache.lookup(id);
        if (hit != null) {
            hit.close();
            return true;
        }
        try (ArrowBuf raw = memory.allocator().buffer(SIZE)) {
            raw.setByte(0, id.column());
            ComputeCache.Admission a = cache.admit(id, raw, SIZE);
            if (a != null) a.buffer().close();
        }
        return false;
    }

    Set<String> contents(ComputeCache cache) {
        return cache.contents().stream().map(e -> String.valueOf((char) ('a' + e.id().column()))).collect(Collectors.toSet());
    }

    /** Runs {@code trace} (one letter per access, all of weight 1) and returns the cache's contents. */
    Set<String> run(String policy, String trace) {
        try (ComputeCache cache = ComputeCache.create(memory.allocator(), TWO, CachePolicy.of(policy))) {
            for (char c : trace.toCharArray()) access(cache, id(String.valueOf(c)), 1);
            return contents(cache);
        }
    }

    @Test
    void lruKeepsTheMostRecentLfuTheMostFrequent() {
        // a, b fill the cache; c displaces b under LRU at once; LFU admits c only when it has been
        // accessed more often than b, and then refuses b, accessed as often as the cached a and c
        String trace = "abacccb";
        assertEquals(Set.of("c", "b"), run("lru", trace));
        assertEquals(Set.of("a", "c"), run("lfu", trace));
    }

    @Test
    void weightedLfuKeepsWhatPushdownDoesBadlyWhereLfuCountsAccesses() {
        // a: read without a predicate (pushdown ships it whole: heavy); b: under a selective filter (light)
        String trace = "abbab";
        for (String policy : List.of("lfu", "wlfu")) {
            try (ComputeCache cache = ComputeCache.create(memory.allocator(), 1024, CachePolicy.of(policy))) {
                for (char c : trace.toCharArray()) access(cache, id(String.valueOf(c)), c == 'a' ? 1.0 : 0.1);
                assertEquals(policy.equals("lfu") ? Set.of("b") : Set.of("a"), contents(cache), policy);
            }
        }
    }

    @Test
    void weightedLfuForgetsOldAccesses() {
        // a was hot (ten accesses), then the workload moves to b: with decay (half-life two
        // accesses) b displaces a after a few accesses; LFU's counts need b to overtake a's ten
        assertEquals(2, accessesUntilAdmitted(new WlfuPolicy(2)));
        assertEquals(11, accessesUntilAdmitted(CachePolicy.of("lfu")));
    }

    int accessesUntilAdmitted(CachePolicy policy) {
        try (ComputeCache cache = ComputeCache.create(memory.allocator(), 1024, policy)) {
            for (int i = 0; i < 10; i++) access(cache, id("a"), 1);
            for (int n = 1; ; n++) {
                access(cache, id("b"), 1);
                if (contents(cache).contains("b")) return n;
            }
        }
    }

    @Test
    void beladyMissesLeastOnAKnownTrace() {
        Random random = new Random(17);
        for (int round = 0; round < 30; round++) {
            StringBuilder t = new StringBuilder();
            for (int i = 0; i < 12; i++) t.append((char) ('a' + random.nextInt(4)));
            String trace = t.toString();
            List<SegmentId> future = new ArrayList<>();
            for (char c : trace.toCharArray()) future.add(id(String.valueOf(c)));
            int belady = hits(trace, new BeladyPolicy(future));
            assertEquals(optimalHits(trace, 0, Set.of()), belady, trace);
            for (String other : List.of("lru", "lfu", "wlfu")) {
                assertTrue(hits(trace, CachePolicy.of(other)) <= belady, other + " on " + trace);
            }
        }
    }

    int hits(String trace, CachePolicy policy) {
        try (ComputeCache cache = ComputeCache.create(memory.allocator(), TWO, policy)) {
            int hits = 0;
            for (char c : trace.toCharArray()) if (access(cache, id(String.valueOf(c)), 1)) hits++;
            assertEquals(hits, cache.statistics().hits());
            return hits;
        }
    }

    /** The most hits any admission and eviction choice gets from {@code trace[i..]} with {@code held} cached (2 slots). */
    static int optimalHits(String trace, int i, Set<Character> held) {
        if (i == trace.length()) return 0;
        char c = trace.charAt(i);
        if (held.contains(c)) return 1 + optimalHits(trace, i + 1, held);
        int best = optimalHits(trace, i + 1, held); // bypass
        if (held.size() < 2) {
            Set<Character> with = new HashSet<>(held);
            with.add(c);
            best = Math.max(best, optimalHits(trace, i + 1, with));
        } else {
            for (char victim : held) {
                Set<Character> with = new HashSet<>(held);
                with.remove(victim);
                with.add(c);
                best = Math.max(best, optimalHits(trace, i + 1, with));
            }
        }
        return best;
    }

    @Test
    void beladyWithoutAFutureKeepsWhatFilledTheCache() {
        assertEquals(Set.of("a", "b"), run("belady", "abcdcd"));
    }

    @Test
    void anEvictedSegmentStaysReadableUntilItsReaderCloses() {
        try (ComputeCache cache = ComputeCache.create(memory.allocator(), 1024, CachePolicy.of("lru"))) {
            access(cache, id("a"), 1);
            ArrowBuf reading = cache.lookup(id("a"));
            assertNotNull(reading);
            access(cache, id("b"), 1); // evicts a while it is read
            assertEquals(Set.of("b"), contents(cache));
            assertEquals(1, cache.statistics().evictions());
            assertEquals(0, reading.getByte(0), "a's bytes are still there");
            assertTrue(memory.allocator().getAllocatedMemory() >= 2048, "a is still allocated");
            reading.close();
            assertEquals(1024, cache.statistics().bytes());
        }
        assertEquals(0, memory.allocator().getAllocatedMemory());
    }

    @Test
    void aSegmentLargerThanTheCacheIsNotAdmitted() {
        try (ComputeCache cache = ComputeCache.create(memory.allocator(), 512, CachePolicy.of("wlfu"))) {
            assertFalse(access(cache, id("a"), 1));
            assertFalse(access(cache, id("a"), 1));
            assertFalse(cache.wouldAdmit(id("a"), SIZE));
            assertEquals(0, cache.statistics().segments());
            assertEquals(2, cache.statistics().declined());
        }
    }

    @Test
    void theDisabledCacheHoldsNothing() {
        ComputeCache off = ComputeCache.create(memory.allocator(), 0, CachePolicy.of("wlfu"));
        assertFalse(off.enabled());
        assertFalse(access(off, id("a"), 1));
        assertNull(off.lookup(id("a")));
    }

    @Test
    void settingValuesAreChecked() {
        assertEquals("wlfu", CachePolicy.checkName(" WLFU "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CachePolicy.of("fifo"));
        assertTrue(e.getMessage().contains("cache.compute.policy") && e.getMessage().contains("fifo"), e.getMessage());
        assertEquals(ExecMode.CACHING_ONLY, ExecMode.parse("caching-only"));
        assertThrows(IllegalArgumentException.class, () -> ExecMode.parse("cache"));
    }

    @Test
    void weightsFollowTheCostModelAndTheMeasuredRates() {
        CostModel m = new CostModel();
        double whole = m.weight(1 << 20, 100_000, 0, 1.0);      // projected, no predicate: shipped whole
        double selective = m.weight(1 << 20, 100_000, 1, 0.01); // projected under a selective filter
        double predicateOnly = m.weight(1 << 20, 100_000, 1, 0);
        assertTrue(whole > selective && selective > predicateOnly, whole + " " + selective + " " + predicateOnly);
        double[] r = m.rates();
        assertEquals(1.0 / r[0] + 1.0 / r[1], whole, 1e-15);
        m.pulled(1 << 20, 100_000_000); // a slow link: 10 MiB/s
        assertTrue(m.weight(1 << 20, 100_000, 0, 1.0) > 50 * whole, "shipping costs more on a slower link");
        double[] before = m.rates();
        m.pushedDown(1 << 20, 100_000, 2, 0, 1_000_000_000); // the node took a second for what the model expected in less
        double[] after = m.rates();
        assertTrue(after[1] < before[1] && after[2] < before[2], "a slow node lowers its scan and filter rates");
    }
}
