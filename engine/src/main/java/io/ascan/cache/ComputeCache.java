package io.ascan.cache;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The compute side's segment cache of a remote storage node (FlexPushdownDB's cache layer): raw,
 * verified column segments that crossed the link by pull-up, so that a slice whose segments are
 * all here is scanned without the link. One per engine, shared by its scans, bounded by
 * {@code cache.compute.bytes}; what stays is its {@link CachePolicy}'s choice.
 *
 * <p><b>Memory.</b> Each segment is one buffer of this cache's allocator ({@code compute-cache},
 * a child of the engine's). A lookup hands out a reference of its own; vectors built over it
 * retain it in the query's allocator. Eviction drops only the cache's reference, so a rowset
 * still reading an evicted segment keeps it alive (Arrow then charges it to the query), and the
 * memory is freed when the last reference closes.
 *
 * <p>Capacity 0 is the disabled cache: nothing is looked up or admitted. Thread-safe: one lock
 * around the map and the policy (a lookup happens once per segment of tens of thousands of rows).
 */
public final class ComputeCache implements AutoCloseable {
    public static final String ALLOCATOR_NAME = "compute-cache";
    private static final ComputeCache DISABLED = new ComputeCache(null, 0, CachePolicy.of("lru"));

    private final BufferAllocator allocator; // null when disabled
    private final long capacity;
    private final Map<SegmentId, ArrowBuf> entries = new HashMap<>();
    private final CostModel costModel = new CostModel();
    private CachePolicy policy;
    private long bytes;
    private long hits;
    private long misses;
    private long admissions;
    private long evictions;
    private long declined;
    private boolean closed;

    /** What the cache holds and how it has served, at one moment. */
    public record Statistics(String policy, long capacity, long bytes, int segments, long hits, long misses,
                             long admissions, long evictions, long declined) {
        public double hitRate() {
            return hits + misses == 0 ? 0 : (double) hits / (hits + misses);
        }
    }

    /** One cached segment and what the policy thinks it is worth. */
    public record Entry(SegmentId id, long bytes, double value) {}

    private ComputeCache(BufferAllocator allocator, long capacity, CachePolicy policy) {
        this.allocator = allocator;
        this.capacity = capacity;
        this.policy = policy;
    }

    /** A cache of {@code capacity} bytes accounted under {@code engine}; 0 gives the disabled cache. */
    public static ComputeCache create(BufferAllocator engine, long capacity, CachePolicy policy) {
        if (capacity < 0) throw new IllegalArgumentException("cache.compute.bytes must not be negative, got " + capacity);
        if (capacity == 0) return DISABLED;
        return new ComputeCache(engine.newChildAllocator(ALLOCATOR_NAME, 0, Long.MAX_VALUE), capacity, policy);
    }

    public static ComputeCache disabled() {
        return DISABLED;
    }

    public boolean enabled() {
        return allocator != null;
    }

    public long capacity() {
        return capacity;
    }

    /** The link's measured rates that weigh segments for Weighted-LFU. */
    public CostModel costModel() {
        return costModel;
    }

    /**
     * Replaces the policy (a benchmark gives {@code belady} its recorded future so); the cached
     * segments stay and are judged by the new policy from now on.
     */
    public synchronized void policy(CachePolicy p) {
        policy = p;
    }

    /** Reports one access of each segment of a slice to the policy ({@code weights} in seconds per byte). */
    public synchronized void accessed(List<SegmentId> ids, long[] sizes, double[] weights) {
        if (allocator == null) return;
        for (int i = 0; i < ids.size(); i++) policy.accessed(ids.get(i), sizes[i], weights[i]);
    }

    /** The cached segment {@code id} with a reference of the caller's own (close it), or null. Counts a hit or a miss. */
    public ArrowBuf lookup(SegmentId id) {
        if (allocator == null) return null;
        synchronized (this) {
            ArrowBuf b = closed ? null : entries.get(id);
            if (b == null) {
                misses++;
                return null;
            }
            hits++;
            return retain(b);
        }
    }

