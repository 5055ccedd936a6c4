package io.ascan.codegen.rt;

import java.util.Arrays;

/**
 * Membership tests for long IN lists, built once per compiled unit: sorted arrays searched by
 * binary search for numbers, an open-addressing hash set over UTF-8 bytes for strings (probes
 * compare native bytes with the heap keys, so a lookup allocates nothing).
 */
public final class InLists {
    private InLists() {}

    public static boolean contains(int[] sorted, int v) {
        return Arrays.binarySearch(sorted, v) >= 0;
    }

    public static boolean contains(long[] sorted, long v) {
        return Arrays.binarySearch(sorted, v) >= 0;
    }

    public static boolean contains(double[] sorted, double v) {
        return Arrays.binarySearch(sorted, v) >= 0;
    }

    /** A set of UTF-8 strings. */
    public static final class StringSet {
        private final byte[][] slots;
        private final int mask;

        public StringSet(java.util.Collection<byte[]> values) {
            int cap = Integer.highestOneBit(Math.max(4, values.size() * 2 - 1)) << 1;
            slots = new byte[cap][];
            mask = cap - 1;
            for (byte[] v : values) {
                int i = hash(v) & mask;
                while (slots[i] != null && !Arrays.equals(slots[i], v)) i = (i + 1) & mask;
                slots[i] = v;
            }
        }

        public boolean contains(long a, int la) {
            int i = Strings.hash(a, la) & mask;
            for (byte[] s; (s = slots[i]) != null; i = (i + 1) & mask) {
                if (s.length == la && equalsHeap(a, s)) return true;
            }
            return false;
        }

        private static int hash(byte[] v) {
            int h = 1;
            for (byte b : v) h = 31 * h + b;
            return h;
        }

        private static boolean equalsHeap(long a, byte[] s) {
            for (int i = 0; i < s.length; i++) if (Mem.getByte(a + i) != s[i]) return false;
            return true;
        }
    }
}
