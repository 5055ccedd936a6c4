package io.ascan.bench.harness;

import java.util.Collection;

/** The few statistics the harness reports: median, geometric mean, coefficient of variation. */
public final class Stats {
    private Stats() {}

    public static double median(Collection<? extends Number> values) {
        if (values.isEmpty()) throw new IllegalArgumentException("median of no values");
        double[] v = values.stream().mapToDouble(Number::doubleValue).sorted().toArray();
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** Geometric mean of positive values; NaN for none. */
    public static double geomean(Collection<Double> values) {
        if (values.isEmpty()) return Double.NaN;
        double logSum = 0;
        for (double d : values) {
            if (!(d > 0)) throw new IllegalArgumentException("geometric mean of a non-positive value: " + d);
            logSum += Math.log(d);
        }
        return Math.exp(logSum / values.size());
    }

    /** Sample standard deviation over mean; 0 for fewer than two values. */
    public static double cv(Collection<? extends Number> values) {
        int n = values.size();
        if (n < 2) return 0;
        double mean = values.stream().mapToDouble(Number::doubleValue).average().orElseThrow();
        double ss = values.stream().mapToDouble(x -> (x.doubleValue() - mean) * (x.doubleValue() - mean)).sum();
        return mean == 0 ? 0 : Math.sqrt(ss / (n - 1)) / mean;
    }
}