    private static ArrowBuf retain(ArrowBuf b) {
        b.getReferenceManager().retain();
        return b;
    }

    /**
     * Whether the policy would admit {@code id} ({@code size} bytes) now: whether it is worth more
     * than every segment it would have to evict. The hybrid route pulls a slice up instead of
     * pushing it down when it would (FlexPushdownDB waits for the cache load).
     */
    public synchronized boolean wouldAdmit(SegmentId id, long size) {
        return allocator != null && !closed && !entries.containsKey(id) && victims(id, size) != null;
    }

    /** A segment admitted: the cached buffer, with a reference of the caller's own, and how many segments made room. */
    public record Admission(ArrowBuf buffer, int evicted) {}

    /**
     * Offers a pulled-up, verified segment: if the policy admits it, its bytes are copied into the
     * cache (evicting what the policy values least) and the cached buffer is returned; else null,
     * and the caller keeps using {@code raw}.
     */
    public Admission admit(SegmentId id, ArrowBuf raw, long size) {
        if (allocator == null) return null;
        List<ArrowBuf> evicted = new ArrayList<>();
        try {
            synchronized (this) {
                if (closed) return null;
                ArrowBuf existing = entries.get(id);
                if (existing != null) return new Admission(retain(existing), 0); // a concurrent pull admitted it first
                ArrowBuf copy;
                try {
                    copy = allocator.buffer(Math.max(size, 1)); // its capacity (rounded up) is what it costs
                } catch (RuntimeException e) {
                    declined++;
                    return null;
                }
                List<SegmentId> victims = victims(id, copy.capacity());
                if (victims == null) {
                    declined++;
                    evicted.add(copy);
                    return null;
                }
                copy.setBytes(0, raw, 0, size);
                copy.writerIndex(size);
                for (SegmentId v : victims) {
                    ArrowBuf b = entries.remove(v);
                    bytes -= b.capacity();
                    evictions++;
                    evicted.add(b);
                }
                entries.put(id, copy);
                bytes += copy.capacity();
                admissions++;
                return new Admission(retain(copy), victims.size());
            }
        } finally {
            for (ArrowBuf b : evicted) b.close(); // readers' references keep it alive
        }
    }

    /**
     * The segments to evict so that {@code size} more bytes fit, least valued first, or null when
     * the segment cannot fit or is worth no more than one of them.
     */
    private List<SegmentId> victims(SegmentId id, long size) {
        if (size > capacity) return null;
        List<SegmentId> out = new ArrayList<>();
        long free = capacity - bytes;
        if (free >= size) return out;
        double value = policy.value(id);
        List<SegmentId> order = new ArrayList<>(entries.keySet());
        Map<SegmentId, Double> values = new HashMap<>();
        for (SegmentId k : order) values.put(k, policy.value(k));
        order.sort(Comparator.comparingDouble(values::get));
        for (SegmentId k : order) {
            if (free >= size) break;
            if (values.get(k) >= value) return null;
            out.add(k);
            free += entries.get(k).capacity();
        }
        return free >= size ? out : null;
    }

    public synchronized Statistics statistics() {
        return new Statistics(policy.name(), capacity, bytes, entries.size(), hits, misses, admissions, evictions, declined);
    }

    /** The cached segments, most valued first. */
    public synchronized List<Entry> contents() {
        List<Entry> out = new ArrayList<>();
        for (Map.Entry<SegmentId, ArrowBuf> e : entries.entrySet()) {
            out.add(new Entry(e.getKey(), e.getValue().capacity(), policy.value(e.getKey())));
        }
        out.sort(Comparator.comparingDouble(Entry::value).reversed());
        return out;
    }

    /** Drops every segment (rowsets still reading one keep it alive) and closes the allocator. */
    @Override
    public void close() {
        if (allocator == null) return;
        List<ArrowBuf> dropped;
        synchronized (this) {
            if (closed) return;
            closed = true;
            dropped = new ArrayList<>(entries.values());
            entries.clear();
            bytes = 0;
        }
        for (ArrowBuf b : dropped) b.close();
        allocator.close();
    }
}
