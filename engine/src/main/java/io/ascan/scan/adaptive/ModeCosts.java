package io.ascan.scan.adaptive;

import io.ascan.catalog.Table;
import io.ascan.expr.Expr;
import io.ascan.format.SliceMeta;
import io.ascan.scan.ScanMode;
import io.ascan.scan.materializer.RuntimeFilter;
import io.ascan.scan.policy.ModePrior;
import io.ascan.topology.Interconnect;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The cost model behind the adaptive policy's first guess ({@link io.ascan.scan.policy.PriorGuidedPolicy}):
 * per mode, the time a row takes where the mode is slowest, the link or the threads. Bytes per
 * row come from the segments' sizes; the fraction {@code s} of rows that pass P (zone maps and
 * distinct counts, {@link Selectivity}) and R (a key bitmap's keys over the probe column's distinct
 * values):
 * <ul>
 *   <li>direct moves every read column's bytes; the compute threads evaluate P on every row, and
 *       the pipeline takes every row passing P (R is not applied; over a storage node, where a
 *       pulled-up slice meets R at the scan, only the rows passing P and R);</li>
 *   <li>staging moves P's columns whole and of each other projected column the 64-byte lines
 *       holding a passing row ({@code 1 - (1 - s)^(values per line)} of them);</li>
 *   <li>pushdown moves the projected bytes of passing rows; the storage threads filter every row
 *       (an R without a key bitmap by hashing) and copy the survivors.</li>
 * </ul>
 * The per-row CPU figures are rough constants and {@code s} a guess (a CASE may read fewer
 * columns than the model counts), so the model rules no mode out: it orders the first sampling
 * round, expected winner first, so that the clearly slower modes after it are dropped within half
 * a window. What rules modes out is measurement: the {@link io.ascan.scan.ScanMemory}. Over a
 * known link the model also gives bounds: what direct (and staging, by P's first column) cannot
 * exceed whatever the data, which skip a mode in a round and cap what a sample of it may claim.
 */
final class ModeCosts {
    /** Compute side: P per row, and the pipeline per passing row (the same in every mode), in ns. */
    static final double P_NS = 2, PIPELINE_NS = 10;
    /** Storage side (pushdown): the filter kernel per row, compaction per byte, in ns. */
    static final double FILTER_NS = 2, COPY_NS_PER_BYTE = 0.25;
    /**
     * Storage side: an R tested by its Bloom filter (no key bitmap), per row, in ns: hashing on the
     * storage threads costs more than the compute side saves (TPC-H q05), a bitmap's test little.
     */
    static final double BLOOM_NS = 8;
    static final int LINE = 64;

    private ModeCosts() {}

    /**
     * @param projected table columns of the scan's output
     * @param read      table columns read (the projection, then the columns only P reads)
     * @param units     the units the scan assigns modes to and measures (its slices, or morsels)
     */
    static ModePrior of(Table table, List<SliceMeta> slices, int[] projected, int[] read, Expr p, List<RuntimeFilter> filters,
                        Interconnect link, int storageThreads, int computeThreads, List<ScanMode> modes, long units) {
        ModePrior prior = of(table, slices, projected, read, p, filters, link.emulated() ? link.bandwidth() : 0, 0, false,
                storageThreads, computeThreads, modes);
        if (units <= 0 || prior == ModePrior.NONE) return prior;
        prior = perUnit(prior, slices, units);
        if (!link.emulated()) return prior;
        // What each mode charges the emulated link with whatever the data: its units cannot pass faster, on
        // average, than the link moves those bytes. Direct moves every read segment whole; staging at least
        // the lines of the column P tests first on every row (P's conjuncts may skip the others' lines).
        double all = 0, p0 = Double.POSITIVE_INFINITY;
        java.util.Set<Integer> tested = new java.util.HashSet<>();
        if (p != null) for (int c : p.columns()) tested.add(c);
        for (int c : read) {
            double stored = 0, lines = 0; // direct moves segments as stored (packed), staging lines of the expanded ones
            for (SliceMeta sl : slices) {
                stored += sl.segment(c).length();
                lines += sl.segment(c).decodedLength();
            }
            all += stored;
            if (tested.contains(c)) p0 = Math.min(p0, lines);
        }
        Map<ScanMode, Double> bounds = new EnumMap<>(ScanMode.class);
        double perByte = link.bandwidth() * (double) units;
        if (modes.contains(ScanMode.DIRECT) && all > 0) bounds.put(ScanMode.DIRECT, perByte / all);
        if (modes.contains(ScanMode.STAGING) && p0 > 0 && p0 < Double.POSITIVE_INFINITY) bounds.put(ScanMode.STAGING, perByte / p0);
        return new ModePrior(prior.throughput(), prior.excludable(), prior.source(), bounds);
    }

    /** The share of rows expected to pass P and R: P's from zone maps, each R's keys over its probe column's distinct values. */
    static double selectivity(Table table, List<SliceMeta> slices, int[] projected, Expr p, List<RuntimeFilter> filters) {
        double s = Selectivity.of(p, table, slices);
        for (RuntimeFilter f : filters) {
            long distinct = table.manifest().distinctCount(projected[f.columns()[0]]);
            if (f.keys() >= 0 && distinct > 0) s *= Math.min(1, (double) f.keys() / distinct);
        }
        return s;
    }

    /**
     * The order of magnitude of a selectivity ("1e-3" for 0.002), part of a scan's shape for the
     * {@link io.ascan.scan.ScanMemory}: scans with the same columns and number of R but R of other
     * selectivity (SSB q3.1 keeps 5% of {@code lineorder}, q3.2 0.2%) have other best modes, and
     * one's figures would start the other in the wrong mode.
     */
    static String selectivityClass(double s) {
        return s > 0 ? "1e" + (int) Math.floor(Math.log10(s) + 1e-9) : "0";
    }

    /**
     * The model over a storage node across a network: pull-up moves the read columns' encoded
     * segments, pushdown the passing rows of the projected columns decoded (as Arrow ships them:
     * dictionary-encoded strings as their text), both over a link of {@code bandwidth} bytes/s (0:
     * unknown, not the bound); pull-up moves at most {@code pullupBandwidth} bytes/s (the link, or what
     * the connection measured of its pull-ups where that is less; 0: unknown), which bounds it.
     */
    static ModePrior remote(Table table, List<SliceMeta> slices, int[] projected, int[] read, Expr p,
                            List<RuntimeFilter> filters, long bandwidth, long pullupBandwidth, int storageThreads,
                            int computeThreads, List<ScanMode> modes) {
        ModePrior prior = of(table, slices, projected, read, p, filters, bandwidth, pullupBandwidth, true, storageThreads,
                computeThreads, modes);
        // with R, a pulled-up slice is filtered at the scan (RuntimeFilteredPullup): both modes feed the pipeline alike
        return prior == ModePrior.NONE ? prior : perUnit(prior, slices, slices.size()).rowsAlike(!filters.isEmpty()).remote(true);
    }

    /** {@code prior}'s figures (rows/s) in units per second, as the scan measures them and as the bounds are. */
    private static ModePrior perUnit(ModePrior prior, List<SliceMeta> slices, long units) {
        long rows = 0;
        for (SliceMeta sl : slices) rows += sl.rowCount();
        double perUnit = (double) rows / units;
        Map<ScanMode, Double> throughput = new EnumMap<>(ScanMode.class);
        prior.throughput().forEach((m, t) -> throughput.put(m, t / perUnit));
        return new ModePrior(throughput, prior.excludable(), prior.source(), prior.bounds(), prior.rowsAlike(), prior.remote());
    }

    private static ModePrior of(Table table, List<SliceMeta> slices, int[] projected, int[] read, Expr p,
                                List<RuntimeFilter> filters, long linkBandwidth, long pullupBandwidth, boolean decoded,
                                int storageThreads, int computeThreads, List<ScanMode> modes) {
        long rows = 0;
        long[] bytes = new long[table.schema().size()]; // in memory, expanded: what staging and pushdown touch
        long[] stored = new long[table.schema().size()]; // as stored: what a direct read moves
        for (SliceMeta s : slices) {
            rows += s.rowCount();
            for (int c : read) {
                bytes[c] += s.segment(c).decodedLength();
                stored[c] += s.segment(c).length();
            }
        }
        if (rows == 0) return ModePrior.NONE;
        double sP = Selectivity.of(p, table, slices), s = selectivity(table, slices, projected, p, filters), bloom = 0;
        for (RuntimeFilter f : filters) if (f.bitmap() == null) bloom += BLOOM_NS;
        java.util.Set<Integer> pColumns = new java.util.HashSet<>();
        if (p != null) for (int c : p.columns()) pColumns.add(c);
        double readBytes = 0, projectedBytes = 0, touched = 0;
        for (int c : read) readBytes += (double) stored[c] / rows;
        for (int c : projected) projectedBytes += decoded ? decodedBytes(table, slices, c, bytes[c], rows) : (double) bytes[c] / rows;
        for (int c : read) {
            double perRow = (double) bytes[c] / rows;
            if (p == null || pColumns.contains(c)) touched += perRow;
            else touched += perRow * (1 - Math.pow(1 - s, Math.max(1, LINE / Math.max(perRow, 1e-9))));
        }
        double bandwidth = linkBandwidth > 0 ? linkBandwidth : Double.POSITIVE_INFINITY;
        double pullup = pullupBandwidth > 0 ? pullupBandwidth : bandwidth;
        double compute = Math.max(1, computeThreads), storage = Math.max(1, storageThreads);
        // Only pushdown applies R: direct and staging hand the pipeline every row passing P, which
        // its joins then drop (SSB q3.2 without P: 56.6 M rows probed against pushdown's 7.8 M).
        double pipeline = PIPELINE_NS * s / compute, unfiltered = PIPELINE_NS * sP / compute;
        // Over a storage node a pulled-up slice meets P and R at the scan, with pushdown's kernels on the
        // compute threads (RuntimeFilteredPullup): the pipeline takes only the rows passing both.
        double pulledUp = decoded && !filters.isEmpty()
                ? (FILTER_NS + bloom + COPY_NS_PER_BYTE * projectedBytes * s) / compute + pipeline
                : (p == null ? 0 : P_NS) / compute + unfiltered;
        Map<ScanMode, Double> throughput = new EnumMap<>(ScanMode.class);
        for (ScanMode m : modes) {
            double ns = switch (m) {
                case DIRECT -> Math.max(readBytes / pullup * 1e9, pulledUp);
                case STAGING -> Math.max(touched / bandwidth * 1e9, (p == null ? 0 : P_NS) / compute + unfiltered);
                case PUSHDOWN -> Math.max(projectedBytes * s / bandwidth * 1e9,
                        Math.max((FILTER_NS + bloom + COPY_NS_PER_BYTE * projectedBytes * s) / storage, pipeline));
            };
            throughput.put(m, 1e9 / Math.max(ns, 1e-3));
        }
        // Nothing is ruled out on the model alone: pushdown's storage-side work (P, R's Bloom filters) is
        // not bounded by these constants (one storage thread filtering R made it the slowest mode of
        // a query the model ranked it first for), so the model orders the round, measurements decide.
        String source = String.format(java.util.Locale.ROOT, "cost model, s=%.3f", s);
        if (!decoded || pullupBandwidth <= 0 || !modes.contains(ScanMode.DIRECT)) {
            return new ModePrior(throughput, java.util.Set.of(), source);
        }
        // Pull-up over a known link moves each slice's segments whole: its slices take at least their bytes'
        // time, so over the scan it averages at most the link (or the rate the connection's pull-ups
        // reached, where that is less) over a slice's mean bytes. Not the smallest slice's: a table's last
        // slice can be a sliver (lineitem's), whose bound rules out nothing.
        long total = 0;
        for (int c : read) total += stored[c];
        double mean = (double) total / slices.size();
        return new ModePrior(throughput, java.util.Set.of(), source,
                Map.of(ScanMode.DIRECT, pullupBandwidth / Math.max(1, mean)));
    }

    /**
     * Bytes per row of column {@code c} decoded, as a pushdown batch carries it: its type's width
     * (and a validity bit), for text an offset and the zone maps' mean of the shortest and longest
     * value's length; never less than the encoded bytes.
     */
    static double decodedBytes(Table table, List<SliceMeta> slices, int c, long encoded, long rows) {
        io.ascan.types.TypeKind k = table.schema().column(c).type().kind();
        double perRow;
        if (k.isFixedWidth()) {
            perRow = k.width() + 0.125;
        } else {
            long chars = 0, values = 0;
            for (SliceMeta s : slices) {
                if (s.segment(c).min() instanceof String lo && s.segment(c).max() instanceof String hi) {
                    chars += lo.length() + hi.length();
                    values += 2;
                }
            }
            perRow = 4.125 + (values == 0 ? 0 : (double) chars / values);
        }
        return Math.max(perRow, (double) encoded / rows);
    }
}
