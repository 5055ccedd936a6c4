package io.ascan.format;

import io.ascan.types.TypeKind;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Computes a segment's min and max over its non-null values, in the manifest's JSON representation. */
final class ZoneMap {
    /** Longest VARCHAR bound kept; a longer min is truncated (still a lower bound), a longer max dropped. */
    static final int MAX_STRING_BOUND = 64;

    private ZoneMap() {}

    /** {min, max}; both null when there are no non-null values. */
    static Object[] of(ColumnBuffer b) {
        int n = b.size;
        if (b.nullCount == n) return new Object[2];
        TypeKind k = b.kind();
        switch (k) {
            case BOOLEAN, INTEGER, DATE -> {
                int min = Integer.MAX_VALUE, max = Integer.MIN_VALUE;
                for (int i = 0; i < n; i++) {
                    if (b.nulls[i]) continue;
                    int v = b.ints[i];
                    if (v < min) min = v;
                    if (v > max) max = v;
                }
                if (k == TypeKind.BOOLEAN) return new Object[] {min == 1, max == 1};
                return new Object[] {(long) min, (long) max};
            }
            case BIGINT, DECIMAL, TIMESTAMP -> {
                long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
                for (int i = 0; i < n; i++) {
                    if (b.nulls[i]) continue;
                    long v = b.longs[i];
                    if (v < min) min = v;
                    if (v > max) max = v;
                }
                return new Object[] {min, max};
            }
            case DOUBLE -> {
                double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
                for (int i = 0; i < n; i++) {
                    if (b.nulls[i]) continue;
                    double v = b.doubles[i];
                    if (Double.isNaN(v)) return new Object[2]; // NaN has no place in an ordering bound
                    if (v < min) min = v;
                    if (v > max) max = v;
                }
                return new Object[] {min, max};
            }
            case VARCHAR -> {
                int minRow = -1, maxRow = -1;
                for (int i = 0; i < n; i++) {
                    if (b.nulls[i]) continue;
                    if (minRow < 0 || compare(b, i, minRow) < 0) minRow = i;
                    if (maxRow < 0 || compare(b, i, maxRow) > 0) maxRow = i;
                }
                int maxLen = b.offsets[maxRow + 1] - b.offsets[maxRow];
                String max = maxLen > MAX_STRING_BOUND ? null : utf8(b, maxRow, maxLen);
                int minLen = b.offsets[minRow + 1] - b.offsets[minRow];
                return new Object[] {utf8(b, minRow, truncationPoint(b, minRow, minLen)), max};
            }
        }
        throw new AssertionError(k);
    }

    /** Unsigned byte order of UTF-8 is code point order, the order string comparisons use. */
    static int compare(ColumnBuffer b, int i, int j) {
        return Arrays.compareUnsigned(b.bytes, b.offsets[i], b.offsets[i + 1], b.bytes, b.offsets[j], b.offsets[j + 1]);
    }

    private static String utf8(ColumnBuffer b, int row, int len) {
        return new String(b.bytes, b.offsets[row], len, StandardCharsets.UTF_8);
    }

    /** At most MAX_STRING_BOUND bytes, cut on a character boundary. */
    private static int truncationPoint(ColumnBuffer b, int row, int len) {
        if (len <= MAX_STRING_BOUND) return len;
        int cut = MAX_STRING_BOUND;
        while (cut > 0 && (b.bytes[b.offsets[row] + cut] & 0xC0) == 0x80) cut--;
        return cut;
    }
}
