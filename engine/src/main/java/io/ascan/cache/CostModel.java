package io.ascan.cache;

/**
 * FlexPushdownDB's cost model (section 4.2.2, Eqs. 1-4) for the weight of a segment: the time
 * pushing its work down takes, per byte, fed with rates this engine measures on its link rather
 * than constants. Pull-up slices measure the network (bytes/s); pushdown slices measure the storage
 * node's scan (bytes/s) and filter (tuples x predicates / s) rates together, from what remains of
 * a slice's time after its result's transfer, split in proportion to the current estimates. The
 * rates are exponentially weighted moving averages; until a kind of slice has been seen, a prior
 * stands in (a 10 Gbit/s link, a storage node scanning 2 GB/s and filtering 500 M tuple-predicates/s).
 * Thread-safe.
 */
public final class CostModel {
    static final double PRIOR_NET = 1.25e9;
    static final double PRIOR_SCAN = 2e9;
    static final double PRIOR_FILTER = 5e8;
    /** Weight of a new measurement in the averages. */
    static final double ALPHA = 0.2;

    private double net = PRIOR_NET;
    private double scan = PRIOR_SCAN;
    private double filter = PRIOR_FILTER;
    private long netSamples;
    private long nodeSamples;

    /** A pull-up moved {@code bytes} over the link in {@code nanos}. */
    public synchronized void pulled(long bytes, long nanos) {
        if (bytes <= 0 || nanos <= 0) return;
        net = average(net, bytes / (nanos / 1e9), netSamples++);
    }

    /**
     * A pushdown of a slice: the node read {@code rawBytes} of {@code rows} tuples, evaluated
     * {@code predicates} predicates on each and shipped {@code outBytes}, in {@code nanos} end to end.
     */
    public synchronized void pushedDown(long rawBytes, long rows, int predicates, long outBytes, long nanos) {
        if (nanos <= 0 || rawBytes <= 0) return;
        double remaining = nanos / 1e9 - outBytes / net;
        double scanTime = rawBytes / scan, filterTime = (double) rows * predicates / filter;
        double estimate = scanTime + filterTime;
        if (remaining <= 0 || estimate <= 0) return;
        double factor = remaining / estimate; // how much slower than estimated the node was
        scan = average(scan, scan / factor, nodeSamples);
        if (predicates > 0 && rows > 0) filter = average(filter, filter / factor, nodeSamples);
        nodeSamples++;
    }

    private static double average(double old, double sample, long samples) {
        return samples == 0 ? sample : (1 - ALPHA) * old + ALPHA * sample;
    }

    /**
     * Eq. 1: seconds pushing down the work on one segment of {@code size} bytes and {@code rows}
     * tuples costs, per byte. {@code predicates} is the number of P's conjuncts on its column, and
     * {@code shipped} the fraction of its bytes pushdown returns (P's selectivity for a projected
     * column, 0 for a column only P reads).
     */
    public synchronized double weight(long size, long rows, int predicates, double shipped) {
        if (size <= 0) return 0;
        double tNet = shipped * size / net;          // Eq. 2
        double tScan = size / scan;                  // Eq. 3, the segment's share of the tuples' bytes
        double tCompute = (double) rows * predicates / filter; // Eq. 4
        return (tNet + tScan + tCompute) / size;
    }

    /**
     * Seconds a route of a slice is estimated to take: {@code shipped} bytes over the link, {@code scanned}
     * bytes read by the node and {@code filtered} tuple-predicates it evaluates (the terms of Eqs. 2-4).
     */
    public synchronized double seconds(double shipped, double scanned, double filtered) {
        return shipped / net + scanned / scan + filtered / filter;
    }

    /** The rates in use: network and scan bytes/s, filter tuple-predicates/s. */
    public synchronized double[] rates() {
        return new double[] {net, scan, filter};
    }
}
