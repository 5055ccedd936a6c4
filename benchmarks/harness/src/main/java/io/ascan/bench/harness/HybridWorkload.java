package io.ascan.bench.harness;

import io.ascan.planner.BenchmarkQueries;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The random query generator of FlexPushdownDB's section 8.2 over the SSB templates: each query is
 * one of the 13 SSB queries restricted to a range of {@code lineorder} drawn by recency, with a
 * second lineorder predicate of drawn selectivity (the paper's mixed selectivities). Recency is the
 * position in lineorder: its rows are stored in orderkey order (the generator's lo_orderdate is not
 * clustered, so zone maps could not skip by it), split into {@link #BUCKETS} ranges of orderkeys,
 * the newest first; the range a query reads starts at a bucket of Zipfian rank (skew θ: P(rank r)
 * ∝ r^-θ; θ = 0 is uniform, θ = 2 puts about 90% of the queries in the newest 20% of the data) and
 * spans one or two buckets.
 */
public final class HybridWorkload {
    static final int BUCKETS = 20;
    /** lo_quantity is uniform on 1..50: these bounds keep about 2%, 20%, 50% and all of the tuples. */
    static final int[] QUANTITY_BOUNDS = {2, 11, 26, 51};

    /** One generated query: its template (an SSB query name) and text. */
    public record Query(String template, String sql) {}

    private HybridWorkload() {}

    /** {@code n} queries with skew {@code theta} over orderkeys 1..{@code maxOrderKey}, from {@code seed}. */
    public static List<Query> generate(int n, double theta, long maxOrderKey, long seed) {
        Random random = new Random(seed);
        List<String> templates = BenchmarkQueries.names("ssb");
        double[] cumulative = zipf(theta, BUCKETS);
        long width = Math.max(1, maxOrderKey / BUCKETS);
        List<Query> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String t = templates.get(random.nextInt(templates.size()));
            int rank = rank(cumulative, random.nextDouble()); // 1 = the newest bucket
            int span = 1 + random.nextInt(2);
            long hi = maxOrderKey - (rank - 1) * width, lo = Math.max(1, hi - span * width + 1);
            int quantity = QUANTITY_BOUNDS[random.nextInt(QUANTITY_BOUNDS.length)];
            String sql = BenchmarkQueries.text("ssb", t).replaceFirst("WHERE ",
                    "WHERE lo_orderkey BETWEEN " + lo + " AND " + hi + " AND lo_quantity < " + quantity + " AND ");
            out.add(new Query(t, sql));
        }
        return out;
    }

    /** Cumulative probabilities of ranks 1..n under a Zipfian distribution of skew {@code theta}. */
    static double[] zipf(double theta, int n) {
        double[] c = new double[n];
        double sum = 0;
        for (int r = 1; r <= n; r++) c[r - 1] = sum += Math.pow(r, -theta);
        for (int i = 0; i < n; i++) c[i] /= sum;
        return c;
    }

    static int rank(double[] cumulative, double u) {
        for (int i = 0; i < cumulative.length; i++) if (u < cumulative[i]) return i + 1;
        return cumulative.length;
    }
}
