package io.ascan.scan.materializer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Which runtime filters R a pushdown kernel applies, and in what order. A join chain publishes one
 * Bloom filter per join, and their pass rates differ by orders of magnitude (a dimension filtered
 * to 1% next to one not filtered at all), and so do their costs: a filter the caches hold costs a
 * hash per test, a large one also a cache miss. Each filter runs over the tuples the ones before
 * it kept, so they go in the order of cost per tuple removed, {@code cost / (1 - pass rate)}
 * (the classic order for independent filters), and a filter that keeps nearly every tuple costs a
 * test per tuple and saves nothing, so it is left out (R is conservative: leaving one out changes
 * no result, the join still checks its keys). Pass rates are measured, each filter on its own, on
 * the first rows of the first slice pushdown materializes; the cost is modelled from the size.
 */
public final class RuntimeFilterOrder {
    /** Rows of the first slice each filter is measured on. */
    public static final int SAMPLE_ROWS = 4096;
    /** A filter keeping more than this fraction of the sample is left out. */
    public static final double USELESS = 0.9;

    private RuntimeFilterOrder() {}

    /** Filter size up to which a test is taken to cost one hash; larger ones cost one more per this many bytes. */
    public static final long CACHED_BYTES = 1L << 20;

    /** Indexes of the filters to apply, in order, given each one's measured pass rate and its size in bytes. */
    public static int[] of(double[] passRates, long[] bytes) {
        List<Integer> kept = new ArrayList<>();
        for (int f = 0; f < passRates.length; f++) if (passRates[f] <= USELESS) kept.add(f);
        kept.sort(Comparator.comparingDouble((Integer f) -> rank(passRates[f], bytes[f])).thenComparingInt(f -> f));
        return kept.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Whether the first runtime filter (pass rate {@code passRate}, {@code bytes} in size) runs
     * before P ({@code predicatePassRate}, {@code conjuncts} conjuncts, each costing about one
     * test): by the same cost per tuple removed. TPC-H q03's {@code lineitem} scan keeps 54% of
     * its tuples by P (one date compare) and 10% by R (one bit of a 750 KB key bitmap): R first
     * tests 6 M keys and then 0.6 M dates, P first 6 M dates and then 3.2 M keys, through the
     * selection vector (a microbenchmark of these two loops: 0.70-0.74x the time R first).
     */
    public static boolean beforePredicate(double passRate, long bytes, double predicatePassRate, int conjuncts) {
        return rank(passRate, bytes) < Math.max(1, conjuncts) / Math.max(1 - predicatePassRate, 1e-9);
    }

    /** Modelled cost of a test per tuple it removes. */
    static double rank(double passRate, long bytes) {
        double cost = 1 + (double) bytes / CACHED_BYTES;
        return cost / Math.max(1 - passRate, 1e-9);
    }
}
