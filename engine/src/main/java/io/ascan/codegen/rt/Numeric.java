package io.ascan.codegen.rt;

/**
 * ROUND, TRUNC, CEIL and FLOOR of every numeric type, as DuckDB computes them: halves round away
 * from zero (DOUBLE too, like C's round), a negative number of digits rounds left of the point.
 */
public final class Numeric {
    private Numeric() {}

    /** DOUBLE x rounded half away from zero to {@code digits} places (DuckDB: through x * 10^digits). */
    public static double round(double x, int digits) {
        if (Double.isNaN(x) || Double.isInfinite(x)) return x;
        if (digits == 0) return roundHalfAway(x);
        double m = Math.pow(10, digits);
        double r = roundHalfAway(x * m) / m;
        return Double.isFinite(r) ? r : x;
    }

    private static double roundHalfAway(double x) {
        double t = Math.floor(x), f = x - t;
        if (f > 0.5 || f == 0.5 && x > 0) return t + 1;
        return t;
    }

    /** DOUBLE x cut toward zero to {@code digits} places. */
    public static double trunc(double x, int digits) {
        if (Double.isNaN(x) || Double.isInfinite(x)) return x;
        if (digits == 0) return x < 0 ? Math.ceil(x) : Math.floor(x);
        double m = Math.pow(10, digits), y = x * m;
        double r = (y < 0 ? Math.ceil(y) : Math.floor(y)) / m;
        return Double.isFinite(r) ? r : x;
    }

    /**
     * An unscaled DECIMAL of scale {@code scale} (or an integer, scale 0) rounded ({@code mode}
     * 'r'), cut ('t'), raised ('c') or lowered ('f') to {@code digits} places, still at {@code
     * scale}; digits beyond what the value has change nothing.
     */
    public static long exact(long v, int scale, long digits, char mode, String what) {
        long drop = scale - digits; // decimal places to clear
        if (drop <= 0) return v;
        if (drop > 18) {
            if (mode == 'r' || mode == 't' || v == 0) return 0;
            if (mode == 'c' ? v < 0 : v > 0) return 0;
            throw SqlException.overflow(what); // 10^19 and beyond fits no long
        }
        long p = Decimals.POW10[(int) drop];
        long q = v / p, r = v % p;
        if (r != 0) {
            switch (mode) {
                case 'r' -> {
                    if (Math.abs(r) >= p - Math.abs(r)) q += v < 0 ? -1 : 1;
                }
                case 'c' -> {
                    if (r > 0) q++;
                }
                case 'f' -> {
                    if (r < 0) q--;
                }
                default -> { }
            }
        }
        long out = q * p;
        if (Math.multiplyHigh(q, p) != (out >> 63)) throw SqlException.overflow(what);
        return out;
    }

    /** LOG(base, x). */
    public static double log(double base, double x) {
        return Math.log(x) / Math.log(base);
    }
}
