package io.ascan.exec.aggregate;

import io.ascan.exec.QueryContext;
import io.ascan.exec.store.AggHashTable;
import io.ascan.exec.store.RowLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * The aggregation's global state: every worker's tables, one per partition of the hash space
 * (the per-worker state its generated code binds), kept until the query ends because the merged
 * tables adopt other tables' rows.
 */
final class GroupTables implements AutoCloseable {
    private final RowLayout layout;
    private final List<AggHashTable[]> workers = new ArrayList<>();
    private boolean registered;

    GroupTables(RowLayout layout) {
        this.layout = layout;
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
        for (int p = 0; p < t.length; p++) t[p] = new AggHashTable(layout, query.allocator());
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

    @Override
    public synchronized void close() {
        for (AggHashTable[] w : workers) {
            for (AggHashTable t : w) if (t != null) t.close();
        }
        workers.clear();
    }
}
