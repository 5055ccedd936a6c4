package io.ascan.codegen.rt;

/**
 * VAR_POP, VAR_SAMP, STDDEV_POP and STDDEV_SAMP state in a group's row: the count of inputs,
 * their mean and the sum of squared deviations from it (three columns at the given addresses),
 * updated by Welford's method and merged by Chan's, as DuckDB computes them; never the
 * cancelling difference of sums of squares.
 */
public final class Variance {
    private Variance() {}

    /** Adds x to the state at (n, mean, m2). */
    public static void add(long n, long mean, long m2, double x) {
        long count = Mem.getLong(n) + 1;
        double m = Mem.getDouble(mean), delta = x - m;
        m += delta / count;
        Mem.putLong(n, count);
        Mem.putDouble(mean, m);
        Mem.putDouble(m2, Mem.getDouble(m2) + delta * (x - m));
    }

    /** Merges another state (count, mean, m2) into the state at (n, mean, m2). */
    public static void merge(long n, long mean, long m2, long count, double otherMean, double otherM2) {
        if (count == 0) return;
        long na = Mem.getLong(n);
        if (na == 0) {
            Mem.putLong(n, count);
            Mem.putDouble(mean, otherMean);
            Mem.putDouble(m2, otherM2);
            return;
        }
        long total = na + count;
        double ma = Mem.getDouble(mean), delta = otherMean - ma;
        Mem.putLong(n, total);
        Mem.putDouble(mean, ma + delta * count / total);
        Mem.putDouble(m2, Mem.getDouble(m2) + otherM2 + delta * delta * ((double) na * count / total));
    }

    /** The result of {@code function} (VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP) of a state that is not NULL ({@link #isNull}). */
    public static double result(String function, long n, double m2) {
        boolean sample = function.endsWith("SAMP");
        if (isNull(function, n)) return 0.0;
        double v = m2 / (sample ? n - 1 : n);
        if (v < 0) v = 0; // rounding of nearly equal inputs
        return function.startsWith("STDDEV") ? Math.sqrt(v) : v;
    }

    /** Whether {@code function} of a state of {@code n} inputs is NULL. */
    public static boolean isNull(String function, long n) {
        return n == 0 || function.endsWith("SAMP") && n == 1;
    }
}
