package io.ascan.codegen.rt;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * SQL LIKE: {@code %} matches any sequence, {@code _} one code point, the escape character (none
 * unless given, as in standard SQL and DuckDB; PostgreSQL defaults to backslash) makes the next
 * character literal. A constant pattern compiles once into a matcher constant with fast paths for
 * the shapes predicates usually have: exact, prefix%, %suffix, %contains%. Matching allocates
 * nothing.
 */
public final class Like {
    public enum Shape { EXACT, PREFIX, SUFFIX, CONTAINS, GENERAL }

    private final Shape shape;
    /** The literal part of a fast-path pattern, or the whole pattern with escapes resolved. */
    private final byte[] literal;
    /** GENERAL: pattern bytes with tokens: WILD_ANY / WILD_ONE / literal bytes. */
    private final int[] tokens;
    private final String pattern;
    /**
     * GENERAL patterns without {@code _}: the literal runs between {@code %}s. Such a pattern
     * matches when its anchored ends match and each inner run is found after the previous one
     * (leftmost matches never lose a match when the only wildcard is {@code %}), so matching is
     * a few substring searches instead of a byte-by-byte walk with backtracking.
     */
    private final byte[][] segments;
    private final boolean leadingAny, trailingAny;

    private static final int ANY = -1;
    private static final int ONE = -2;

    private Like(Shape shape, byte[] literal, int[] tokens, String pattern) {
        this.shape = shape;
        this.literal = literal;
        this.tokens = tokens;
        this.pattern = pattern;
        this.segments = shape == Shape.GENERAL ? segments(tokens) : null;
        this.leadingAny = tokens.length > 0 && tokens[0] == ANY;
        this.trailingAny = tokens.length > 0 && tokens[tokens.length - 1] == ANY;
    }

    /** The literal runs of a pattern whose only wildcard is %, or null. */
    private static byte[][] segments(int[] tokens) {
        java.util.List<byte[]> runs = new java.util.ArrayList<>();
        int from = 0;
        for (int i = 0; i <= tokens.length; i++) {
            if (i < tokens.length && tokens[i] == ONE) return null;
            if (i == tokens.length || tokens[i] == ANY) {
                if (i > from) runs.add(bytes(tokens, from, i));
                from = i + 1;
            }
        }
        return runs.toArray(new byte[0][]);
    }

    public static Like compile(String pattern, String escape) {
        int[] tokens = tokenize(pattern, escape);
        // classify: count wildcards and where they are
        int anyCount = 0, oneCount = 0;
        for (int t : tokens) {
            if (t == ANY) anyCount++;
            else if (t == ONE) oneCount++;
        }
        int n = tokens.length;
        if (oneCount == 0) {
            boolean lead = n > 0 && tokens[0] == ANY, trail = n > 0 && tokens[n - 1] == ANY;
            if (anyCount == 0) return new Like(Shape.EXACT, bytes(tokens, 0, n), tokens, pattern);
            if (anyCount == 1 && trail) return new Like(Shape.PREFIX, bytes(tokens, 0, n - 1), tokens, pattern);
            if (anyCount == 1 && lead) return new Like(Shape.SUFFIX, bytes(tokens, 1, n), tokens, pattern);
            if (anyCount == 2 && lead && trail && n >= 2) return new Like(Shape.CONTAINS, bytes(tokens, 1, n - 1), tokens, pattern);
        }
        return new Like(Shape.GENERAL, new byte[0], tokens, pattern);
    }

    /** GENERAL patterns (and any other): matches the compiled tokens. */
    public boolean matches(long a, int la) {
        return segments != null ? matchSegments(a, la) : matchTokens(tokens, a, la);
    }

    private boolean matchSegments(long a, int la) {
        int first = 0, last = segments.length, start = 0, end = la;
        if (!leadingAny) { // segments is not empty: a pattern of only % is CONTAINS of nothing, not GENERAL
            byte[] s = segments[first++];
            if (!Strings.startsWith(a, la, s)) return false;
            start = s.length;
        }
        if (!trailingAny && last > first) {
            byte[] s = segments[--last];
            if (end - start < s.length || !Strings.endsWith(a, la, s)) return false;
            end -= s.length;
        }
        for (int k = first; k < last; k++) {
            int at = Strings.indexOf(a, end, segments[k], start);
            if (at < 0) return false;
            start = at + segments[k].length;
        }
        return true;
    }

