package io.ascan.scan.adaptive;

import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.scan.materializer.RangeSession;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The slices one mode has loaded to serve morsels from: the first of the mode's workers to take a
 * morsel of a slice loads the whole slice, the others serve their morsels from it. Reference
 * counted: the scheduler retains the slice for every morsel it assigns to the mode, each morsel
 * releases it once its rowset no longer points into it, and the last release closes it. A slice
 * whose morsels went to two modes is loaded by each (at a switch only). Thread-safe.
 */
final class LoadedSlices implements AutoCloseable {
    /** A slice of the mode, loaded or not yet. */
    static final class Entry {
        private final SliceMeta slice;
        private int refs;
        private SliceData data;
        private long loadNanos;

        private Entry(SliceMeta slice) {
            this.slice = slice;
        }

        synchronized SliceData data() {
            return data;
        }

        /** What loading the slice took, by the workers' clock. */
        synchronized long loadNanos() {
            return loadNanos;
        }
    }

    private final Map<Integer, Entry> entries = new HashMap<>();
    private boolean closed;

    /** A morsel of {@code slice} was assigned to this mode. */
    synchronized void retain(SliceMeta slice) {
        entries.computeIfAbsent(slice.index(), i -> new Entry(slice)).refs++;
    }

    /** The slice, loaded through {@code session} if no other worker did; waits while another loads it. */
    Entry load(SliceMeta slice, RangeSession session, LongSupplier clock) throws IOException {
        Entry e;
        synchronized (this) {
            e = entries.get(slice.index());
            if (e == null || closed) throw new IllegalStateException("slice " + slice.index() + " was not retained for this mode");
        }
        synchronized (e) {
            if (e.data == null) {
                long start = clock.getAsLong();
                e.data = session.load(slice);
                e.loadNanos = clock.getAsLong() - start;
            }
        }
        return e;
    }

    /** A morsel of {@code slice} is done with it; the last one closes the loaded data. */
    void release(SliceMeta slice) {
        Entry e;
        synchronized (this) {
            e = entries.get(slice.index());
            if (e == null || --e.refs > 0) return;
            entries.remove(slice.index());
        }
        SliceData d;
        synchronized (e) {
            d = e.data;
            e.data = null;
        }
        if (d != null) d.close();
    }

    /** Closes what failed or cancelled scans left loaded; later releases find nothing. */
    @Override
    public void close() {
        List<Entry> left;
        synchronized (this) {
            closed = true;
            left = new ArrayList<>(entries.values());
            entries.clear();
        }
        for (Entry e : left) {
            SliceData d;
            synchronized (e) {
                d = e.data;
                e.data = null;
            }
            if (d != null) d.close();
        }
    }
}
