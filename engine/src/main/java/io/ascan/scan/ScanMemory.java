package io.ascan.scan;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
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
    private final Map<String, Shape> remembered = new ConcurrentHashMap<>();

    /** A shape's figures, and the modes among them only measured cold (see {@link #cold}). */
    private record Shape(Map<ScanMode, Double> figures, Set<ScanMode> cold) {
        Shape merge(Shape now) {
            Map<ScanMode, Double> figures = new EnumMap<>(ScanMode.class);
            figures.putAll(this.figures);
            figures.putAll(now.figures);
            Set<ScanMode> cold = EnumSet.noneOf(ScanMode.class);
            cold.addAll(this.cold);
            cold.removeAll(now.figures.keySet()); // measured again: cold only if this scan says so
            cold.addAll(now.cold);
            return new Shape(Map.copyOf(figures), Set.copyOf(cold));
        }
    }

    /** The throughputs scans of {@code shape} measured (per mode, in slices per second), or null. */
    public Map<ScanMode, Double> get(String shape) {
        Shape s = shape == null ? null : remembered.get(shape);
        return s == null ? null : s.figures();
    }

    /**
     * The modes of {@code shape} whose figure was scaled from a sample taken in other conditions than the
     * figure it is compared with (a cold first round whose winner ran hot later), never measured at that level.
     */
    public Set<ScanMode> cold(String shape) {
        Shape s = shape == null ? null : remembered.get(shape);
        return s == null ? Set.of() : s.cold();
    }

    /** A scan of {@code shape} measured these throughputs (modes it did not measure keep their earlier figures). */
    public void put(String shape, Map<ScanMode, Double> measured) {
        put(shape, measured, Set.of());
    }

    /** As {@link #put(String, Map)}, with {@code cold} those of {@code measured} that were only measured cold ({@link #cold}). */
    public void put(String shape, Map<ScanMode, Double> measured, Set<ScanMode> cold) {
        if (shape == null || measured.isEmpty()) return;
        if (remembered.size() >= CAPACITY) remembered.clear();
        Set<ScanMode> ofThese = EnumSet.noneOf(ScanMode.class);
        for (ScanMode m : cold) if (measured.containsKey(m)) ofThese.add(m);
        remembered.merge(shape, new Shape(Map.copyOf(measured), Set.copyOf(ofThese)), Shape::merge);
    }
}
