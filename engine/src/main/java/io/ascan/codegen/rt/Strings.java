package io.ascan.codegen.rt;

import java.nio.charset.StandardCharsets;

/**
 * UTF-8 string operations on (address, length) values for generated code. Comparison is by
 * unsigned bytes, which for UTF-8 is code point order (DuckDB's default binary collation).
 */
public final class Strings {
    private Strings() {}

    public static boolean equals(long a, int la, long b, int lb) {
        if (la != lb) return false;
        if (a == b) return true; // one stored string (a group's key and the build row it came from)
        int i = 0;
        for (; i + 8 <= la; i += 8) if (Mem.getLong(a + i) != Mem.getLong(b + i)) return false;
        for (; i < la; i++) if (Mem.getByte(a + i) != Mem.getByte(b + i)) return false;
        return true;
    }

    /** Negative, zero or positive as a sorts before, with or after b. */
    public static int compare(long a, int la, long b, int lb) {
        int n = Math.min(la, lb);
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            long x = Mem.getLong(a + i), y = Mem.getLong(b + i);
            if (x != y) return Long.compareUnsigned(Long.reverseBytes(x), Long.reverseBytes(y));
        }
        for (; i < n; i++) {
            int x = Mem.getByte(a + i) & 0xFF, y = Mem.getByte(b + i) & 0xFF;
            if (x != y) return x - y;
        }
        return Integer.compare(la, lb);
    }

    /** Compares native bytes with a heap key (per dictionary entry, not per tuple). */
    public static int compareHeap(long a, int la, byte[] b) {
        int n = Math.min(la, b.length);
        for (int i = 0; i < n; i++) {
            int x = Mem.getByte(a + i) & 0xFF, y = b[i] & 0xFF;
            if (x != y) return x - y;
        }
        return Integer.compare(la, b.length);
    }

    public static boolean startsWith(long a, int la, long p, int lp) {
        return la >= lp && equals(a, lp, p, lp);
    }

    public static boolean endsWith(long a, int la, long p, int lp) {
        return la >= lp && equals(a + la - lp, lp, p, lp);
    }

    /** Index of the first occurrence of p in a at or after {@code from}, or -1. */
    public static int indexOf(long a, int la, long p, int lp, int from) {
        if (lp == 0) return from <= la ? from : -1;
        return find(a, la, from, p, lp);
    }

    /**
     * Index of the first occurrence of the bytes p in the first {@code la} bytes of a at or after
     * {@code from}, or -1: {@link #find}'s search with a heap needle (a literal of the generated code).
     */
    public static int indexOf(long a, int la, byte[] p, int from) {
        int lp = p.length;
        if (lp == 0) return from <= la ? from : -1;
        int i = from;
        int lastStep = la - lp - 7;
        if (LITTLE_ENDIAN && i <= lastStep) {
            long first = broadcast(p[0]), last = broadcast(p[lp - 1]);
            while (true) {
                for (long m = candidates(a, i, lp, first, last); m != 0; m &= m - 1) {
                    int k = i + (Long.numberOfTrailingZeros(m) >>> 3);
                    if (regionEquals(a + k, p)) return k;
                }
                if (i == lastStep) return -1;
                i = Math.min(i + 8, lastStep);
            }
        }
        for (int end = la - lp; i <= end; i++) if (Mem.getByte(a + i) == p[0] && regionEquals(a + i, p)) return i;
        return -1;
    }

    /** Index of the first occurrence of the needle p (length {@code lp >= 1}) in a[from, la), or -1. */
    public static int find(long a, int la, int from, long p, int lp) {
        return find(a, la, from, p, lp, broadcast(Mem.getByte(p)), broadcast(Mem.getByte(p + lp - 1)));
    }

    /**
     * The same with the needle's first and last bytes broadcast. Eight start positions at a time
     * (SWAR, the "generic SIMD" substring search): a position is a candidate when the word at it
     * holds the first byte and the word {@code lp - 1} further the last byte, so one OR of the two
     * XORs and an exact zero-byte test find them, and only candidates, rare in text, compare the
     * bytes between. Reads never go past {@code la}: the last eight positions are one more such
     * step, moved back to end at the last start position (the ones it shares with the step before
     * were no match), not a byte at a time.
     */
    private static int find(long a, int la, int from, long p, int lp, long first, long last) {
        int i = from;
        int lastStep = la - lp - 7;
        if (LITTLE_ENDIAN && i <= lastStep) {
            while (true) {
                for (long m = candidates(a, i, lp, first, last); m != 0; m &= m - 1) {
                    int k = i + (Long.numberOfTrailingZeros(m) >>> 3);
                    if (lp <= 2 || equals(a + k + 1, lp - 2, p + 1, lp - 2)) return k;
                }
                if (i == lastStep) return -1;
                i = Math.min(i + 8, lastStep);
            }
        }
        byte b = (byte) first;
        for (int end = la - lp; i <= end; i++) if (Mem.getByte(a + i) == b && equals(a + i, lp, p, lp)) return i;
        return -1;
    }

    /** Bit 8k+7 set where start position i + k has the needle's first byte and, lp - 1 further, its last. */
    private static long candidates(long a, int i, int lp, long first, long last) {
        return zeroBytes((Mem.getLong(a + i) ^ first) | (Mem.getLong(a + i + lp - 1) ^ last));
    }

    /** Bit 7 of each byte of x that is zero, exactly (no borrow between bytes, unlike {@code (x - 0x01..) & ~x}). */
    private static long zeroBytes(long x) {
        return ~(((x & LOWS) + LOWS) | x | LOWS);
    }

    /** The byte b in each of a long's eight bytes. */
    private static long broadcast(byte b) {
        return (b & 0xFFL) * ONES;
    }

    public static boolean startsWith(long a, int la, byte[] p) {
        return la >= p.length && regionEquals(a, p);
    }

    public static boolean endsWith(long a, int la, byte[] p) {
        return la >= p.length && regionEquals(a + la - p.length, p);
    }

    private static boolean regionEquals(long a, byte[] p) {
        for (int j = 0; j < p.length; j++) if (Mem.getByte(a + j) != p[j]) return false;
        return true;
    }

    private static final long ONES = 0x0101010101010101L, LOWS = 0x7F7F7F7F7F7F7F7FL;
    private static final boolean LITTLE_ENDIAN = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;

    public static int hash(long a, int la) {
        int h = 1;
        for (int i = 0; i < la; i++) h = 31 * h + Mem.getByte(a + i);
        return h;
    }

    /** Number of code points: bytes that are not UTF-8 continuation bytes. */
    public static int charLength(long a, int la) {
        int n = 0;
        for (int i = 0; i < la; i++) if ((Mem.getByte(a + i) & 0xC0) != 0x80) n++;
        return n;
    }

    /** Byte offset of code point {@code n} (0-based), clamped to {@code la}. */
    public static int codePointOffset(long a, int la, long n) {
        if (n <= 0) return 0;
        int i = 0;
        for (long seen = 0; i < la; i++) {
            if ((Mem.getByte(a + i) & 0xC0) != 0x80 && seen++ == n) return i;
        }
        return la;
    }

    /** Length in bytes of the code point starting with lead byte {@code b}. */
    public static int codePointBytes(byte b) {
        int u = b & 0xFF;
        return u < 0x80 ? 1 : u < 0xE0 ? 2 : u < 0xF0 ? 3 : 4;
    }

    /** UPPER or LOWER into scratch (simple, per-code-point case mapping); length in lastLength. */
    public static long changeCase(StringScratch scratch, long a, int la, boolean upper) {
        long out = scratch.allocate(la * 2); // simple case mapping grows a code point by at most half
        int o = 0;
        for (int i = 0; i < la; ) {
            byte b = Mem.getByte(a + i);
            if (b >= 0) { // ASCII
                if (upper ? (b >= 'a' && b <= 'z') : (b >= 'A' && b <= 'Z')) b ^= 0x20;
                Mem.putByte(out + o++, b);
                i++;
                continue;
            }
            int n = Math.min(codePointBytes(b), la - i);
            int cp = decode(a + i, n);
            int mapped = upper ? Character.toUpperCase(cp) : Character.toLowerCase(cp);
            o += encode(mapped, out + o);
            i += n;
        }
        scratch.shrinkLast(o);
        return out;
    }

    /** Copies a Java string's UTF-8 bytes into scratch (for formatting that goes through a String). */
    public static long fromJava(StringScratch scratch, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        long out = scratch.allocate(bytes.length);
        java.lang.foreign.MemorySegment.copy(bytes, 0, Mem.at(out, bytes.length), java.lang.foreign.ValueLayout.JAVA_BYTE, 0, bytes.length);
        return out;
    }

    public static String toJava(long a, int la) {
        byte[] b = new byte[la];
        java.lang.foreign.MemorySegment.copy(Mem.at(a, la), java.lang.foreign.ValueLayout.JAVA_BYTE, 0, b, 0, la);
        return new String(b, StandardCharsets.UTF_8);
    }

    static int decode(long p, int n) {
        int b0 = Mem.getByte(p) & 0xFF;
        return switch (n) {
            case 2 -> (b0 & 0x1F) << 6 | (Mem.getByte(p + 1) & 0x3F);
            case 3 -> (b0 & 0x0F) << 12 | (Mem.getByte(p + 1) & 0x3F) << 6 | (Mem.getByte(p + 2) & 0x3F);
            case 4 -> (b0 & 0x07) << 18 | (Mem.getByte(p + 1) & 0x3F) << 12 | (Mem.getByte(p + 2) & 0x3F) << 6
                    | (Mem.getByte(p + 3) & 0x3F);
            default -> b0;
        };
    }

    static int encode(int cp, long out) {
        if (cp < 0x80) {
            Mem.putByte(out, (byte) cp);
            return 1;
        } else if (cp < 0x800) {
            Mem.putByte(out, (byte) (0xC0 | cp >> 6));
            Mem.putByte(out + 1, (byte) (0x80 | cp & 0x3F));
            return 2;
        } else if (cp < 0x10000) {
            Mem.putByte(out, (byte) (0xE0 | cp >> 12));
            Mem.putByte(out + 1, (byte) (0x80 | cp >> 6 & 0x3F));
            Mem.putByte(out + 2, (byte) (0x80 | cp & 0x3F));
            return 3;
        }
        Mem.putByte(out, (byte) (0xF0 | cp >> 18));
        Mem.putByte(out + 1, (byte) (0x80 | cp >> 12 & 0x3F));
        Mem.putByte(out + 2, (byte) (0x80 | cp >> 6 & 0x3F));
        Mem.putByte(out + 3, (byte) (0x80 | cp & 0x3F));
        return 4;
    }
}
