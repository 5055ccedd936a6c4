package io.ascan.exec.aggregate;

import io.ascan.codegen.rt.Mem;
import io.ascan.exec.store.RowLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The key ranges of the rowsets an aggregation on one integral key saw, for its merge. Input
 * clustered by the key (TPC-H lineitem stored in l_orderkey order) gives each rowset a range of
 * keys that no other rowset's range overlaps except at its ends, so a group whose key lies
 * strictly inside a range was seen by that range's worker alone: the merge lists it instead of
 * probing the other tables for it ({@link ParallelMerge}). Only the keys where two ranges touch,
 * and NULL, may be in several workers' tables. Any overlap (unclustered input), or a worker whose
 * tuples were not all recorded, leaves the full merge.
 */
public final class KeyRanges {
    private final int valueOffset;
    private final int nullWordOffset;
    private final long nullMask;
    private final List<Recorder> recorders = new ArrayList<>();

    private KeyRanges(RowLayout rows) {
        this.valueOffset = rows.valueOffset(0);
        this.nullWordOffset = rows.nullWordOffset(0);
        this.nullMask = RowLayout.nullMask(0);
    }

    /** Ranges for an aggregation on these keys, or null if it has not exactly one integral key. */
    static KeyRanges of(RowLayout rows, int keys) {
        if (keys != 1) return null;
        return switch (rows.types().getFirst().kind()) {
            case INTEGER, DATE, BIGINT, DECIMAL, TIMESTAMP -> new KeyRanges(rows);
            default -> null;
        };
    }

    /** A new worker's recorder (the per-worker state its generated code binds). */
    synchronized Recorder open() {
        Recorder r = new Recorder();
        recorders.add(r);
        return r;
    }

    /**
     * The keys several of {@code workers} tables may share, or null if the full merge is needed:
     * some worker's tuples went unrecorded, or two rowsets' ranges overlap.
     */
    synchronized Shared shared(int workers) {
        if (recorders.size() != workers) return null;
        List<long[]> ranges = new ArrayList<>();
        for (Recorder r : recorders) {
            if (!r.whole) return null;
            for (int i = 0; i < r.count; i += 2) ranges.add(new long[] {r.bounds[i], r.bounds[i + 1]});
        }
        ranges.sort(Comparator.<long[]>comparingLong(b -> b[0]).thenComparingLong(b -> b[1]));
        long[] touching = new long[Math.max(0, ranges.size() - 1)];
        int n = 0;
        for (int i = 1; i < ranges.size(); i++) {
            long end = ranges.get(i - 1)[1], start = ranges.get(i)[0];
            if (end > start) return null;
            if (end == start) touching[n++] = start;
        }
        return new Shared(Arrays.copyOf(touching, n));
    }

    /** One worker's rowsets' ranges, as the generated code reports them at the end of each. */
    public static final class Recorder {
        private long[] bounds = new long[64];
        private int count;
        private boolean whole = true;

        /** Adds a rowset's range of keys (NULL keys left out: the merge always probes for them). */
        public void add(long min, long max) {
            if (count == bounds.length) bounds = Arrays.copyOf(bounds, count * 2);
            bounds[count++] = min;
            bounds[count++] = max;
        }

        /** Marks that this worker aggregated tuples whose keys were not recorded. */
        public void unrecorded() {
            whole = false;
        }
    }

    /** The keys where ranges touch: a group row with one of them (or NULL) may be in several tables. */
    final class Shared {
        private final long[] keys;
        /** One bit per key's hash, a cheap first test: most rows' keys are none of them. */
        private final long[] filter = new long[64];

        private Shared(long[] keys) {
            this.keys = keys;
            Arrays.sort(keys);
            for (long k : keys) filter[bit(k) >>> 6] |= 1L << bit(k);
        }

        private static int bit(long k) {
            return (int) ((k ^ (k >>> 12) ^ (k >>> 24)) & 4095);
        }

        /** Whether the group of {@code row} may be in more than one worker's table. */
        boolean mayShare(long row) {
            return (Mem.getLong(row + nullWordOffset) & nullMask) != 0 || mayShareKey(Mem.getLong(row + valueOffset));
        }

        /** Whether a group with non-NULL key {@code k} may be in more than one worker's table. */
        boolean mayShareKey(long k) {
            return (filter[bit(k) >>> 6] & (1L << bit(k))) != 0 && Arrays.binarySearch(keys, k) >= 0;
        }
    }
}
