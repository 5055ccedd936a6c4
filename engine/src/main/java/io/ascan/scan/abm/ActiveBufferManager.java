package io.ascan.scan.abm;

import io.ascan.cache.ColumnFileVersion;
import io.ascan.cache.SegmentCache;
import io.ascan.cache.SegmentKey;
import io.ascan.catalog.Table;
import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceMeta;
import io.ascan.io.IoMode;
import io.ascan.topology.Interconnect;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Active Buffer Manager of Cooperative Scans (Zukowski et al., sections 3-4 and 6 for DSM):
 * one per engine, it owns the storage side's chunk memory (a {@link SegmentCache} of
 * {@code abm.bytes}) and decides, for all concurrent scans at once, which chunk to load next,
 * for which scan, and which to evict, through an {@link AbmPolicy} ({@code abm.policy}). A chunk
 * is one column segment of one slice; a slice is ready for a scan when every column the scan
 * reads of it is resident.
 *
 * <p>Scans {@link #register} (a {@link CScan}: table, slices still needed after zone-map pruning,
 * columns) and take ready slices with {@link CScan#next}, pinned until their lease closes. One
 * loader thread ({@link ChunkLoader}) issues the loads: io_uring/O_DIRECT reads of the missing
 * segments straight into pool memory, CRC-checked, at most {@link #MAX_LOADS} slices in flight,
 * optionally paced by a token bucket that emulates a disk's bandwidth. Readers that do not
 * register (scans small enough to run inline, tools) still use the pool as a cache, LRU.
 *
 * <p>Progress: a scan pins at most the slices it has taken and not yet materialized, plus those
 * loaded for it; pins are released by the scan's own workers, never by the ABM, so a waiting
 * load always gets room eventually. A slice whose columns exceed the whole pool is handed out
 * unpinned and read by the scan itself. Lock order: this ABM, then the pool.
 */
public final class ActiveBufferManager implements AutoCloseable, BufferView {
    /** Slice loads in flight at once. */
    static final int MAX_LOADS = 8;
    /** A scan waiting for a slice re-checks its query's cancellation this often. */
    static final long WAIT_MILLIS = 50;

    private final SegmentCache chunks;
    private final AbmPolicy policy;
    private final IoMode io;
    private final Interconnect disk;
    // Guarded by this.
    private final Map<Long, CScan> scans = new LinkedHashMap<>();
    private final Map<Long, ScanState> states = new LinkedHashMap<>();
    final Set<ChunkId> loading = new HashSet<>();
    /** Which scan a chunk's load was triggered for: a slice served from another scan's loads is shared. */
    private final Map<ChunkId, Long> loadedBy = new HashMap<>();
    private final Map<ChunkId, SegmentKey> keys = new HashMap<>();
    /** Starvation of each scan, memoized for one policy decision (eviction scores ask it per chunk). */
    private final Map<ScanState, Boolean> almostStarvedMemo = new HashMap<>();
    private final Map<ScanState, Boolean> starvedMemo = new HashMap<>();
    private boolean deciding; // the memos are valid only within one decision
    /**
     * Set before the loader reserves room for a load, cleared when its reservations succeed: a
     * release wakes the loader only then. Set before reserving, so that a release whose unpin
     * the failed reservation did not see (the pool's lock orders them) sees it set.
     */
    private volatile boolean roomWanted;
    private long nextId;
    private long loads;
    private long chunkReads;
    private long bytesRead;
    private ChunkLoader loader;
    private boolean closed;
    private volatile java.util.function.Consumer<LoadEvent> loadListener;

    /** What the ABM has done, for benchmarks and tests. */
    public record Statistics(String policy, long capacity, long loads, long chunkReads, long bytesRead, long highWater,
                             long diskWaitNanos) {}

    /**
     * One finished slice load, for an I/O timeline (the paper's Figure 4): when it landed
     * ({@link System#nanoTime}), the slice, how many chunks (column segments) and bytes it read,
     * and the scan it was scheduled for.
     */
    public record LoadEvent(long nanos, int slice, int chunks, long bytes, long trigger) {}

    /**
     * @param chunks        the pool (its capacity is {@code abm.bytes}); closed with this ABM
     * @param readBandwidth {@code abm.readBandwidth}: bytes/s the loads may read, 0 = unlimited
     */
    public ActiveBufferManager(SegmentCache chunks, AbmPolicy policy, IoMode io, long readBandwidth) {
        if (!chunks.enabled()) throw new IllegalArgumentException("the Active Buffer Manager needs a pool of at least one byte");
        this.chunks = chunks;
        this.policy = policy;
        this.io = io;
        this.disk = Interconnect.of(readBandwidth);
    }

    public SegmentCache chunks() {
        return chunks;
    }

    public String policyName() {
        return policy.name();
    }

    /**
     * Registers a scan of {@code columns} of {@code slices} (in the scan's own order) of
     * {@code table}, whose files had {@code versions} (one per column) when the scan started.
     */
    public CScan register(Table table, int[] columns, List<SliceMeta> slices, ColumnFileVersion[] versions,
                          AbmCounts counts) {
        List<Object> files = new ArrayList<>(List.of((Object[]) versions));
        Map<Integer, long[]> remaining = new LinkedHashMap<>();
        Map<ChunkId, SegmentKey> own = new HashMap<>();
        List<SliceMeta> tooBig = new ArrayList<>();
        for (SliceMeta s : slices) {
            long[] bytes = new long[columns.length];
            long total = 0;
            for (int i = 0; i < columns.length; i++) {
                SegmentMeta m = s.segment(columns[i]);
                bytes[i] = m.memoryBytes();
                total += bytes[i];
                own.put(new ChunkId(versions[i], s.index()), SegmentKey.of(versions[i], s, m));
            }
            if (total > chunks.capacity()) tooBig.add(s);
            else remaining.put(s.index(), bytes);
        }
        synchronized (this) {
            if (closed) throw new IllegalStateException("the Active Buffer Manager is closed");
            ScanState state = new ScanState(nextId++, table.dir(), files, remaining);
            CScan c = new CScan(this, state, table, counts);
            for (int i = 0; i < columns.length; i++) c.columnOf.put(versions[i], columns[i]);
            for (SliceMeta s : slices) c.metas.put(s.index(), s);
            c.unpooled.addAll(tooBig);
            keys.putAll(own);
            scans.put(state.id, c);
            states.put(state.id, state);
            policy.registered(this, state);
            counts.registered(policy.name());
            if (loader == null) {
                loader = new ChunkLoader(this, io, disk);
                loader.start();
            }
            notifyAll();
            return c;
        }
    }

    synchronized SliceLease next(CScan c, CScan.Check check) throws Exception {
        long waitStart = 0;
        try {
            while (true) {
                if (c.failure != null) throw c.failure;
                if (c.stopped || c.closed) return null;
                if (!c.unpooled.isEmpty()) {
                    c.counts.unpooled.increment();
                    c.counts.served.increment();
                    return lease(c, c.unpooled.poll(), List.of());
                }
                if (c.state.remaining.isEmpty()) return null;
                int s = policy.choose(this, c.state);
                if (s >= 0) {
                    List<SegmentKey> k = keysOf(c.state, s);
                    List<SegmentKey> held = c.held.remove(s);
                    if (held != null || chunks.pin(k)) {
                        if (held != null && !held.equals(k)) throw new IllegalStateException("held chunks differ from the slice's");
                        c.state.remaining.remove(s);
                        c.counts.served.increment();
                        for (Object f : c.state.files) {
                            if (!Long.valueOf(c.state.id).equals(loadedBy.get(new ChunkId(f, s)))) {
                                c.counts.shared.increment();
                                break;
                            }
                        }
                        // The scan's needs changed: wake the loader only if it may have work now.
                        if (policy.wantsLoads(this, c.state)) notifyAll();
                        return lease(c, c.metas.get(s), k);
                    }
                }
                if (c.state.waitingSince < 0) {
                    c.state.waitingSince = loads;
                    c.counts.waits.increment();
                    waitStart = System.nanoTime();
                    notifyAll(); // a newly starved scan: the loader may have work (only then: waiters wake each other)
                }
                wait(WAIT_MILLIS);
                check.run();
            }
        } finally {
            if (c.state.waitingSince >= 0 && waitStart != 0) c.counts.waitNanos.add(System.nanoTime() - waitStart);
            c.state.waitingSince = -1;
        }
    }

    private SliceLease lease(CScan c, SliceMeta slice, List<SegmentKey> pinned) {
        SliceLease l = new SliceLease(c, slice, pinned);
        c.leases.add(l);
        return l;
    }

    /**
     * Unpins a lease's chunks without this ABM's lock (the workers of every scan release a slice
     * each as they finish it); the loader is woken only when its last decision lacked room.
     */
    void released(CScan c, SliceLease lease) {
        if (!c.leases.remove(lease)) return;
        chunks.unpin(lease.pinned());
        if (roomWanted) {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    synchronized void stop(CScan c) {
        c.stopped = true;
        notifyAll();
    }

    void unregister(CScan c) {
        List<SliceLease> out;
        synchronized (this) {
            if (c.closed) return;
            c.closed = true;
            out = new ArrayList<>(c.leases);
        }
        for (SliceLease l : out) l.close();
        synchronized (this) {
            for (List<SegmentKey> k : c.held.values()) chunks.unpin(k);
            c.held.clear();
            scans.remove(c.state.id);
            states.remove(c.state.id);
            if (scans.isEmpty()) {
                keys.clear();
                loadedBy.clear();
            }
            notifyAll();
        }
    }

    // ---- the loader's side, all under this lock ----

    synchronized boolean closed() {
        return closed;
    }

    synchronized boolean idle() {
        return scans.isEmpty();
    }

    /** The next load the policy wants, with its memory reserved and chunks marked loading; null if none now. */
    synchronized ChunkLoader.Job nextJob(int inFlight) {
        if (closed || inFlight >= MAX_LOADS) return null;
        deciding = true;
        try {
            return decide();
        } finally {
            deciding = false;
            almostStarvedMemo.clear();
            starvedMemo.clear();
        }
    }

    private ChunkLoader.Job decide() {
        AbmPolicy.Load l = policy.nextLoad(this);
        if (l == null) return null;
        CScan trigger = scans.get(l.trigger().id);
        if (trigger == null) return null;
        int s = l.slice();
        List<Object> files = new ArrayList<>(l.files());
        // The parts of the trigger's slice already resident are pinned for the load (paper 6.2:
        // marked used), so that making room for the rest cannot evict them.
        List<SegmentKey> kept = new ArrayList<>();
        for (Object f : trigger.state.files) {
            ChunkId id = new ChunkId(f, s);
            if (files.contains(f) || loading.contains(id)) continue;
            SegmentKey k = keys.get(id);
            if (chunks.pin(List.of(k))) kept.add(k);
            else files.add(f);
        }
        files.removeIf(f -> loading.contains(new ChunkId(f, s)));
        if (files.isEmpty()) {
            chunks.unpin(kept);
            return null;
        }
        List<ChunkLoader.Read> reads = new ArrayList<>();
        roomWanted = true;
        for (Object f : files) {
            ChunkId id = new ChunkId(f, s);
            CScan owner = ownerOf(id);
            SegmentKey key = keys.get(id);
            SegmentCache.Reservation r = owner == null || key == null ? null // room for the segment expanded
                    : chunks.reserve(owner.metas.get(s).segment(owner.columnOf.get(f)).memoryBytes(),
                            k -> policy.keep(this, new ChunkId(k.file(), k.slice())));
            if (r == null) { // no room until scans release pins
                for (ChunkLoader.Read done : reads) done.reservation().close();
                chunks.unpin(kept);
                return null;
            }
            int column = owner.columnOf.get(f);
            reads.add(new ChunkLoader.Read(id, key, r, owner.table, column, owner.metas.get(s), ((ColumnFileVersion) f).path()));
        }
        roomWanted = false;
        for (ChunkLoader.Read r : reads) loading.add(r.id());
        loads++;
        trigger.counts.loads.increment();
        return new ChunkLoader.Job(trigger, s, reads, kept);
    }

    /** A scan that needs chunk {@code id} (its table and slice metadata describe the chunk). */
    private CScan ownerOf(ChunkId id) {
        for (CScan c : scans.values()) if (c.columnOf.containsKey(id.file()) && c.metas.containsKey(id.slice())) return c;
        return null;
    }

    /** A load ended: its chunks are in the pool (failure null) or not; the trigger gets the slice pinned for it. */
    synchronized void loaded(ChunkLoader.Job job, IOException failure) {
        for (ChunkLoader.Read r : job.reads()) {
            loading.remove(r.id());
            chunkReads++;
            bytesRead += r.key().length();
            if (failure == null) loadedBy.put(r.id(), job.trigger().state.id);
        }
        chunks.unpin(job.kept());
        if (failure == null) {
            var listener = loadListener;
            if (listener != null) {
                listener.accept(new LoadEvent(System.nanoTime(), job.slice(), job.reads().size(), job.bytes(),
                        job.trigger().state.id));
            }
            job.trigger().counts.loadedBytes.add(job.bytes());
            CScan t = job.trigger();
            if (!t.closed && !t.stopped && t.state.remaining.containsKey(job.slice()) && !t.held.containsKey(job.slice())
                    && policy.takesNext(t.state, job.slice())) {
                List<SegmentKey> k = keysOf(t.state, job.slice());
                if (chunks.pin(k)) t.held.put(job.slice(), k);
            }
        } else {
            for (CScan c : scans.values()) {
                for (ChunkLoader.Read r : job.reads()) {
                    if (c.state.needs(r.id()) && c.failure == null) c.failure = failure;
                }
            }
        }
        notifyAll();
    }

    /** The loader died: every registered scan fails with its cause. */
    synchronized void failAll(IOException e) {
        for (CScan c : scans.values()) if (c.failure == null) c.failure = e;
        notifyAll();
    }

    synchronized void awaitWork() throws InterruptedException {
        if (!closed) wait(WAIT_MILLIS);
    }

    private List<SegmentKey> keysOf(ScanState q, int slice) {
        List<SegmentKey> out = new ArrayList<>(q.files.size());
        for (Object f : q.files) out.add(keys.get(new ChunkId(f, slice)));
        return out;
    }

    // ---- BufferView ----

    @Override
    public Collection<ScanState> scans() {
        return states.values();
    }

    @Override
    public boolean resident(ChunkId c) {
        SegmentKey k = keys.get(c);
        return k != null && chunks.contains(k);
    }

    @Override
    public boolean loading(ChunkId c) {
        return loading.contains(c);
    }

    @Override
    public long loads() {
        return loads;
    }

    @Override
    public boolean starved(ScanState q) {
        return deciding ? starvedMemo.computeIfAbsent(q, BufferView.super::starved) : BufferView.super.starved(q);
    }

    @Override
    public boolean almostStarved(ScanState q) {
        return deciding ? almostStarvedMemo.computeIfAbsent(q, BufferView.super::almostStarved)
                : BufferView.super.almostStarved(q);
    }

    /**
     * Waits until no load is in flight (a load scheduled for a scan that has ended still lands
     * in the pool), at most {@code millis}; false if one still is. For tests and benchmarks.
     */
    public synchronized boolean awaitLoads(long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        while (!loading.isEmpty()) {
            long left = (end - System.nanoTime()) / 1_000_000;
            if (left <= 0) return false;
            wait(left);
        }
        return true;
    }

    /** Sets (null: removes) what receives each finished load; it runs on the loader, under this ABM's lock. */
    public void onLoad(java.util.function.Consumer<LoadEvent> listener) {
        loadListener = listener;
    }

    /**
     * Empties the pool of every chunk no scan holds (after the loads in flight land, at most
     * {@code millis}), so that the next query starts cold; for benchmarks. Returns the bytes dropped.
     */
    public long emptyPool(long millis) throws InterruptedException {
        awaitLoads(millis);
        return chunks.dropUnpinned();
    }

    public synchronized Statistics statistics() {
        return new Statistics(policy.name(), chunks.capacity(), loads, chunkReads, bytesRead, chunks.statistics().highWater(),
                disk.waitedNanos());
    }

    /** Stops the loader (after its reads in flight) and frees the pool. Close it after the scans that use it. */
    @Override
    public void close() {
        ChunkLoader l;
        synchronized (this) {
            if (closed) return;
            closed = true;
            l = loader;
            notifyAll();
        }
        try {
            if (l != null) l.stopAndJoin();
        } finally {
            chunks.close();
        }
    }

    @Override
    public String toString() {
        return "ActiveBufferManager[" + policy.name() + ", " + chunks + "]";
    }
}
