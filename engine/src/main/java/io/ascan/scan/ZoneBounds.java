package io.ascan.scan;

import io.ascan.types.DataType;
import io.ascan.types.TypeKind;
import java.math.BigDecimal;

/**
 * Compares a zone-map bound (a segment's min or max, as the manifest holds it: Long for the
 * integer-backed types with DECIMAL unscaled, Double, Boolean, String) with a literal of a
 * possibly different but order-compatible type. Exact: numbers compare as BigDecimal, strings
 * by code point (the order of the zone maps' UTF-8 bytes), DATE against TIMESTAMP at midnight.
 */
final class ZoneBounds {
    private ZoneBounds() {}

    private static final long MICROS_PER_DAY = 86_400_000_000L;

    /** sign(bound - literal), or null when the two cannot be ordered against each other. */
    static Integer compare(Object bound, DataType boundType, Object literal, DataType literalType) {
        TypeKind b = boundType.kind(), l = literalType.kind();
        if (b == TypeKind.DATE && l == TypeKind.TIMESTAMP) {
            return Long.signum(Math.multiplyExact(((Number) bound).longValue(), MICROS_PER_DAY) - ((Number) literal).longValue());
        }
        if (family(b) != family(l)) return null;
        return switch (family(b)) {
            case NUMBER -> compareNumbers(bound, boundType, literal, literalType);
            case STRING -> Integer.signum(compareCodePoints((String) bound, (String) literal));
            case BOOLEAN -> Boolean.compare((Boolean) bound, (Boolean) literal);
            case DATE, TIMESTAMP -> Long.compare(((Number) bound).longValue(), ((Number) literal).longValue());
        };
    }

    private enum Family { NUMBER, STRING, BOOLEAN, DATE, TIMESTAMP }

    private static Family family(TypeKind k) {
        return switch (k) {
            case INTEGER, BIGINT, DECIMAL, DOUBLE -> Family.NUMBER;
            case VARCHAR -> Family.STRING;
            case BOOLEAN -> Family.BOOLEAN;
            case DATE -> Family.DATE;
            case TIMESTAMP -> Family.TIMESTAMP;
        };
    }

    private static Integer compareNumbers(Object a, DataType at, Object b, DataType bt) {
        if (nonFinite(a) || nonFinite(b)) {
            // One side is an infinity or NaN: any finite value orders the same as its double.
            double x = ((Number) a).doubleValue(), y = ((Number) b).doubleValue();
            return Double.isNaN(x) || Double.isNaN(y) ? null : Integer.signum(Double.compare(x, y));
        }
        return decimal(a, at).compareTo(decimal(b, bt));
    }

    private static boolean nonFinite(Object v) {
        return v instanceof Double d && !Double.isFinite(d);
    }

    private static BigDecimal decimal(Object v, DataType t) {
        if (v instanceof Double d) return new BigDecimal(d);
        long x = ((Number) v).longValue();
        return t.kind() == TypeKind.DECIMAL ? BigDecimal.valueOf(x, t.scale()) : BigDecimal.valueOf(x);
    }

    /** Unicode code point order; String.compareTo's UTF-16 order differs above U+FFFF. */
    static int compareCodePoints(String a, String b) {
        int i = 0, j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i), cb = b.codePointAt(j);
            if (ca != cb) return Integer.compare(ca, cb);
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
