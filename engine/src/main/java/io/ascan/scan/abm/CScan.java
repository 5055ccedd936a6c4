package io.ascan.scan.abm;

import io.ascan.cache.SegmentKey;
import io.ascan.catalog.Table;
import io.ascan.format.SliceMeta;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A scan's registration with the {@link ActiveBufferManager} (the paper's CScan): the slices it
 * still needs and its columns. {@link #next} hands each needed slice exactly once, in the order
 * the ABM's policy serves them; {@link #close} unregisters it and frees what it pinned, however
 * the scan ended (completion, LIMIT, error, cancel).
 */
public final class CScan implements AutoCloseable {
    private final ActiveBufferManager abm;
    final ScanState state;
    final Table table;
    final AbmCounts counts;
    /** File (column file version) to the table column it holds. */
    final Map<Object, Integer> columnOf = new HashMap<>();
    final Map<Integer, SliceMeta> metas = new HashMap<>();
    /** Slices whose columns cannot fit the pool at all: handed out unpinned, read from disk by the scan. */
    final ArrayDeque<SliceMeta> unpooled = new ArrayDeque<>();
    /** Slices loaded for this scan and pinned for it until it takes them. Guarded by the ABM. */
    final Map<Integer, List<SegmentKey>> held = new HashMap<>();
    /** Leases handed out and not yet closed: added under the ABM's lock, removed without it. */
    final Set<SliceLease> leases = ConcurrentHashMap.newKeySet();
    /** A load of a chunk this scan needs failed. Guarded by the ABM. */
    IOException failure;
    boolean stopped;
    boolean closed;

    CScan(ActiveBufferManager abm, ScanState state, Table table, AbmCounts counts) {
        this.abm = abm;
        this.state = state;
        this.table = table;
        this.counts = counts;
    }

    /**
     * The next slice for this scan, once every column it reads of the slice is resident (pinned
     * for it until the lease is closed); null when it has had every slice or was stopped.
     * {@code check} runs between waits (it throws when the query is cancelled).
     */
    public SliceLease next(Check check) throws Exception {
        return abm.next(this, check);
    }

    /** Run between waits: throws when the scan's query is cancelled. */
    @FunctionalInterface
    public interface Check {
        void run() throws Exception;
    }

    /** No further slices: a LIMIT is satisfied. Wakes a waiting {@link #next}. */
    public void stop() {
        abm.stop(this);
    }

    void released(SliceLease lease) {
        abm.released(this, lease);
    }

    /** Unregisters: closes the leases still out and unpins what was loaded for it. Idempotent. */
    @Override
    public void close() {
        abm.unregister(this);
    }
}
