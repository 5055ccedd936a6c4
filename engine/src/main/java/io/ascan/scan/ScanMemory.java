package io.ascan.scan;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What adaptive scans measured, per table and predicate shape (and the link and thread settings
 * they ran under): each mode's latest measured throughput. The next scan of the same shape starts
 * from it instead of the cost model, and samples only the modes it cannot rule out
 * ({@code scan.policy.PriorGuidedPolicy}). One per engine (its {@link SamplingCoordinator});
 * bounded, forgetting everything when full.
 */
public final class ScanMemory {
    static final int CAPACITY = 4096;
    private final Map<String, Map<ScanMode, Double>> remembered = new ConcurrentHashMap<>();

    /** The throughputs scans of {@code shape} measured (per mode, in slices per second), or null. */
    public Map<ScanMode, Double> get(String shape) {
        return shape == null ? null : remembered.get(shape);
    }

    /** A scan of {@code shape} measured these throughputs (modes it did not measure keep their earlier figures). */
    public void put(String shape, Map<ScanMode, Double> measured) {
        if (shape == null || measured.isEmpty()) return;
        if (remembered.size() >= CAPACITY) remembered.clear();
        remembered.merge(shape, Map.copyOf(measured), (old, now) -> {
            Map<ScanMode, Double> merged = new java.util.EnumMap<>(ScanMode.class);
            merged.putAll(old);
            merged.putAll(now);
            return Map.copyOf(merged);
        });
    }
}
