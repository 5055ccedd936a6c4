package io.ascan.scan.policy;

import io.ascan.scan.ScanMode;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What adaptive scans measured, per table and predicate shape (and the link and thread settings
 * they ran under): each mode's latest measured throughput. The next scan of the same shape starts
 * from it instead of the cost model, and samples only the modes it cannot rule out. One per engine
 * (its {@link io.ascan.scan.SamplingCoordinator}); bounded, forgetting everything when full.
 */
public final class ScanMemory {
    static final int CAPACITY = 4096;
    private final Map<String, ModePrior> remembered = new ConcurrentHashMap<>();

    /** What scans of {@code shape} measured last, or null. */
    public ModePrior get(String shape) {
        return shape == null ? null : remembered.get(shape);
    }

    /** A scan of {@code shape} measured these throughputs (modes it did not measure keep their earlier figures). */
    public void put(String shape, Map<ScanMode, Double> measured) {
        if (shape == null || measured.isEmpty()) return;
        if (remembered.size() >= CAPACITY) remembered.clear();
        remembered.merge(shape, ModePrior.of(measured, "remembered"), (old, now) -> {
            Map<ScanMode, Double> merged = new java.util.EnumMap<>(ScanMode.class);
            merged.putAll(old.throughput());
            merged.putAll(now.throughput());
            return ModePrior.of(merged, "remembered");
        });
    }
}
