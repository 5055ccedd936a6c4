package io.ascan.codegen.rt;

/**
 * Text functions on UTF-8 (address, length) values, each result written into the scratch
 * ({@link StringScratch#lastLength()} is its length). Positions and lengths count characters
 * (code points), as DuckDB and PostgreSQL do.
 */
public final class Text {
    private Text() {}

    private static long copy(StringScratch scratch, long a, int from, int to) {
        long out = scratch.allocate(to - from);
        Mem.copy(a + from, out, to - from);
        return out;
    }

    /** Whether the code point at byte {@code i} of a is one of the characters of c. */
    private static boolean oneOf(long a, int i, int n, long c, int lc) {
        for (int j = 0; j < lc; ) {
            int m = Math.min(Strings.codePointBytes(Mem.getByte(c + j)), lc - j);
            if (m == n && Strings.equals(a + i, n, c + j, m)) return true;
            j += m;
        }
        return false;
    }

    /** LTRIM ({@code left}), RTRIM ({@code right}) or both: the characters of c removed from the ends of a. */
    public static long trim(StringScratch scratch, long a, int la, long c, int lc, boolean left, boolean right) {
        int from = 0, to = la;
        if (left) {
            while (from < to) {
                int n = Math.min(Strings.codePointBytes(Mem.getByte(a + from)), to - from);
                if (!oneOf(a, from, n, c, lc)) break;
                from += n;
            }
        }
        if (right) {
            while (to > from) {
                int start = to - 1;
                while (start > from && (Mem.getByte(a + start) & 0xC0) == 0x80) start--;
                if (!oneOf(a, start, to - start, c, lc)) break;
                to = start;
            }
        }
        return copy(scratch, a, from, to);
    }

    /** Every occurrence of f in a replaced by t; an empty f replaces nothing. */
    public static long replace(StringScratch scratch, long a, int la, long f, int lf, long t, int lt) {
        if (lf == 0) return copy(scratch, a, 0, la);
        int count = 0;
        for (int i = Strings.indexOf(a, la, f, lf, 0); i >= 0; i = Strings.indexOf(a, la, f, lf, i + lf)) count++;
        long out = scratch.allocate(Math.toIntExact(la + (long) count * (lt - lf)));
        int o = 0, at = 0;
        for (int i = Strings.indexOf(a, la, f, lf, 0); i >= 0; i = Strings.indexOf(a, la, f, lf, i + lf)) {
            Mem.copy(a + at, out + o, i - at);
            o += i - at;
            Mem.copy(t, out + o, lt);
            o += lt;
            at = i + lf;
        }
        Mem.copy(a + at, out + o, la - at);
        return out;
    }

    /** 1-based character position of the first s in a, 0 when there is none (1 for an empty s). */
    public static int strpos(long a, int la, long s, int ls) {
        int i = Strings.indexOf(a, la, s, ls, 0);
        return i < 0 ? 0 : Strings.charLength(a, i) + 1;
    }

    /** LPAD ({@code left}) or RPAD: a cut or filled with fill to n characters. */
    public static long pad(StringScratch scratch, long a, int la, long n, long fill, int lf, boolean left, String what) {
        if (n <= 0) return scratch.allocate(0);
        int chars = Strings.charLength(a, la);
        if (n <= chars) return copy(scratch, a, 0, Strings.codePointOffset(a, la, n));
        if (lf == 0) throw new SqlException("22023", "insufficient padding in " + what);
        long missing = n - chars;
        int fillChars = Strings.charLength(fill, lf);
        long whole = missing / fillChars;
        int rest = Strings.codePointOffset(fill, lf, missing % fillChars);
        long bytes = la + whole * lf + rest;
        if (bytes > Integer.MAX_VALUE - 16) throw SqlException.outOfRange("result of " + what + " is too long");
        long out = scratch.allocate((int) bytes);
        long o = left ? out : out + la;
        for (long k = 0; k < whole; k++, o += lf) Mem.copy(fill, o, lf);
        Mem.copy(fill, o, rest);
        Mem.copy(a, left ? out + bytes - la : out, la);
        return out;
    }

    /** The first n characters ({@code left}) or the last n; a negative n drops -n from the other end. */
    public static long leftRight(StringScratch scratch, long a, int la, long n, boolean left) {
        int chars = Strings.charLength(a, la);
        long keep = n >= 0 ? Math.min(n, chars) : Math.max(0, chars + n);
        return left ? copy(scratch, a, 0, Strings.codePointOffset(a, la, keep))
                : copy(scratch, a, Strings.codePointOffset(a, la, chars - keep), la);
    }

