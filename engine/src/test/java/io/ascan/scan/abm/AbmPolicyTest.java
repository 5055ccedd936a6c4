package io.ascan.scan.abm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The policies' choices on scripted buffer states (Cooperative Scans, Figures 3 and 11). */
class AbmPolicyTest {
    static final String A = "a", B = "b", C = "c", D = "d"; // column files of table T

    /** A buffer whose resident and loading chunks the test sets. */
    static final class Script implements BufferView {
        final List<ScanState> scans = new ArrayList<>();
        final Set<ChunkId> resident = new HashSet<>();
        final Set<ChunkId> loading = new HashSet<>();
        long loads;

        ScanState scan(long id, List<Object> files, int from, int to) {
            Map<Integer, long[]> slices = new LinkedHashMap<>();
            for (int s = from; s < to; s++) {
                long[] b = new long[files.size()];
                java.util.Arrays.fill(b, 4096);
                slices.put(s, b);
            }
            ScanState q = new ScanState(id, "T", files, slices);
            scans.add(q);
            return q;
        }

        void load(int slice, Object... files) {
            for (Object f : files) resident.add(new ChunkId(f, slice));
        }

        @Override
        public Collection<ScanState> scans() {
            return scans;
        }

        @Override
        public boolean resident(ChunkId c) {
            return resident.contains(c);
        }

        @Override
        public boolean loading(ChunkId c) {
            return loading.contains(c);
        }

        @Override
        public long loads() {
            return loads;
        }
    }

    @Test
    void relevanceLoadsForTheStarvedScanWithFewestSlicesToGo() {
        Script v = new Script();
        v.scan(1, List.of(A, B), 0, 100);
        ScanState shortScan = v.scan(2, List.of(A, B), 40, 45);
        AbmPolicy.Load l = AbmPolicy.of("relevance").nextLoad(v);
        assertEquals(shortScan, l.trigger());
    }

    @Test
    void relevancePromotesAScanThatHasWaitedLong() {
        Script v = new Script();
        ScanState longScan = v.scan(1, List.of(A), 0, 20);
        v.scan(2, List.of(A), 40, 45);
        longScan.waitingSince = 0;
        v.loads = 2 * (20 - 5 + 1); // waited (in loads) over 2 running scans: more than the slices it needs beyond the short one's
        assertEquals(longScan, AbmPolicy.of("relevance").nextLoad(v).trigger());
    }

    @Test
    void relevanceLoadsTheChunkMostStarvedScansNeed() {
        Script v = new Script();
        ScanState q = v.scan(1, List.of(A), 0, 10);
        v.scan(2, List.of(A), 6, 7); // starved, needs only slice 6
        v.scan(3, List.of(A), 6, 8);
        AbmPolicy.Load l = AbmPolicy.of("relevance").nextLoad(v);
        assertEquals(6, l.slice(), "the slice three starved scans share");
        assertEquals(List.of(A), l.files());
        assertTrue(l.trigger() != q, "the shortest starved scan triggers it");
    }

    @Test
    void relevanceLoadsOnlyColumnsNotResidentAndPrefersCheapLoads() {
        Script v = new Script();
        v.scan(1, List.of(A, B, C), 0, 4);
        v.load(2, A, B); // slice 2 misses only C
        AbmPolicy.Load l = AbmPolicy.of("relevance").nextLoad(v);
        assertEquals(2, l.slice(), "loadRelevance is per byte still to load");
        assertEquals(List.of(C), l.files());
    }

    @Test
    void aNonStarvedScanGetsNoLoads() {
        Script v = new Script();
        v.scan(1, List.of(A), 0, 2 * BufferView.PREFETCH);
        for (int s = 0; s < BufferView.PREFETCH; s++) v.load(s, A);
        for (String p : AbmPolicy.NAMES) assertNull(AbmPolicy.of(p).nextLoad(v), p);
    }

