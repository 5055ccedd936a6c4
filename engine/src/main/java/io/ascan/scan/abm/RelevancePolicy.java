package io.ascan.scan.abm;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code relevance} (paper, Figure 3 with the DSM functions of Figure 11). Loads are scheduled
 * for the starved scan with the highest queryRelevance: fewest slices still needed, promoted by
 * its waiting time (in loads issued since it began waiting, over the running scans). Its next
 * load is the slice of highest loadRelevance: starved scans overlapping it that need the slice,
 * per byte still to load for their columns (ties: more interested scans, then table order). A
 * scan takes the ready slice of highest useRelevance: its bytes per interested overlapping scan,
 * so big chunks few scans want are consumed, and freed, first. Eviction takes the chunk of lowest
 * keepRelevance: chunks nobody needs first, then those fewest almost-starved scans need per byte.
 */
final class RelevancePolicy implements AbmPolicy {
    @Override
    public String name() {
        return "relevance";
    }

    @Override
    public int choose(BufferView v, ScanState q) {
        int best = -1;
        double u = -1;
        for (int s : q.remaining.keySet()) {
            if (!v.ready(q, s)) continue;
            double r = useRelevance(v, q, s);
            if (r > u) {
                u = r;
                best = s;
            }
        }
        return best;
    }

    /** Pu/U: q's cached bytes of the slice over the scans overlapping q that still need it. */
    static double useRelevance(BufferView v, ScanState q, int slice) {
        long bytes = 0;
        for (long b : q.remaining.get(slice)) bytes += b;
        int interested = 0;
        for (ScanState p : v.scans()) if (p.remaining.containsKey(slice) && p.overlaps(q)) interested++;
        return (double) Math.max(bytes, 1) / Math.max(interested, 1);
    }

    static double queryRelevance(BufferView v, ScanState q) {
        long waited = q.waitingSince < 0 ? 0 : v.loads() - q.waitingSince;
        return -q.remaining.size() + (double) waited / Math.max(1, v.scans().size());
    }

    @Override
    public Load nextLoad(BufferView v) {
        ScanState query = null;
        double relevance = Double.NEGATIVE_INFINITY;
        for (ScanState q : v.scans()) {
            if (!v.starved(q)) continue;
            double r = queryRelevance(v, q);
            if (query == null || r > relevance) {
                relevance = r;
                query = q;
            }
        }
        if (query == null) return null;
        int best = -1;
        double l = -1;
        int bestInterested = -1;
        List<Object> bestFiles = null;
        for (int s : query.remaining.keySet()) {
            if (v.comingFor(query, s)) continue;
            Set<Object> files = new LinkedHashSet<>();
            int starved = 0, interested = 0;
            long toLoad = 0;
            for (ScanState p : v.scans()) {
                if (!p.remaining.containsKey(s)) continue;
                interested++;
                if (p != query && !(p.overlaps(query) && v.starved(p))) continue;
                starved++;
                for (Object f : p.files) {
                    if (v.coming(new ChunkId(f, s)) || !files.add(f)) continue;
                    toLoad += p.bytes(s, f);
                }
            }
            double r = (double) starved / Math.max(toLoad, 1);
            if (r > l || (r == l && interested > bestInterested)) {
                l = r;
                best = s;
                bestInterested = interested;
                bestFiles = new ArrayList<>(files);
            }
        }
        return best < 0 ? null : new Load(query, best, bestFiles);
    }

    @Override
    public double keep(BufferView v, ChunkId c) {
        int interested = 0, almostStarved = 0;
        long bytes = 0;
        for (ScanState q : v.scans()) {
            if (!q.needs(c)) continue;
            interested++;
            bytes = Math.max(bytes, q.bytes(c.slice(), c.file()));
            if (v.almostStarved(q)) almostStarved++;
        }
        if (interested == 0) return -1;
        int qmax = v.scans().size() + 1;
        return (double) (almostStarved * qmax + interested) / Math.max(bytes, 1);
    }
}
