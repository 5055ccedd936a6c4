package io.ascan.codegen.rt;

/**
 * The state of COVAR_POP, COVAR_SAMP, CORR and the REGR_ functions of pairs (y, x) in a group's
 * row: the count, both means, both sums of squared deviations and the co-moment (six columns at
 * the given addresses), updated by Welford's method and merged by Chan's, as DuckDB computes
 * them; never the cancelling difference of sums of products. The results follow DuckDB's
 * finalizers: 0 / 0 is NaN where DuckDB divides, NULL where DuckDB returns NULL.
 */
public final class CoMoment {
    private CoMoment() {}

    /** Adds the pair (y, x) to the state at (n, mean y, mean x, m2 y, m2 x, co-moment). */
    public static void add(long n, long meanY, long meanX, long m2y, long m2x, long c, double y, double x) {
        long count = Mem.getLong(n) + 1;
        double my = Mem.getDouble(meanY), mx = Mem.getDouble(meanX);
        double dy = y - my, dx = x - mx;
        my += dy / count;
        mx += dx / count;
        Mem.putLong(n, count);
        Mem.putDouble(meanY, my);
        Mem.putDouble(meanX, mx);
        Mem.putDouble(m2y, Mem.getDouble(m2y) + dy * (y - my));
        Mem.putDouble(m2x, Mem.getDouble(m2x) + dx * (x - mx));
        Mem.putDouble(c, Mem.getDouble(c) + dx * (y - my));
    }

    /** Merges another state (count, mean y, mean x, m2 y, m2 x, co-moment) into the state at the six addresses. */
    public static void merge(long n, long meanY, long meanX, long m2y, long m2x, long c,
                             long count, double oMeanY, double oMeanX, double oM2y, double oM2x, double oC) {
        if (count == 0) return;
        long na = Mem.getLong(n);
        if (na == 0) {
            Mem.putLong(n, count);
            Mem.putDouble(meanY, oMeanY);
            Mem.putDouble(meanX, oMeanX);
            Mem.putDouble(m2y, oM2y);
            Mem.putDouble(m2x, oM2x);
            Mem.putDouble(c, oC);
            return;
        }
        long total = na + count;
        double my = Mem.getDouble(meanY), mx = Mem.getDouble(meanX);
        double dy = oMeanY - my, dx = oMeanX - mx, w = (double) na * count / total;
        Mem.putLong(n, total);
        Mem.putDouble(meanY, my + dy * count / total);
        Mem.putDouble(meanX, mx + dx * count / total);
        Mem.putDouble(m2y, Mem.getDouble(m2y) + oM2y + dy * dy * w);
        Mem.putDouble(m2x, Mem.getDouble(m2x) + oM2x + dx * dx * w);
        Mem.putDouble(c, Mem.getDouble(c) + oC + dx * dy * w);
    }

    /** Whether {@code function} (an AggregateNode.Function's name) of the state is NULL. */
    public static boolean isNull(String function, long n, double m2x, double c) {
        return switch (function) {
            case "REGR_COUNT" -> false;
            case "COVAR_SAMP" -> n < 2;
            case "REGR_R2" -> n == 0 || variance(n, m2x) == 0;
            case "REGR_INTERCEPT" -> n == 0 || Double.isNaN(slope(n, m2x, c));
            default -> n == 0;
        };
    }

    /** The DOUBLE result of {@code function} of a state that is not NULL ({@link #isNull}). */
    public static double result(String function, long n, double meanY, double meanX, double m2y, double m2x, double c) {
        if (isNull(function, n, m2x, c)) return 0.0;
        return switch (function) {
            case "COVAR_POP" -> c / n;
            case "COVAR_SAMP" -> c / (n - 1);
            case "CORR" -> corr(n, m2y, m2x, c);
            case "REGR_SLOPE" -> slope(n, m2x, c);
            case "REGR_INTERCEPT" -> meanY - slope(n, m2x, c) * meanX;
            case "REGR_R2" -> {
                if (variance(n, m2y) == 0) yield 1.0;
                double r = corr(n, m2y, m2x, c);
                yield r * r;
            }
            case "REGR_AVGX" -> meanX;
            case "REGR_AVGY" -> meanY;
            case "REGR_SXX" -> variance(n, m2x) * n;
            case "REGR_SYY" -> variance(n, m2y) * n;
            case "REGR_SXY" -> c / n * n;
            default -> throw new IllegalArgumentException(function);
        };
    }

    /** The population variance (0 for one value), as DuckDB's finalizers take it. */
    private static double variance(long n, double m2) {
        return n > 1 ? m2 / n : 0;
    }

    private static double slope(long n, double m2x, double c) {
        return c / n / variance(n, m2x);
    }

    private static double corr(long n, double m2y, double m2x, double c) {
        return c / n / (Math.sqrt(variance(n, m2x)) * Math.sqrt(variance(n, m2y)));
    }
}