    @Test
    void relevanceHandsOutTheReadySliceFewestScansWant() {
        Script v = new Script();
        ScanState q = v.scan(1, List.of(A), 0, 4);
        v.scan(2, List.of(A), 0, 2); // also wants slices 0 and 1
        v.load(1, A);
        v.load(3, A);
        assertEquals(3, AbmPolicy.of("relevance").choose(v, q), "slice 3: only q wants it, so it can go first");
        assertEquals(1, AbmPolicy.of("normal").choose(v, q) == -1 ? 1 : -2, "normal waits for slice 0");
    }

    @Test
    void relevanceEvictsUnneededChunksFirstThenThoseOfFewAlmostStarvedScans() {
        Script v = new Script();
        v.scan(1, List.of(A), 0, 10);
        v.scan(2, List.of(B), 0, 10);
        for (int s = 5; s < 6 + BufferView.PREFETCH; s++) v.load(s, A); // scan 1 has many ready slices: not almost starved
        AbmPolicy r = AbmPolicy.of("relevance");
        double unneeded = r.keep(v, new ChunkId(C, 5));
        v.load(5, B); // one ready slice: scan 2 is still almost starved
        double notStarved = r.keep(v, new ChunkId(A, 5));
        double starved = r.keep(v, new ChunkId(B, 5));
        assertTrue(unneeded < notStarved && notStarved < starved, unneeded + " " + notStarved + " " + starved);
    }

    @Test
    void normalReadsInOrderAndLoadsTheStarvedInTurn() {
        Script v = new Script();
        ScanState q1 = v.scan(1, List.of(A), 0, 10);
        ScanState q2 = v.scan(2, List.of(A), 5, 10);
        NormalPolicy p = new NormalPolicy(false);
        AbmPolicy.Load first = p.nextLoad(v);
        assertEquals(0, first.slice());
        v.loads++;
        v.loading.add(new ChunkId(A, first.slice()));
        AbmPolicy.Load second = p.nextLoad(v);
        assertEquals(q2, second.trigger(), "round robin among the starved");
        assertEquals(5, second.slice());
        v.load(1, A);
        assertEquals(-1, p.choose(v, q1), "slice 0 first");
        v.load(0, A);
        assertEquals(0, p.choose(v, q1));
        assertEquals(0.0, p.keep(v, new ChunkId(A, 0)), "LRU");
    }

    @Test
    void attachStartsWhereTheRunningScanIsAndWrapsRound() {
        Script v = new Script();
        ScanState old = v.scan(1, List.of(A, B), 0, 10);
        for (int s = 0; s < 6; s++) old.remaining.remove(s); // the running scan is at slice 6
        ScanState fresh = v.scan(2, List.of(A), 0, 10);
        AbmPolicy attach = AbmPolicy.of("attach");
        attach.registered(v, fresh);
        assertEquals(List.of(6, 7, 8, 9, 0, 1, 2, 3, 4, 5), copy(NormalPolicy.order(fresh)));
        assertEquals(6, NormalPolicy.first(fresh));
        v.load(6, A);
        assertEquals(6, attach.choose(v, fresh));
    }

    @Test
    void elevatorMovesOneCursorAndLoadsTheUnionOfColumns() {
        Script v = new Script();
        v.scan(1, List.of(A), 3, 6);
        v.scan(2, List.of(B), 0, 10);
        AbmPolicy e = AbmPolicy.of("elevator");
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            AbmPolicy.Load l = e.nextLoad(v);
            order.add(l.slice());
            if (l.slice() == 3) assertEquals(List.of(A, B), l.files(), "both scans need slice 3");
            for (Object f : l.files()) v.loading.add(new ChunkId(f, l.slice()));
            v.loading.clear(); // consumed at once: every scan stays starved
            for (ScanState q : v.scans) q.remaining.remove(l.slice());
        }
        assertEquals(List.of(0, 1, 2, 3, 4), order, "one cursor, in table order");
    }

    @Test
    void unknownPoliciesAreRejectedByName() {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> AbmPolicy.of("fifo"));
        assertEquals("abm.policy must be one of normal, attach, elevator, relevance, got 'fifo'", x.getMessage());
    }

    private static List<Integer> copy(Iterable<Integer> order) {
        List<Integer> out = new java.util.ArrayList<>();
        order.forEach(out::add);
        return out;
    }
}
