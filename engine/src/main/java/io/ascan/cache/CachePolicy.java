package io.ascan.cache;

import java.util.List;
import java.util.Locale;

/**
 * What the compute-side cache keeps (FlexPushdownDB 4.2): every access of a segment, hit or miss,
 * is reported; the cache evicts the segments of lowest {@link #value} first and admits a missed
 * segment only when it is worth more than every segment it would evict. Called under the cache's
 * lock, so implementations need no synchronization of their own.
 */
public interface CachePolicy {
    /** The values of {@code cache.compute.policy}. */
    List<String> NAMES = List.of("lru", "lfu", "wlfu", "belady");

    String name();

    /**
     * One access of {@code id} ({@code bytes} long); {@code weight} is what caching it saves per
     * byte against pushing its work down, in seconds per byte (only Weighted-LFU reads it).
     */
    void accessed(SegmentId id, long bytes, double weight);

    /** How much keeping {@code id} is worth now: the lowest goes first. */
    double value(SegmentId id);

    /**
     * The policy for a {@code cache.compute.policy} value. {@code belady} has no future to look at
     * here: it is built with the recorded trace ({@link BeladyPolicy#BeladyPolicy(List)}).
     */
    static CachePolicy of(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "lru" -> new LruPolicy();
            case "lfu" -> new LfuPolicy();
            case "wlfu" -> new WlfuPolicy(WlfuPolicy.DEFAULT_HALF_LIFE);
            case "belady" -> new BeladyPolicy(List.of());
            default -> throw new IllegalArgumentException("cache.compute.policy must be one of " + String.join(", ", NAMES)
                    + ", got '" + (name == null ? "" : name.trim()) + "'");
        };
    }

    /** Checks a {@code cache.compute.policy} value and returns it normalized. */
    static String checkName(String name) {
        return of(name).name();
    }
}
