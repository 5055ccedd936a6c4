package io.ascan.exec.aggregate;

import io.ascan.exec.QueryContext;
import io.ascan.exec.store.AggHashTable;
import io.ascan.exec.store.DirectGroups;
import io.ascan.exec.store.RowLayout;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.OutOfMemoryException;

/**
 * The aggregation's global state: every worker's tables, one per partition of the hash space
 * (the per-worker state its generated code binds), kept until the query ends because the merged
 * tables adopt other tables' rows.
 */
final class GroupTables implements AutoCloseable {
    /**
     * The most groups a worker's tables are sized for (2^19 per table of 2 partitions: 8 MiB of
     * slots each), on their first growth ({@link AggHashTable} starts small, as estimates can be
     * far too high). Above it the planner's estimate is not trusted; the tables grow.
     */
    static final long PRESIZE_CAP = 1 << 20;

    private final RowLayout layout;
    /** The planner's estimate of the groups, 0 if none. */
    private final long expectedGroups;
    private final List<AggHashTable[]> workers = new ArrayList<>();
    /** The key range of direct-address groups ({@link DirectGroups}), span 0: none. */
    private final long keyMin, keySpan;
    /** Every worker's direct-address groups (none when the range does not suit). */
    private final List<DirectGroups> directs = new ArrayList<>();
    private boolean registered;

    GroupTables(RowLayout layout, long expectedGroups, long keyMin, long keySpan) {
        this.layout = layout;
        this.expectedGroups = expectedGroups;
        this.keyMin = keyMin;
        this.keySpan = keySpan;
    }

    /**
     * A new worker's direct-address groups, or null when the aggregation has no key range or its
     * range does not suit one for this query's threads and memory limit ({@link DirectGroups#suits}):
     * the same answer for every worker of a query.
     */
    synchronized DirectGroups openDirect(QueryContext query) {
        if (!DirectGroups.suits(keySpan, expectedGroups, query.options().computeThreads(), query.options().memoryLimit())) return null;
        if (!registered) {
            registered = true;
            query.defer(this);
        }
        DirectGroups d = new DirectGroups(layout, query.allocator(), keyMin, keySpan);
        directs.add(d);
        return d;
    }

    /** Every worker's direct-address groups so far. */
    synchronized List<DirectGroups> directs() {
        return List.copyOf(directs);
    }

    /**
     * Groups each of a worker's tables is sized for: its share of the estimate, at most the cap
     * (a worker may see every group; growing a table re-places each group, which took a sixth of
     * TPC-H q18), and so that every worker's presized slots take at most a sixteenth of the
     * query's memory limit (a slot array holds up to 4 slots of 8 bytes per group).
     */
    static long presize(long expectedGroups, int partitions, int workers, long memoryLimit) {
        long each = Math.min(expectedGroups, PRESIZE_CAP) / partitions;
        return Math.min(each, memoryLimit / 16 / (32L * partitions * Math.max(1, workers)));
    }

    /**
     * Partitions per worker: a power of two, at least the number of threads that merge. Groups
     * of partition p meet only groups of partition p, so the merge runs per partition in parallel
     * with no locks.
     */
    static int partitions(QueryContext query) {
        return Integer.highestOneBit(Math.min(64, 2 * query.options().computeThreads() - 1));
    }

    /** A new worker's tables; the first registers this state to be closed with the query. */
    synchronized AggHashTable[] open(QueryContext query) {
        if (!registered) {
            registered = true;
            query.defer(this);
        }
        AggHashTable[] t = new AggHashTable[partitions(query)];
        workers.add(t); // before filling it: a failed allocation leaves only live tables to close
        long each = presize(expectedGroups, t.length, query.options().computeThreads(), query.options().memoryLimit());
        for (int p = 0; p < t.length; p++) {
            try {
                t[p] = new AggHashTable(layout, query.allocator(), each);
            } catch (OutOfMemoryException e) {
                if (each == 0) throw e;
                t[p] = new AggHashTable(layout, query.allocator()); // the estimate does not fit the memory limit: grow as needed
            }
        }
        return t;
    }

    synchronized boolean isEmpty() {
        return workers.isEmpty();
    }

    /** Every worker's tables so far. */
    synchronized List<AggHashTable[]> all() {
        return List.copyOf(workers);
    }

    /** Frees the slot array of a table merged into another, which keeps using its rows. */
    synchronized void closeSlots(AggHashTable t) {
        t.closeSlots();
    }

    /** Frees the slots of direct-address groups merged into another's, which keeps using their rows. */
    synchronized void closeSlots(DirectGroups d) {
        d.closeSlots();
    }

    @Override
    public synchronized void close() {
        for (AggHashTable[] w : workers) {
            for (AggHashTable t : w) if (t != null) t.close();
        }
        workers.clear();
        for (DirectGroups d : directs) d.close();
        directs.clear();
    }
}