    /** The characters of a in reverse order. */
    public static long reverse(StringScratch scratch, long a, int la) {
        long out = scratch.allocate(la);
        for (int i = 0; i < la; ) {
            int n = Math.min(Strings.codePointBytes(Mem.getByte(a + i)), la - i);
            Mem.copy(a + i, out + la - i - n, n);
            i += n;
        }
        return out;
    }

    /** a repeated n times (none for n ≤ 0). */
    public static long repeat(StringScratch scratch, long a, int la, long n, String what) {
        if (n <= 0 || la == 0) return scratch.allocate(0);
        if (n * la > Integer.MAX_VALUE - 16) throw SqlException.outOfRange("result of " + what + " is too long");
        long out = scratch.allocate((int) (n * la));
        for (long k = 0; k < n; k++) Mem.copy(a, out + k * la, la);
        return out;
    }

    /**
     * The n-th part of a split at d (1-based; from the end for a negative n); '' when there is no
     * such part or n is 0. An empty d splits a into its characters (DuckDB).
     */
    public static long splitPart(StringScratch scratch, long a, int la, long d, int ld, long n) {
        if (n == 0) return scratch.allocate(0);
        // the parts' boundaries: start of each part
        int parts = 1;
        if (ld == 0) {
            parts = Math.max(1, Strings.charLength(a, la));
        } else {
            for (int i = Strings.indexOf(a, la, d, ld, 0); i >= 0; i = Strings.indexOf(a, la, d, ld, i + ld)) parts++;
        }
        long k = n > 0 ? n - 1 : parts + n;
        if (k < 0 || k >= parts) return scratch.allocate(0);
        if (ld == 0) {
            if (la == 0) return scratch.allocate(0);
            int from = Strings.codePointOffset(a, la, k);
            return copy(scratch, a, from, Strings.codePointOffset(a, la, k + 1));
        }
        int from = 0;
        for (long p = 0; p < k; p++) from = Strings.indexOf(a, la, d, ld, from) + ld;
        int to = Strings.indexOf(a, la, d, ld, from);
        return copy(scratch, a, from, to < 0 ? la : to);
    }

    /** CONCAT's pieces: b appended to the scratch's last allocation a (of length la). */
    public static long append(StringScratch scratch, long a, int la, long b, int lb) {
        long out = scratch.allocate(la + lb);
        Mem.copy(a, out, la);
        Mem.copy(b, out + la, lb);
        return out;
    }
    /** ASCII(a): the code point of a's first character, 0 for ''. */
    public static int ascii(long a, int la) {
        if (la == 0) return 0;
        return Strings.decode(a, Math.min(Strings.codePointBytes(Mem.getByte(a)), la));
    }

    /** CHR(n): the character of Unicode code point n; a value that is no code point is an error. */
    public static long chr(StringScratch scratch, long n, String what) {
        if (n < 0 || n > Character.MAX_CODE_POINT || (n >= Character.MIN_SURROGATE && n <= Character.MAX_SURROGATE)) {
            throw new SqlException("22023", "invalid Unicode code point " + n + " in " + what);
        }
        return Strings.fromJava(scratch, Character.toString((int) n));
    }

    /** MD5(a): the digest of a's UTF-8 bytes as 32 lower-case hexadecimal digits. */
    public static long md5(StringScratch scratch, long a, int la) {
        byte[] bytes = new byte[la];
        java.lang.foreign.MemorySegment.copy(Mem.at(a, la), java.lang.foreign.ValueLayout.JAVA_BYTE, 0, bytes, 0, la);
        byte[] digest;
        try {
            digest = java.security.MessageDigest.getInstance("MD5").digest(bytes);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no MD5", e);
        }
        return Strings.fromJava(scratch, java.util.HexFormat.of().formatHex(digest));
    }

    /**
     * TRANSLATE(a, from, to): each character of a found in {@code from} replaced by the character
     * at the same position of {@code to}, or removed where {@code to} is shorter; the first
     * occurrence in {@code from} counts.
     */
    public static long translate(StringScratch scratch, long a, int la, long f, int lf, long t, int lt) {
        int[] from = Strings.toJava(f, lf).codePoints().toArray(), to = Strings.toJava(t, lt).codePoints().toArray();
        StringBuilder sb = new StringBuilder(la);
        Strings.toJava(a, la).codePoints().forEach(cp -> {
            int i = 0;
            while (i < from.length && from[i] != cp) i++;
            if (i == from.length) sb.appendCodePoint(cp);
            else if (i < to.length) sb.appendCodePoint(to[i]);
        });
        return Strings.fromJava(scratch, sb.toString());
    }
}
