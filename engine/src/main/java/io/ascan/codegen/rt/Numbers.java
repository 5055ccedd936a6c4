package io.ascan.codegen.rt;

/**
 * Number parsing and formatting between UTF-8 text and the engine's representations, following
 * DuckDB's casts: surrounding spaces are ignored, a fractional part is rounded HALF_UP when the
 * target has fewer digits, and text that is not a number is an error naming the text.
 */
public final class Numbers {
    private Numbers() {}

    /** Decimal digits of v into scratch; length in lastLength. */
    public static long formatLong(StringScratch scratch, long v) {
        long out = scratch.allocate(20);
        long n = v < 0 ? v : -v;
        int pos = 19;
        do {
            Mem.putByte(out + pos--, (byte) ('0' - (n % 10)));
            n /= 10;
        } while (n != 0);
        if (v < 0) Mem.putByte(out + pos--, (byte) '-');
        int len = 19 - pos;
        Mem.copy(out + pos + 1, out, len);
        scratch.shrinkLast(len);
        return out;
    }

    /**
     * DOUBLE as DuckDB prints it: shortest round-trip digits, plain notation for exponents
     * -5 < e < 16 ("100.0", "0.0001"), otherwise "1e+16", "1.5e-07". Goes through a Java String.
     */
    public static String formatDouble(double v) {
        if (Double.isNaN(v)) return "nan";
        if (Double.isInfinite(v)) return v > 0 ? "inf" : "-inf";
        java.math.BigDecimal d = new java.math.BigDecimal(Double.toString(v)).stripTrailingZeros();
        if (v == 0) return (1 / v < 0) ? "-0.0" : "0.0";
        int exp = d.precision() - d.scale() - 1; // decimal exponent of the leading digit
        if (exp >= -5 + 1 && exp < 16) {
            String s = d.toPlainString();
            return s.indexOf('.') < 0 ? s + ".0" : s;
        }
        String digits = d.unscaledValue().abs().toString();
        StringBuilder sb = new StringBuilder();
        if (v < 0) sb.append('-');
        sb.append(digits.charAt(0));
        if (digits.length() > 1) sb.append('.').append(digits, 1, digits.length());
        sb.append('e').append(exp < 0 ? '-' : '+');
        int ae = Math.abs(exp);
        if (ae < 10) sb.append('0');
        return sb.append(ae).toString();
    }

    /** Text to a long at {@code scale} decimal places (0 for integers), HALF_UP; null-free. */
    public static long parseScaled(long a, int la, int scale, String type) {
        int i = 0, end = la;
        while (i < end && isSpace(Mem.getByte(a + i))) i++;
        while (end > i && isSpace(Mem.getByte(a + end - 1))) end--;
        boolean neg = false;
        if (i < end && (Mem.getByte(a + i) == '-' || Mem.getByte(a + i) == '+')) neg = Mem.getByte(a + i++) == '-';
        long v = 0; // accumulated negatively: Long.MIN_VALUE parses
        int digits = 0, fraction = -1, roundDigit = -1;
        boolean overflow = false;
        for (; i < end; i++) {
            byte c = Mem.getByte(a + i);
            if (c == '.' && fraction < 0) {
                fraction = 0;
                continue;
            }
            if (c < '0' || c > '9') throw bad(a, la, type);
            digits++;
            if (fraction >= 0 && fraction == scale) { // first dropped digit decides rounding
                if (roundDigit < 0) roundDigit = c - '0';
                continue;
            }
            if (fraction >= 0) fraction++;
            if (v < (Long.MIN_VALUE + (c - '0')) / 10) overflow = true;
            v = v * 10 - (c - '0');
        }
        if (digits == 0) throw bad(a, la, type);
        for (int f = Math.max(fraction, 0); f < scale; f++) {
            if (v < Long.MIN_VALUE / 10) overflow = true;
            v *= 10;
        }
        if (roundDigit >= 5) v -= 1;
        if (overflow || (!neg && v == Long.MIN_VALUE)) throw outOfRange(a, la, type);
        return neg ? v : -v;
    }

    public static int parseInt(long a, int la) {
        long v = parseScaled(a, la, 0, "INTEGER");
        if (v != (int) v) throw outOfRange(a, la, "INTEGER");
        return (int) v;
    }

    public static long parseLong(long a, int la) {
        return parseScaled(a, la, 0, "BIGINT");
    }

    public static long parseDecimal(long a, int la, int precision, int scale) {
        String type = "DECIMAL(" + precision + "," + scale + ")";
        long v = parseScaled(a, la, scale, type);
        if (precision < 19 && (v >= Decimals.POW10[precision] || v <= -Decimals.POW10[precision])) throw outOfRange(a, la, type);
        return v;
    }

    public static double parseDouble(long a, int la) {
        String s = Strings.toJava(a, la).strip();
        try {
            if (s.isEmpty() || s.endsWith("d") || s.endsWith("D") || s.endsWith("f") || s.endsWith("F")) throw new NumberFormatException();
            return switch (s.toLowerCase(java.util.Locale.ROOT)) {
                case "nan" -> Double.NaN;
                case "inf", "infinity", "+inf", "+infinity" -> Double.POSITIVE_INFINITY;
                case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
                default -> Double.parseDouble(s);
            };
        } catch (NumberFormatException e) {
            throw bad(a, la, "DOUBLE");
        }
    }

    /** true/t/yes/y/1 and false/f/no/n/0, case-insensitive, as DuckDB accepts. */
    public static boolean parseBoolean(long a, int la) {
        String s = Strings.toJava(a, la).toLowerCase(java.util.Locale.ROOT);
        return switch (s) {
            case "true", "t", "yes", "y", "1" -> true;
            case "false", "f", "no", "n", "0" -> false;
            default -> throw bad(a, la, "BOOLEAN");
        };
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r';
    }

    private static SqlException bad(long a, int la, String type) {
        return SqlException.badCast("cannot cast '" + Strings.toJava(a, la) + "' to " + type);
    }

    private static SqlException outOfRange(long a, int la, String type) {
        return SqlException.outOfRange("value '" + Strings.toJava(a, la) + "' is out of range for " + type);
    }
}
