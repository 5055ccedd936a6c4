package io.ascan.cache;

import java.util.HashMap;
import java.util.Map;

/**
 * Weighted-LFU (FlexPushdownDB 4.2.2): each access adds the segment's weight, the time caching it
 * saves per byte against pushing its work down ({@link CostModel}), instead of LFU's 1/size; a
 * segment whose work pushdown does cheaply (a selective filter) is kept with lower priority than
 * one pushdown must ship whole. Values decay with a half-life counted in accesses, so that a
 * workload that moves on moves the cache with it.
 */
final class WlfuPolicy implements CachePolicy {
    /** Accesses after which an old access counts half: a few queries' worth of segments. */
    static final long DEFAULT_HALF_LIFE = 4096;

    private final double decayPerAccess;
    private final Map<SegmentId, double[]> values = new HashMap<>(); // {value, at access}
    private long clock;

    WlfuPolicy(long halfLife) {
        this.decayPerAccess = Math.pow(0.5, 1.0 / halfLife);
    }

    @Override
    public String name() {
        return "wlfu";
    }

    @Override
    public void accessed(SegmentId id, long bytes, double weight) {
        clock++;
        double[] v = values.computeIfAbsent(id, k -> new double[] {0, clock});
        v[0] = decayed(v) + weight;
        v[1] = clock;
    }

    @Override
    public double value(SegmentId id) {
        double[] v = values.get(id);
        return v == null ? 0 : decayed(v);
    }

    private double decayed(double[] v) {
        return v[0] * Math.pow(decayPerAccess, clock - v[1]);
    }
}
