package io.ascan.scan.abm;

import java.util.List;
import java.util.Locale;

/**
 * The Active Buffer Manager's decisions (Cooperative Scans, sections 3-4 and 6): which ready slice
 * a scan takes, what to load next and for whom, which chunk to evict. Called under the ABM's
 * lock; an implementation may keep state of its own (the elevator's cursor) under that lock.
 */
public interface AbmPolicy {
    /** The {@code abm.policy} names. */
    List<String> NAMES = List.of("normal", "attach", "elevator", "relevance");

    String name();

    /** A new scan (attach picks the scan it joins). */
    default void registered(BufferView v, ScanState q) {}

    /** The slice {@code q} takes next among those ready for it, or -1 to wait (it needs one that is not). */
    int choose(BufferView v, ScanState q);

    /**
     * Whether {@code q} would take {@code slice} as soon as it is ready. A finished load is pinned
     * for its trigger only then: a slice pinned for a scan that must first take another could
     * fill the pool with pins no scan releases.
     */
    default boolean takesNext(ScanState q, int slice) {
        return true;
    }

    /**
     * Whether {@link #nextLoad} could pick a load for {@code q} now. After a scan takes a slice
     * the loader is woken only then: in a hot run every slice is resident, and a loader woken
     * for each slice handed out holds the ABM's lock to find nothing to do.
     */
    default boolean wantsLoads(BufferView v, ScanState q) {
        return v.starved(q);
    }

    /** The next load, or null when nothing should be loaded now. */
    Load nextLoad(BufferView v);

    /** keepRelevance of a resident chunk: the least relevant is evicted first (ties: least recently used). */
    double keep(BufferView v, ChunkId c);

    /**
     * Load slice {@code slice}'s segments of {@code files} for {@code trigger} (the scan it is
     * scheduled for; what it loads serves every scan that needs it).
     */
    record Load(ScanState trigger, int slice, List<Object> files) {}

    static AbmPolicy of(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "normal" -> new NormalPolicy(false);
            case "attach" -> new NormalPolicy(true);
            case "elevator" -> new ElevatorPolicy();
            case "relevance" -> new RelevancePolicy();
            default -> throw new IllegalArgumentException("abm.policy must be one of " + String.join(", ", NAMES)
                    + ", got '" + name + "'");
        };
    }
}
