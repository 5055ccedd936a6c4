package io.ascan.scan.abm;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A registered CScan as the policies see it: its table, the column files it reads, the slices it
 * still needs (with each slice's segment bytes per column) and how long it has waited. Mutated
 * only under the {@link ActiveBufferManager}'s lock; tests script it directly.
 */
public final class ScanState {
    final long id;
    final Object table;
    final List<Object> files;
    /** Slice index to the bytes of this scan's columns in it, in {@link #files} order; slices not yet handed out. */
    final TreeMap<Integer, long[]> remaining;
    /** The slice the attach policy starts this scan's circular order at. */
    int start;
    /** {@link BufferView#loads()} when this scan began waiting for a ready slice; -1 while it is not waiting. */
    long waitingSince = -1;

    public ScanState(long id, Object table, List<Object> files, Map<Integer, long[]> remaining) {
        this.id = id;
        this.table = table;
        this.files = List.copyOf(files);
        this.remaining = new TreeMap<>(remaining);
        this.start = this.remaining.isEmpty() ? 0 : this.remaining.firstKey();
    }

    public long id() {
        return id;
    }

    /** Whether this scan still needs chunk {@code c}. */
    boolean needs(ChunkId c) {
        return remaining.containsKey(c.slice()) && files.contains(c.file());
    }

    /** Whether this scan and {@code other} read a column file in common. */
    boolean overlaps(ScanState other) {
        for (Object f : files) if (other.files.contains(f)) return true;
        return false;
    }

    int commonColumns(ScanState other) {
        int n = 0;
        for (Object f : files) if (other.files.contains(f)) n++;
        return n;
    }

    long bytes(int slice, Object file) {
        long[] b = remaining.get(slice);
        int i = files.indexOf(file);
        return b == null || i < 0 ? 0 : b[i];
    }

    @Override
    public String toString() {
        return "scan " + id + " (" + remaining.size() + " slices to go)";
    }
}