    /** The pattern's shape: code generation emits EXACT, PREFIX, SUFFIX and CONTAINS inline. */
    public Shape shape() {
        return shape;
    }

    /**
     * The literal runs between the {@code %}s of a GENERAL pattern without {@code _} (code
     * generation emits them as a chain of anchored compares and substring searches), or null.
     */
    public byte[][] runs() {
        return segments == null ? null : segments.clone();
    }

    /** Whether the pattern starts with {@code %}. */
    public boolean leadingAny() {
        return leadingAny;
    }

    /** Whether the pattern ends with {@code %}. */
    public boolean trailingAny() {
        return trailingAny;
    }

    /** The literal bytes of a fast-path shape (the pattern without its % wildcards). */
    public byte[] literal() {
        return literal;
    }

    /** LIKE with a pattern that is itself a value (not a constant): interprets it directly. */
    public static boolean matches(long a, int la, long p, int lp, int escape) {
        return match(a, 0, la, p, 0, lp, escape);
    }

    @Override
    public String toString() {
        return "LIKE '" + pattern + "' (" + shape + ")";
    }

    private static boolean match(long a, int i, int la, long p, int j, int lp, int escape) {
        // iterative with one backtrack point for the last '%': linear for typical patterns
        int starJ = -1, starI = -1;
        while (i < la) {
            if (j < lp) {
                int c = Mem.getByte(p + j) & 0xFF;
                if (c == '%' && c != escape) {
                    starJ = ++j;
                    starI = i;
                    continue;
                }
                if (c == '_' && c != escape) {
                    i += Strings.codePointBytes(Mem.getByte(a + i));
                    j++;
                    continue;
                }
                int pj = j;
                if (c == escape) {
                    if (j + 1 >= lp) throw new SqlException("22025", "LIKE pattern must not end with the escape character");
                    pj = j + 1;
                }
                if (Mem.getByte(p + pj) == Mem.getByte(a + i)) {
                    i++;
                    j = pj + 1;
                    continue;
                }
            }
            if (starJ < 0) return false;
            starI += Strings.codePointBytes(Mem.getByte(a + starI));
            i = starI;
            j = starJ;
        }
        while (j < lp && (Mem.getByte(p + j) & 0xFF) == '%' && '%' != escape) j++;
        return j == lp;
    }

    private static boolean matchTokens(int[] t, long a, int la) {
        int i = 0, j = 0, starJ = -1, starI = -1;
        while (i < la) {
            if (j < t.length) {
                int c = t[j];
                if (c == ANY) {
                    starJ = ++j;
                    starI = i;
                    continue;
                }
                if (c == ONE) {
                    i += Strings.codePointBytes(Mem.getByte(a + i));
                    j++;
                    continue;
                }
                if ((byte) c == Mem.getByte(a + i)) {
                    i++;
                    j++;
                    continue;
                }
            }
            if (starJ < 0) return false;
            starI += Strings.codePointBytes(Mem.getByte(a + starI));
            i = starI;
            j = starJ;
        }
        while (j < t.length && t[j] == ANY) j++;
        return j == t.length;
    }

    private static int[] tokenize(String pattern, String escape) {
        byte[] p = pattern.getBytes(StandardCharsets.UTF_8);
        int esc = -1;
        if (escape != null) {
            byte[] e = escape.getBytes(StandardCharsets.UTF_8);
            if (e.length != 1) throw new SqlException("22025", "LIKE escape must be a single ASCII character, got '" + escape + "'");
            esc = e[0] & 0xFF;
        }
        int[] out = new int[p.length];
        int n = 0;
        for (int j = 0; j < p.length; j++) {
            int c = p[j] & 0xFF;
            if (c == esc) {
                if (j + 1 >= p.length) throw new SqlException("22025", "LIKE pattern '" + pattern + "' ends with the escape character");
                out[n++] = p[++j] & 0xFF;
            } else if (c == '%') {
                if (n == 0 || out[n - 1] != ANY) out[n++] = ANY; // %% is %
            } else if (c == '_') {
                out[n++] = ONE;
            } else {
                out[n++] = c;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    private static byte[] bytes(int[] tokens, int from, int to) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int i = from; i < to; i++) b.write(tokens[i]);
        return b.toByteArray();
    }
}
