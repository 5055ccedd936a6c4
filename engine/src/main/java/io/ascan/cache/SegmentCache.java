package io.ascan.cache;

import io.ascan.io.AlignedMemory;
import io.ascan.memory.ForeignBuffers;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Column segments kept in the storage side's memory, so a hot scan's segment reads are served
 * from memory instead of the disk: in the A-Scan paper the table lives in the storage node's
 * memory, and the data-movement modes differ only in what crosses to the compute side. One cache
 * per engine instance, shared by its concurrent scans; bounded by {@code capacity} bytes
 * ({@code abm.bytes}): {@link Statistics#highWater()} is the most it ever held.
 *
 * <p><b>Memory.</b> Each segment lives in its own 4 KiB-aligned block from the C heap
 * ({@link AlignedMemory#allocateUnscoped}), which a miss reads into directly (O_DIRECT) and which
 * becomes one foreign {@link ArrowBuf} owned by this cache's allocator, {@code segment-cache}, a
 * child of the engine's. A hit hands out a pinned reference; the vectors built over it retain the
 * memory in the query's allocator. Arrow charges a block to one owner: this cache while it holds
 * the block, the query's allocator if the cache evicts it while a rowset still reads it. Evicting
 * only drops the cache's reference; the block is freed when the last vector over it closes.
 *
 * <p><b>Policy.</b> The pool of the Active Buffer Manager ({@code scan.abm}), which pins the
 * chunks of the slices it hands to scans (pinned entries are never evicted) and makes room in its
 * policy's keep order ({@link #reserve(long, ToDoubleFunction)}); readers that do not register with
 * it evict in LRU order. A lookup happens once per column segment (tens of thousands of rows), so
 * one lock around an access-ordered map costs nothing measurable.
 *
 * <p>A miss is verified (CRC32C) by the caller before {@link #insert}; hits are not checked again.
 * Capacity 0 is the disabled cache: every lookup misses and nothing is reserved, so every read
 * goes to the disk. Thread-safe. Close it after the scans that use it have ended.
 */
public final class SegmentCache implements AutoCloseable {
    public static final String ALLOCATOR_NAME = "segment-cache";
    private static final SegmentCache DISABLED = new SegmentCache(null, 0);

    private final BufferAllocator allocator; // null when disabled
    private final long capacity;
    /** Access order: iteration starts at the least recently used entry. */
    private final LinkedHashMap<SegmentKey, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);
    private long charged; // bytes of the entries plus of reservations not yet inserted
    private int reservations;
    private long hits;
    private long misses;
    private long inserts;
    private long evictions;
    private long rejected;
    private boolean closed;

    private long highWater; // the most ever charged: never above capacity

    /** A cached segment; {@code pins} > 0 (the Active Buffer Manager holds it for a scan) keeps it from eviction. */
    private static final class Entry {
        final ArrowBuf buffer;
        final long bytes;
        int pins;

        Entry(ArrowBuf buffer, long bytes) {
            this.buffer = buffer;
            this.bytes = bytes;
        }
    }

    /** What the cache holds and how it has served, at one moment. */
    public record Statistics(long capacity, long bytes, int entries, long hits, long misses, long inserts,
                             long evictions, long rejected, long highWater) {}

    private SegmentCache(BufferAllocator allocator, long capacity) {
        this.allocator = allocator;
        this.capacity = capacity;
    }

    /**
     * A cache of {@code capacity} bytes whose memory is accounted in a child of {@code engine}
     * (queries reading from it must use allocators under the same root); capacity 0 gives the
     * disabled cache.
     */
    public static SegmentCache create(BufferAllocator engine, long capacity) {
        if (capacity < 0) throw new IllegalArgumentException("cache.bytes must not be negative, got " + capacity);
        if (capacity == 0) return DISABLED;
        return new SegmentCache(engine.newChildAllocator(ALLOCATOR_NAME, 0, Long.MAX_VALUE), capacity);
    }

    /** The cache that holds nothing: every read goes to the disk. */
    public static SegmentCache disabled() {
        return DISABLED;
    }

    /**
     * The default {@code cache.bytes}: a quarter of the machine's physical memory, and at most half
     * of what the engine's allocator may hold (queries need the rest). The memory comes from the C
     * heap, so {@code -XX:MaxDirectMemorySize} does not limit it.
     */
    public static long defaultCapacity(BufferAllocator engine) {
        long physical = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : Runtime.getRuntime().maxMemory();
        return Math.min(physical / 4, engine.getLimit() / 2);
    }

    public boolean enabled() {
        return allocator != null;
    }

    public long capacity() {
        return capacity;
    }

    /** The root allocator the cache's memory is accounted under, or null when disabled. */
    public BufferAllocator root() {
        return allocator == null ? null : allocator.getRoot();
    }

    /**
     * The cached segment under {@code key}, pinned (the caller closes the returned buffer once its
     * vectors hold their own references), or null on a miss.
     */
    public ArrowBuf lookup(SegmentKey key) {
        if (allocator == null) return null;
        synchronized (this) {
            Entry e = closed ? null : entries.get(key);
            if (e == null) {
                misses++;
                return null;
            }
            hits++;
            return pin(e);
        }
    }

    private ArrowBuf pin(Entry e) {
        return e.buffer.getReferenceManager().retain(e.buffer, allocator);
    }

    /**
     * Memory for reading a segment of {@code size} bytes into, charged to the cache: least recently
     * used entries are evicted to make room. Null when the cache is disabled or closed, or when
     * the segment cannot fit (reservations in flight hold the rest); the caller then reads into
     * memory of its own and the segment is not cached.
     */
    public Reservation reserve(long size) {
        return reserve(size, null);
    }

    /**
     * As {@link #reserve(long)}, evicting unpinned entries in increasing {@code keep} order (the
     * Active Buffer Manager's keepRelevance; ties and a null {@code keep} in LRU order). Nothing is
     * evicted when the unpinned entries cannot make room.
     */
    public Reservation reserve(long size, ToDoubleFunction<SegmentKey> keep) {
        if (allocator == null) return null;
        long bytes = AlignedMemory.alignUp(size);
        List<Entry> evicted = new ArrayList<>();
        try {
            synchronized (this) {
                if (closed) return null;
                if (charged + bytes > capacity) evict(charged + bytes - capacity, keep, evicted);
                if (charged + bytes > capacity) {
                    rejected++;
                    return null;
                }
                charged += bytes;
                highWater = Math.max(highWater, charged);
                reservations++;
            }
        } finally {
            for (Entry e : evicted) e.buffer.close(); // outside the lock: freeing may unmap
        }
        try {
            MemorySegment memory = AlignedMemory.allocateUnscoped(bytes);
            ArrowBuf buffer = ForeignBuffers.wrap(allocator, memory, () -> AlignedMemory.free(memory));
            return new Reservation(buffer, memory, bytes);
        } catch (RuntimeException | OutOfMemoryError e) {
            uncharge(bytes);
            throw e;
        }
    }

    /** Evicts unpinned entries worth at least {@code need} bytes, if they hold that much; else none. */
    private void evict(long need, ToDoubleFunction<SegmentKey> keep, List<Entry> evicted) {
        List<Map.Entry<SegmentKey, Entry>> candidates = new ArrayList<>();
        long free = 0;
        for (Map.Entry<SegmentKey, Entry> e : entries.entrySet()) { // LRU first
            if (e.getValue().pins > 0) continue;
            candidates.add(e);
            free += e.getValue().bytes;
        }
        if (free < need) return;
        if (keep != null) {
            Map<SegmentKey, Double> score = new HashMap<>();
            for (Map.Entry<SegmentKey, Entry> e : candidates) score.put(e.getKey(), keep.applyAsDouble(e.getKey()));
            candidates.sort(Comparator.comparingDouble(e -> score.get(e.getKey()))); // stable: LRU among ties
        }
        List<SegmentKey> victims = new ArrayList<>();
        for (Map.Entry<SegmentKey, Entry> e : candidates) {
            if (need <= 0) break;
            victims.add(e.getKey());
            need -= e.getValue().bytes;
        }
        for (SegmentKey k : victims) {
            Entry e = entries.remove(k);
            charged -= e.bytes;
            evictions++;
            evicted.add(e);
        }
    }

    /** Whether {@code key} is cached, without touching its recency or the hit counts. */
    public synchronized boolean contains(SegmentKey key) {
        return !closed && entries.containsKey(key);
    }

    /** Whether every one of {@code keys} is cached, without touching recency or hit counts. */
    public synchronized boolean containsAll(java.util.Collection<SegmentKey> keys) {
        if (closed) return false;
        for (SegmentKey k : keys) if (!entries.containsKey(k)) return false;
        return true;
    }

    /** Pins every one of {@code keys} against eviction if all are cached (true), else pins none (false). */
    public synchronized boolean pin(List<SegmentKey> keys) {
        if (closed) return false;
        for (SegmentKey k : keys) if (!entries.containsKey(k)) return false;
        for (SegmentKey k : keys) entries.get(k).pins++; // a use: refreshes recency
        return true;
    }

    /** Undoes one {@link #pin} of each of {@code keys} (entries evicted by {@link #close} meanwhile are skipped). */
    public synchronized void unpin(List<SegmentKey> keys) {
        for (SegmentKey k : keys) {
            Entry e = entries.get(k);
            if (e != null && e.pins > 0) e.pins--;
        }
    }

    private synchronized void uncharge(long bytes) {
        charged -= bytes;
        reservations--;
    }

    /**
     * Adds a loaded, verified segment under {@code key} and returns it pinned. If a concurrent miss
     * inserted the same segment first, that entry is kept and returned, and {@code loaded} is
     * released: both hold the same bytes.
     */
    public ArrowBuf insert(SegmentKey key, Reservation loaded) {
        ArrowBuf duplicate = null;
        try {
            synchronized (this) {
                loaded.claim();
                Entry existing = closed ? null : entries.get(key);
                if (closed || existing != null) {
                    charged -= loaded.bytes;
                    duplicate = loaded.buffer;
                    if (closed) throw new IllegalStateException("segment cache is closed");
                    return pin(existing);
                }
                Entry e = new Entry(loaded.buffer, loaded.bytes);
                entries.put(key, e);
                inserts++;
                return pin(e);
            }
        } finally {
            if (duplicate != null) duplicate.close();
        }
    }

    /**
     * Evicts every unpinned entry (an empty pool for the next cold measurement); pinned ones stay.
     * Returns the bytes dropped.
     */
    public long dropUnpinned() {
        List<Entry> dropped = new ArrayList<>();
        long bytes = 0;
        synchronized (this) {
            for (var it = entries.values().iterator(); it.hasNext(); ) {
                Entry e = it.next();
                if (e.pins > 0) continue;
                it.remove();
                charged -= e.bytes;
                bytes += e.bytes;
                evictions++;
                dropped.add(e);
            }
        }
        for (Entry e : dropped) e.buffer.close();
        return bytes;
    }

    public synchronized Statistics statistics() {
        return new Statistics(capacity, charged, entries.size(), hits, misses, inserts, evictions, rejected, highWater);
    }

    /** Drops every entry (rowsets still reading one keep it alive) and closes the cache's allocator. */
    @Override
    public void close() {
        if (allocator == null) return;
        List<Entry> dropped;
        int inFlight;
        synchronized (this) {
            if (closed) return;
            closed = true;
            dropped = new ArrayList<>(entries.values());
            entries.clear();
            for (Entry e : dropped) charged -= e.bytes;
            inFlight = reservations;
        }
        for (Entry e : dropped) e.buffer.close();
        if (inFlight > 0) {
            throw new IllegalStateException("segment cache closed while " + inFlight + " segment reads into it are "
                    + "in flight; close it after the scans that use it");
        }
        allocator.close();
    }

    @Override
    public String toString() {
        Statistics s = statistics();
        return "SegmentCache[" + s.bytes() + " of " + s.capacity() + " bytes, " + s.entries() + " segments]";
    }

    /** Memory a missed segment is read into before it joins the cache; close it if it never does. */
    public final class Reservation implements AutoCloseable {
        private final ArrowBuf buffer;
        private final MemorySegment memory;
        private final long bytes;
        private boolean claimed;

        private Reservation(ArrowBuf buffer, MemorySegment memory, long bytes) {
            this.buffer = buffer;
            this.memory = memory;
            this.bytes = bytes;
        }

        /** The aligned memory to read into ({@code alignUp(size)} bytes). */
        public MemorySegment memory() {
            return memory;
        }

        /** Called under the cache's lock: a reservation is inserted or closed, once. */
        private void claim() {
            if (claimed) throw new IllegalStateException("segment reservation already used");
            claimed = true;
            reservations--;
        }

        @Override
        public void close() {
            synchronized (SegmentCache.this) {
                if (claimed) return;
                claim();
                charged -= bytes;
            }
            buffer.close();
        }
    }
}
