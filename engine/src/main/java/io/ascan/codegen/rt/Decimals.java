package io.ascan.codegen.rt;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Exact DECIMAL arithmetic on unscaled longs (precision at most 18). Rounding is HALF_UP (away
 * from zero at .5), as PostgreSQL and DuckDB round numerics. Results that do not fit the target
 * precision are errors, never wrapped or truncated.
 */
public final class Decimals {
    public static final long[] POW10 = new long[19];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) POW10[i] = POW10[i - 1] * 10;
    }

    private Decimals() {}

    /** v * 10^up, overflow an error. */
    public static long scaleUp(long v, int up, String what) {
        if (up == 0) return v;
        if (up > 18) {
            if (v == 0) return 0;
            throw SqlException.overflow(what);
        }
        long r = v * POW10[up];
        if (Math.multiplyHigh(v, POW10[up]) != (r >> 63)) throw SqlException.overflow(what);
        return r;
    }

    /** v / 10^down rounded HALF_UP. */
    public static long scaleDown(long v, int down) {
        if (down == 0) return v;
        if (down > 18) return 0;
        long p = POW10[down];
        long q = v / p, r = v % p;
        long twice = Math.abs(r) * 2; // |r| < 10^18, so twice fits
        if (twice >= p) q += v < 0 ? -1 : 1;
        return q;
    }

    /** Unscaled v from scale {@code from} to scale {@code to}, HALF_UP when dropping digits. */
    public static long rescale(long v, int from, int to, String what) {
        return to >= from ? scaleUp(v, to - from, what) : scaleDown(v, from - to);
    }

    /** An integer as DECIMAL(precision, scale); one that does not fit is an error naming it. */
    public static long fromLong(long v, int scale, int precision, String what) {
        long r = v * POW10[scale];
        if ((scale > 0 && Math.multiplyHigh(v, POW10[scale]) != (r >> 63)) || (precision < 19 && (r >= POW10[precision] || r <= -POW10[precision]))) {
            throw SqlException.outOfRange("value " + v + " is out of range for DECIMAL(" + precision + "," + scale + ") in " + what);
        }
        return r;
    }

    /** Fails unless |v| < 10^precision. */
    public static long check(long v, int precision, String what) {
        if (precision < 19 && (v >= POW10[precision] || v <= -POW10[precision])) {
            throw SqlException.outOfRange("value out of range for DECIMAL(" + precision + ") in " + what);
        }
        return v;
    }

    /**
     * a (scale sa) * b (scale sb) at scale {@code scale}: a smaller scale a plan asks for rounds
     * HALF_UP, but where sa + sb exceeds the 18 digits the engine holds (SQL's {@code DECIMAL(18,10) *
     * DECIMAL(18,10)} has scale 18, DuckDB's 20) the digits beyond are an error, not rounded away.
     */
    public static long multiply(long a, int sa, long b, int sb, int scale, String what) {
        long hi = Math.multiplyHigh(a, b), lo = a * b;
        int productScale = sa + sb;
        if (hi == (lo >> 63)) {
            if (scale >= productScale) return scaleUp(lo, scale - productScale, what);
            int drop = productScale - scale;
            if (productScale <= 18) return scaleDown(lo, drop);
            if (drop <= 18 ? lo % POW10[drop] == 0 : lo == 0) return drop <= 18 ? lo / POW10[drop] : 0;
            throw tooManyPlaces(productScale, scale, what);
        }
        BigDecimal r = new BigDecimal(BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)), productScale);
        if (productScale <= 18) return exact(r.setScale(scale, RoundingMode.HALF_UP), what);
        try {
            return exact(r.setScale(scale, RoundingMode.UNNECESSARY), what);
        } catch (ArithmeticException e) {
            throw tooManyPlaces(productScale, scale, what);
        }
    }

    private static SqlException tooManyPlaces(int productScale, int scale, String what) {
        return SqlException.outOfRange("value needs " + productScale + " decimal places, more than the " + scale
                + " the engine holds, in " + what);
    }

    /** a (scale sa) / b (scale sb) at scale {@code scale}, HALF_UP; division by zero an error. */
    public static long divide(long a, int sa, long b, int sb, int scale, String what) {
        if (b == 0) throw SqlException.divisionByZero(what);
        // a/10^sa / (b/10^sb) * 10^scale = a * 10^(scale - sa + sb) / b
        int shift = scale - sa + sb;
        if (shift >= 0 && shift <= 18) {
            long p = POW10[shift];
            long hi = Math.multiplyHigh(a, p), n = a * p;
            if (hi == (n >> 63) && n != Long.MIN_VALUE) {
                long q = n / b, r = n % b;
                if (r != 0 && Math.abs(r) >= Math.abs(b) - Math.abs(r)) q += (n < 0) == (b < 0) ? 1 : -1;
                return q;
            }
        }
        BigDecimal x = new BigDecimal(BigInteger.valueOf(a), sa), y = new BigDecimal(BigInteger.valueOf(b), sb);
        return exact(x.divide(y, scale, RoundingMode.HALF_UP), what);
    }

    /** MOD with the dividend's sign (truncated), operands and result at a common scale. */
    public static long mod(long a, long b, String what) {
        if (b == 0) throw SqlException.divisionByZero(what);
        return b == -1 ? 0 : a % b;
    }

    /** Compares a (scale sa) with b (scale sb) exactly. */
    public static int compare(long a, int sa, long b, int sb) {
        if (sa == sb) return Long.compare(a, b);
        if (sa < sb) return -compare(b, sb, a, sa);
        int up = sa - sb; // bring b up to scale sa; if that overflows, b dominates
        if (up > 18) return b == 0 ? Long.signum(a) : -Long.signum(b);
        long p = POW10[up];
        long hi = Math.multiplyHigh(b, p), lo = b * p;
        if (hi != (lo >> 63)) return -Long.signum(b);
        return Long.compare(a, lo);
    }

    public static double toDouble(long v, int scale) {
        return scale == 0 ? v : v / (double) POW10[scale];
    }

    /** double to unscaled at {@code scale}, HALF_UP on the scaled double; NaN/infinite/too large an error. */
    public static long fromDouble(double v, int scale, int precision, String what) {
        double x = v * POW10[scale];
        if (Double.isNaN(x) || Math.abs(x) >= 9.2e18) throw SqlException.outOfRange("value out of range for DECIMAL(" + precision
                + "," + scale + ") in " + what);
        long r = Math.round(Math.abs(x)); // half up in magnitude
        return check(v < 0 ? -r : r, precision, what);
    }

    public static String format(long v, int scale) {
        return BigDecimal.valueOf(v, scale).toPlainString();
    }

    /** Unscaled digits as text into scratch ("-12.30" for -1230 at scale 2); length in lastLength. */
    public static long format(StringScratch scratch, long v, int scale) {
        if (scale == 0) return Numbers.formatLong(scratch, v);
        long out = scratch.allocate(21 + 1);
        boolean neg = v < 0;
        long n = neg ? v : -v; // digits from a non-positive value: no overflow at Long.MIN_VALUE
        int pos = 21; // written right to left into [out, out + 22), then moved to the front
        int written = 0;
        while (n != 0 || written <= scale) {
            if (written == scale && scale > 0) {
                Mem.putByte(out + pos--, (byte) '.');
            }
            Mem.putByte(out + pos--, (byte) ('0' - (n % 10)));
            n /= 10;
            written++;
        }
        if (neg) Mem.putByte(out + pos--, (byte) '-');
        int len = 21 - pos;
        Mem.copy(out + pos + 1, out, len);
        scratch.shrinkLast(len);
        return out;
    }

    private static long exact(BigDecimal r, String what) {
        try {
            return r.unscaledValue().longValueExact();
        } catch (ArithmeticException e) {
            throw SqlException.overflow(what);
        }
    }
}
