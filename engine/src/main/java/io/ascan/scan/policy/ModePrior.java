package io.ascan.scan.policy;

import io.ascan.scan.ScanMode;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a scan expects of each mode before measuring it: a throughput (morsels per second, or any
 * unit shared by the modes: only ratios count), NaN where nothing is known, and where the figures
 * come from ("cost model", "remembered").
 */
public record ModePrior(Map<ScanMode, Double> throughput, Set<ScanMode> excludable, String source,
                        Map<ScanMode, Double> bounds, boolean rowsAlike, boolean remote) {
    public static final ModePrior NONE = new ModePrior(Map.of(), Set.of(), "none");

    public ModePrior(Map<ScanMode, Double> throughput, Set<ScanMode> excludable, String source) {
        this(throughput, excludable, source, Map.of());
    }

    public ModePrior(Map<ScanMode, Double> throughput, Set<ScanMode> excludable, String source, Map<ScanMode, Double> bounds) {
        this(throughput, excludable, source, bounds, false, false);
    }

    /** The same, where every mode feeds the pipeline the same rows of a slice ({@code rowsAlike}). */
    public ModePrior rowsAlike(boolean alike) {
        return new ModePrior(throughput, excludable, source, bounds, alike, remote);
    }

    /** The same, for a scan of a storage node across a network ({@code remote}). */
    public ModePrior remote(boolean across) {
        return new ModePrior(throughput, excludable, source, bounds, rowsAlike, across);
    }

    /**
     * @param excludable the modes the figures may rule out: measured ones, or those the cost model
     *     bounds as slower whatever the data (their least link time above the best's most); a mode
     *     outside it is sampled however its figure compares
     * @param bounds what a mode cannot exceed whatever the data, in morsels per second, the unit a scan measures
     *     (over a network the link's bandwidth over a slice's bytes, for pull-up): a mode bounded below a mode
     *     measured is not sampled ({@link PriorGuidedPolicy})
     * @param rowsAlike whether every mode feeds the pipeline the same rows of a slice (over a storage node with R:
     *     pushdown's, and pull-up's filtered at the scan), so that a slowdown of the current mode that comes with more
     *     rows per slice is the data's, and slows the others as much ({@link PriorGuidedPolicy})
     * @param remote whether the scan reads a storage node across a network, where a mode's first slices after a switch
     *     do not run ahead of it (no slices loaded or cached beforehand), so a drift round measures the current mode again
     *     ({@link PriorGuidedPolicy})
     */
    public ModePrior {
        throughput = Map.copyOf(throughput);
        excludable = Set.copyOf(excludable);
        bounds = Map.copyOf(bounds);
    }

    /** The most morsels per second {@code m} can take, or NaN: no bound known. */
    public double bound(ScanMode m) {
        Double b = bounds.get(m);
        return b == null ? Double.NaN : b;
    }

    public double of(ScanMode m) {
        Double t = throughput.get(m);
        return t == null ? Double.NaN : t;
    }

    /** The mode of {@code modes} expected fastest, or null when none has a figure. */
    public ScanMode best(List<ScanMode> modes) {
        ScanMode best = null;
        for (ScanMode m : modes) if (!Double.isNaN(of(m)) && (best == null || of(m) > of(best))) best = m;
        return best;
    }

    /**
     * The modes that may be the fastest: those without a figure and those expected within a factor
     * {@code 1 + margin} of the best, fastest first (those without a figure last).
     */
    public List<ScanMode> candidates(List<ScanMode> modes, double margin) {
        ScanMode best = best(modes);
        double top = best == null ? Double.NaN : of(best);
        return modes.stream().filter(m -> Double.isNaN(of(m)) || !excludable.contains(m) || of(m) * (1 + margin) >= top)
                .sorted((a, b) -> Double.compare(Double.isNaN(of(b)) ? -1 : of(b), Double.isNaN(of(a)) ? -1 : of(a)))
                .toList();
    }

    /** The figures, each relative to the best ("direct=0.25 staging=0.61 pushdown=1.00"). */
    public String format(List<ScanMode> modes) {
        ScanMode best = best(modes);
        StringBuilder sb = new StringBuilder();
        for (ScanMode m : modes) {
            if (sb.length() > 0) sb.append(' ');
            sb.append(m.name().toLowerCase(Locale.ROOT)).append('=');
            sb.append(Double.isNaN(of(m)) || best == null ? "?" : String.format(Locale.ROOT, "%.2f", of(m) / of(best)));
        }
        return sb.toString();
    }

    /**
     * These figures, with the modes of {@code modes} they lack taken from {@code model}, scaled by
     * the mean ratio of the modes both have (so a scan that measured only the mode the model put
     * far ahead does not make the next one sample the others); this prior when none is shared.
     */
    public ModePrior filledFrom(ModePrior model, List<ScanMode> modes) {
        double logs = 0;
        int shared = 0;
        for (ScanMode m : modes) {
            if (!Double.isNaN(of(m)) && model.of(m) > 0 && of(m) > 0) {
                logs += Math.log(of(m) / model.of(m));
                shared++;
            }
        }
        if (shared == 0) return this;
        double scale = Math.exp(logs / shared);
        Map<ScanMode, Double> filled = new EnumMap<>(ScanMode.class);
        filled.putAll(throughput);
        Set<ScanMode> ruling = new HashSet<>(excludable);
        boolean added = false;
        for (ScanMode m : modes) {
            if (!Double.isNaN(of(m)) || Double.isNaN(model.of(m))) continue;
            filled.put(m, scale * model.of(m));
            if (model.excludable().contains(m)) ruling.add(m);
            added = true;
        }
        return added ? new ModePrior(filled, ruling, source + " and " + model.source(), model.bounds()) : this;
    }

    /** A prior of measured throughputs: each may rule its mode out. */
    public static ModePrior of(Map<ScanMode, Double> throughput, String source) {
        return new ModePrior(new EnumMap<>(throughput), throughput.keySet(), source);
    }
}
