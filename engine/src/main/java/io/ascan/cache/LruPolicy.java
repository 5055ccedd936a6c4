package io.ascan.cache;

import java.util.HashMap;
import java.util.Map;

/** Least recently used: a segment is worth its last access, so a missed segment is always admitted. */
final class LruPolicy implements CachePolicy {
    private final Map<SegmentId, Long> last = new HashMap<>();
    private long clock;

    @Override
    public String name() {
        return "lru";
    }

    @Override
    public void accessed(SegmentId id, long bytes, double weight) {
        last.put(id, ++clock);
    }

    @Override
    public double value(SegmentId id) {
        return last.getOrDefault(id, 0L);
    }
}
