package io.ascan.scan.abm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * {@code normal} (paper, section 3): each scan takes its slices in its own order, and loads go to
 * the starved scans in turn, each for its next slices in that order; eviction is LRU. As
 * {@code attach}, a new scan starts where a running scan of the same table (the one with most
 * columns, then most slices, in common) is and wraps round to its first slice, so the two read
 * the same slices while they run together.
 */
final class NormalPolicy implements AbmPolicy {
    private final boolean attach;
    /** Scan id to the load clock when a load was last issued for it: the starved are served in turn. */
    private final Map<Long, Long> lastServed = new HashMap<>();

    NormalPolicy(boolean attach) {
        this.attach = attach;
    }

    @Override
    public String name() {
        return attach ? "attach" : "normal";
    }

    @Override
    public void registered(BufferView v, ScanState q) {
        if (!attach) return;
        ScanState best = null;
        long bestScore = -1;
        for (ScanState p : v.scans()) {
            if (p == q || !p.table.equals(q.table) || p.remaining.isEmpty()) continue;
            int common = q.commonColumns(p);
            if (common == 0) continue;
            long overlap = 0;
            for (int s : q.remaining.keySet()) if (p.remaining.containsKey(s)) overlap++;
            long score = common * (1L << 32) + overlap;
            if (score > bestScore) {
                bestScore = score;
                best = p;
            }
        }
        if (best != null) q.start = first(best);
    }

    /**
     * The scan's remaining slices in the order it reads them: from its start, wrapping round (a
     * view, not a copy: the ABM asks this under its lock for every slice handed out).
     */
    static Iterable<Integer> order(ScanState q) {
        return () -> new Iterator<>() {
            private final Iterator<Integer> tail = q.remaining.tailMap(q.start, true).keySet().iterator();
            private final Iterator<Integer> head = q.remaining.headMap(q.start, false).keySet().iterator();

            @Override
            public boolean hasNext() {
                return tail.hasNext() || head.hasNext();
            }

            @Override
            public Integer next() {
                return tail.hasNext() ? tail.next() : head.next();
            }
        };
    }

    /** The first slice of {@link #order}; the scan has slices to go. */
    static int first(ScanState q) {
        Integer s = q.remaining.ceilingKey(q.start);
        return s != null ? s : q.remaining.firstKey();
    }

    @Override
    public int choose(BufferView v, ScanState q) {
        if (q.remaining.isEmpty()) return -1;
        int next = first(q);
        return v.ready(q, next) ? next : -1;
    }

    @Override
    public boolean takesNext(ScanState q, int slice) {
        return !q.remaining.isEmpty() && first(q) == slice;
    }

    @Override
    public boolean wantsLoads(BufferView v, ScanState q) {
        return nextToLoad(v, q) >= 0;
    }

    @Override
    public Load nextLoad(BufferView v) {
        ScanState pick = null;
        int slice = -1;
        for (ScanState q : v.scans()) {
            // Starved in its own order: one of its next few slices is not on its way (slices
            // further on, loaded for other scans, do not feed a scan that reads in order).
            int s = nextToLoad(v, q);
            if (s < 0) continue;
            if (pick == null || lastServed.getOrDefault(q.id, -1L) < lastServed.getOrDefault(pick.id, -1L)) {
                pick = q;
                slice = s;
            }
        }
        if (pick == null) return null;
        lastServed.put(pick.id, v.loads());
        lastServed.keySet().retainAll(v.scans().stream().map(ScanState::id).toList());
        List<Object> files = new ArrayList<>();
        for (Object f : pick.files) if (!v.coming(new ChunkId(f, slice))) files.add(f);
        return new Load(pick, slice, files);
    }

    /** The first of q's next {@link BufferView#PREFETCH} slices (in its order) not on its way; -1 if all are. */
    private static int nextToLoad(BufferView v, ScanState q) {
        int seen = 0;
        for (int s : order(q)) {
            if (!v.comingFor(q, s)) return s;
            if (++seen == BufferView.PREFETCH) break;
        }
        return -1;
    }

    @Override
    public double keep(BufferView v, ChunkId c) {
        return 0; // LRU
    }
}
