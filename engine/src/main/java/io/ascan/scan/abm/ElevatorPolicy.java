package io.ascan.scan.abm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code elevator} (paper, section 3; DSM in 6.2): one cursor per table moves through the slices in
 * order, wrapping round, and loads the union of the columns the scans that need the slice read;
 * it moves when a scan is starved. Scans take whatever is ready. Chunks no scan needs go first,
 * then LRU.
 */
final class ElevatorPolicy implements AbmPolicy {
    private final Map<Object, Integer> cursors = new HashMap<>();

    @Override
    public String name() {
        return "elevator";
    }

    @Override
    public int choose(BufferView v, ScanState q) {
        for (int s : q.remaining.keySet()) if (v.ready(q, s)) return s;
        return -1;
    }

    @Override
    public Load nextLoad(BufferView v) {
        ScanState starved = null;
        for (ScanState q : v.scans()) {
            if (v.starved(q) && (starved == null || waited(v, q) > waited(v, starved))) starved = q;
        }
        if (starved == null) return null;
        Object table = starved.table;
        TreeSet<Integer> wanted = new TreeSet<>();
        for (ScanState q : v.scans()) {
            if (!q.table.equals(table)) continue;
            for (int s : q.remaining.keySet()) if (!v.comingFor(q, s)) wanted.add(s);
        }
        if (wanted.isEmpty()) return null;
        int cursor = cursors.getOrDefault(table, 0);
        Integer s = wanted.ceiling(cursor);
        if (s == null) s = wanted.first();
        cursors.put(table, s + 1);
        Set<Object> files = new LinkedHashSet<>();
        ScanState trigger = null;
        for (ScanState q : v.scans()) {
            if (!q.table.equals(table) || !q.remaining.containsKey(s)) continue;
            if (trigger == null || q == starved) trigger = q;
            for (Object f : q.files) if (!v.coming(new ChunkId(f, s))) files.add(f);
        }
        return new Load(trigger, s, new ArrayList<>(files));
    }

    private static long waited(BufferView v, ScanState q) {
        return q.waitingSince < 0 ? -1 : v.loads() - q.waitingSince;
    }

    @Override
    public double keep(BufferView v, ChunkId c) {
        return v.interested(c) > 0 ? 1 : 0;
    }
}
