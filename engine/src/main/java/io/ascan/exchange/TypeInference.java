package io.ascan.exchange;

import io.ascan.types.DataType;

/**
 * Infers a column type from its text values: the narrowest of BOOLEAN, INTEGER, BIGINT,
 * DECIMAL(p,s) (p at most 18), DOUBLE, DATE, TIMESTAMP that every value parses as, else VARCHAR.
 * NULLs (empty fields) say nothing; a column with no values at all is VARCHAR.
 */
final class TypeInference {
    private boolean seen;
    private boolean bool = true;
    private boolean int32 = true;
    private boolean int64 = true;
    private boolean decimal = true;
    private boolean float64 = true;
    private boolean date = true;
    private boolean timestamp = true;
    private int integerDigits;
    private int scale;

    /** Feeds one non-NULL value, already trimmed. */
    void accept(String v) {
        seen = true;
        if (bool && !ValueFormat.isBoolean(v)) bool = false;
        if (float64) acceptNumber(v);
        if (timestamp) {
            // A column mixing dates and timestamps is TIMESTAMP; one of dates only is DATE.
            if (date && !isDate(v)) date = false;
            if (!date && !ValueFormat.isTimestamp(v)) timestamp = false;
        }
    }

    private void acceptNumber(String v) {
        if (ValueFormat.isIntegerSyntax(v)) {
            if (int64) {
                try {
                    long l = Long.parseLong(v);
                    if (l != (int) l) int32 = false;
                } catch (NumberFormatException e) {
                    int32 = int64 = false;
                }
            }
            if (decimal) digits(v, v.length());
        } else {
            int32 = int64 = false;
            if (decimal) {
                if (ValueFormat.isDecimalSyntax(v)) {
                    int dot = v.indexOf('.');
                    digits(v, dot);
                    scale = Math.max(scale, v.length() - dot - 1);
                } else {
                    decimal = false;
                }
            }
            if (!ValueFormat.isDoubleSyntax(v)) float64 = decimal = false;
        }
        if (decimal && integerDigits + scale > DataType.MAX_DECIMAL_PRECISION) decimal = false;
    }

    /** Significant digits of v before position end (sign and leading zeros dropped). */
    private void digits(String v, int end) {
        int i = 0;
        while (i < end && (v.charAt(i) == '+' || v.charAt(i) == '-' || v.charAt(i) == '0')) i++;
        integerDigits = Math.max(integerDigits, end - i);
    }

    private static boolean isDate(String v) {
        if (!ValueFormat.isDateSyntax(v)) return false;
        try {
            ValueFormat.parseDate(v);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    DataType type() {
        if (!seen) return DataType.VARCHAR;
        if (bool) return DataType.BOOLEAN;
        if (int32) return DataType.INTEGER;
        if (int64) return DataType.BIGINT;
        if (decimal) return DataType.decimal(Math.max(1, integerDigits + scale), scale);
        if (float64) return DataType.DOUBLE;
        if (date) return DataType.DATE;
        if (timestamp) return DataType.TIMESTAMP;
        return DataType.VARCHAR;
    }
}
