package io.ascan.cache;

import java.util.HashMap;
import java.util.Map;

/**
 * Least frequently used, the paper's baseline: a segment is worth how often it was accessed, per
 * byte (the size-sensitive LFU of section 4.2.2). Counts are kept for segments not cached too, so
 * a segment accessed more often than the cached ones is admitted.
 */
final class LfuPolicy implements CachePolicy {
    private final Map<SegmentId, double[]> counts = new HashMap<>();

    @Override
    public String name() {
        return "lfu";
    }

    @Override
    public void accessed(SegmentId id, long bytes, double weight) {
        counts.computeIfAbsent(id, k -> new double[1])[0] += 1.0 / Math.max(1, bytes);
    }

    @Override
    public double value(SegmentId id) {
        double[] c = counts.get(id);
        return c == null ? 0 : c[0];
    }
}
