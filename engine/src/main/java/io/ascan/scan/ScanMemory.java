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
    /** A shape's rounds that count as young ({@link #young}) in an engine's memory. */
    static final int YOUNG_ROUNDS = 3;
    private final Map<String, Shape> remembered = new ConcurrentHashMap<>();
    private final int youngRounds;

    public ScanMemory() {
        this(YOUNG_ROUNDS);
    }

    /** @param youngRounds how many of a shape's first rounds are young ({@link #young}); 0: none */
    public ScanMemory(int youngRounds) {
        this.youngRounds = youngRounds;
    }

    /** A shape's figures, and the modes among them only measured cold ({@link #cold}) or never measured ({@link #unmeasured}). */
    private record Shape(Map<ScanMode, Double> figures, Set<ScanMode> cold, Set<ScanMode> unmeasured, int rounds) {
        Shape merge(Shape now) {
            Map<ScanMode, Double> figures = new EnumMap<>(ScanMode.class);
            figures.putAll(this.figures);
            figures.putAll(now.figures);
            return new Shape(Map.copyOf(figures), merged(cold, now.cold, now), merged(unmeasured, now.unmeasured, now),
                    rounds + now.rounds);
        }

        /** A flag of {@code was} holds for a mode until a scan measures it again; then only if that scan says so. */
        private static Set<ScanMode> merged(Set<ScanMode> was, Set<ScanMode> says, Shape now) {
            Set<ScanMode> flagged = EnumSet.noneOf(ScanMode.class);
            flagged.addAll(was);
            flagged.removeAll(now.figures.keySet());
            flagged.addAll(says);
            return Set.copyOf(flagged);
        }
    }

    /**
     * The modes of {@code shape} whose figure is a bound, not a rate: the shape's first scan dropped them on time, before
     * they completed half a window, while its pipelines and reads were cold.
     */
    public Set<ScanMode> unmeasured(String shape) {
        Shape s = shape == null ? null : remembered.get(shape);
        return s == null ? Set.of() : s.unmeasured();
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
        put(shape, measured, cold, Set.of());
    }

    /** As {@link #put(String, Map, Set)}, with {@code unmeasured} those of {@code measured} that are bounds ({@link #unmeasured}). */
    public void put(String shape, Map<ScanMode, Double> measured, Set<ScanMode> cold, Set<ScanMode> unmeasured) {
        if (shape == null || measured.isEmpty()) return;
        if (remembered.size() >= CAPACITY) remembered.clear();
        remembered.merge(shape, new Shape(Map.copyOf(measured), ofThese(cold, measured), ofThese(unmeasured, measured),
                measured.size() > 1 ? 1 : 0), Shape::merge);
    }

    /**
     * Whether fewer than the young rounds of {@code shape} were remembered (scans that compared
     * modes): the JIT of a process compiles the code each mode runs over its first scans, so what a
     * mode that lost one measured may not hold once compiled.
     */
    public boolean young(String shape) {
        Shape s = shape == null ? null : remembered.get(shape);
        return (s == null ? 0 : s.rounds()) < youngRounds;
    }

    private static Set<ScanMode> ofThese(Set<ScanMode> modes, Map<ScanMode, Double> measured) {
        Set<ScanMode> of = EnumSet.noneOf(ScanMode.class);
        for (ScanMode m : modes) if (measured.containsKey(m)) of.add(m);
        return Set.copyOf(of);
    }
}
