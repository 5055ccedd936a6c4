package io.ascan.cache;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Belady's MIN, an oracle for benchmarks (never a default): given the accesses a recorded workload
 * will make, in order, a segment is worth the nearer its next access, so the cache evicts (and
 * declines to admit) the segment needed furthest in the future. With equal-sized segments it
 * misses least. Accesses must replay the trace; without one, no segment has a future: the cache
 * fills and then keeps what it holds.
 */
public final class BeladyPolicy implements CachePolicy {
    private final Map<SegmentId, ArrayDeque<Long>> future = new HashMap<>();
    private long clock;

    /** @param trace every access the workload will make, in order */
    public BeladyPolicy(List<SegmentId> trace) {
        long t = 0;
        for (SegmentId id : trace) future.computeIfAbsent(id, k -> new ArrayDeque<>()).add(++t);
    }

    @Override
    public String name() {
        return "belady";
    }

    @Override
    public void accessed(SegmentId id, long bytes, double weight) {
        clock++;
        ArrayDeque<Long> next = future.get(id);
        while (next != null && !next.isEmpty() && next.peekFirst() <= clock) next.pollFirst();
    }

    @Override
    public double value(SegmentId id) {
        ArrayDeque<Long> next = future.get(id);
        return next == null || next.isEmpty() ? Double.NEGATIVE_INFINITY : -next.peekFirst();
    }
}
