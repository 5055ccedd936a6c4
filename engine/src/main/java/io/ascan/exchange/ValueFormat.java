package io.ascan.exchange;

import io.ascan.types.DataType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Text forms of values, shared by CSV import (parsing) and CSV export (formatting), so that what
 * ascan writes it reads back unchanged. Parsers throw {@link IllegalArgumentException} with a
 * short reason; callers add the line and column.
 */
public final class ValueFormat {
    private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)");
    private static final Pattern DOUBLE =
            Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?|[+-]?(?i:inf|infinity|nan)");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    /** yyyy-MM-dd, then a space or 'T', HH:mm[:ss[.fraction]], then an optional Z or offset. */
    private static final DateTimeFormatter TIMESTAMP_IN = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .appendPattern("[ ]['T']") // exactly one of them: parseTimestamp checks the separator
            .appendValue(ChronoField.HOUR_OF_DAY, 2).appendLiteral(':')
            .appendValue(ChronoField.MINUTE_OF_HOUR, 2)
            .optionalStart().appendLiteral(':').appendValue(ChronoField.SECOND_OF_MINUTE, 2)
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true).optionalEnd()
            .optionalEnd()
            .optionalStart().appendOffset("+HH:MM", "Z").optionalEnd()
            .optionalStart().appendOffset("+HHMM", "Z").optionalEnd()
            .optionalStart().appendOffset("+HH", "Z").optionalEnd()
            .toFormatter(Locale.ROOT);

    private ValueFormat() {}

    // ---- parsing (CSV import) -------------------------------------------------------------

    public static boolean isBoolean(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "true", "false", "t", "f" -> true;
            default -> false;
        };
    }

    public static boolean parseBoolean(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "true", "t", "yes", "y", "1" -> true;
            case "false", "f", "no", "n", "0" -> false;
            default -> throw new IllegalArgumentException("not a boolean (expected true or false)");
        };
    }

    /** Plain integer digits with an optional sign (no exponent, no fraction). */
    public static boolean isIntegerSyntax(String s) {
        return INTEGER.matcher(s).matches();
    }

    /** Digits with at most one decimal point and no exponent. */
    public static boolean isDecimalSyntax(String s) {
        return DECIMAL.matcher(s).matches();
    }

    public static boolean isDoubleSyntax(String s) {
        return DOUBLE.matcher(s).matches();
    }

    public static int parseInt(String s) {
        if (!isIntegerSyntax(s)) throw new IllegalArgumentException("not an integer");
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("out of range for INTEGER");
        }
    }

    public static long parseLong(String s) {
        if (!isIntegerSyntax(s)) throw new IllegalArgumentException("not an integer");
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("out of range for BIGINT");
        }
    }

    public static double parseDouble(String s) {
        if (!isDoubleSyntax(s)) throw new IllegalArgumentException("not a number");
        String t = s.toLowerCase(Locale.ROOT);
        if (t.endsWith("nan")) return Double.NaN;
        if (t.endsWith("inf") || t.endsWith("infinity")) {
            return t.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return Double.parseDouble(s);
    }

    /**
     * The unscaled value of {@code s} at the type's scale. Extra fraction digits are rounded half
     * up, as a SQL cast to DECIMAL does; a value needing more digits than the precision is an error.
     */
    public static long parseDecimal(String s, DataType type) {
        if (!isDecimalSyntax(s) && !isDoubleSyntax(s)) throw new IllegalArgumentException("not a decimal number");
        BigDecimal v;
        try {
            v = new BigDecimal(s).setScale(type.scale(), RoundingMode.HALF_UP);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("not a decimal number");
        }
        if (v.precision() > type.precision() && v.signum() != 0) {
            throw new IllegalArgumentException("does not fit " + type);
        }
        return v.unscaledValue().longValueExact();
    }

    public static boolean isDateSyntax(String s) {
        return DATE.matcher(s).matches();
    }

    /** Days since the epoch of a yyyy-MM-dd date. */
    public static int parseDate(String s) {
        try {
            return Math.toIntExact(LocalDate.parse(s).toEpochDay());
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new IllegalArgumentException("not a date (expected yyyy-mm-dd)");
        }
    }

    /**
     * Microseconds since the epoch. A date alone is midnight; a value with a zone offset is
     * converted to UTC, since TIMESTAMP holds no zone.
     */
    public static long parseTimestamp(String s) {
        if (isDateSyntax(s)) return parseDate(s) * 86_400_000_000L;
        if (s.length() < 16 || (s.charAt(10) != ' ' && s.charAt(10) != 'T')) {
            throw new IllegalArgumentException("not a timestamp (expected yyyy-mm-dd hh:mm:ss[.ffffff])");
        }
        try {
            var parsed = TIMESTAMP_IN.parse(s);
            LocalDateTime local = LocalDateTime.from(parsed);
            if (parsed.isSupported(ChronoField.OFFSET_SECONDS)) {
                local = OffsetDateTime.of(local, ZoneOffset.from(parsed)).withOffsetSameInstant(ZoneOffset.UTC)
                        .toLocalDateTime();
            }
            return Math.addExact(Math.multiplyExact(local.toEpochSecond(ZoneOffset.UTC), 1_000_000L),
                    local.getNano() / 1000);
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new IllegalArgumentException("not a timestamp (expected yyyy-mm-dd hh:mm:ss[.ffffff])");
        }
    }

    public static boolean isTimestamp(String s) {
        try {
            parseTimestamp(s);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    // ---- formatting (CSV export) ----------------------------------------------------------

    /**
     * A double in plain decimal notation, never with an exponent, with at least one fraction
     * digit so that readers still see a floating-point column ("1.0", "0.00001", "1e20" as
     * "100000000000000000000.0"). The digits are Java's shortest representation, so the text
     * parses back to the same double.
     */
    public static String formatDouble(double d) {
        if (Double.isNaN(d)) return "NaN";
        if (Double.isInfinite(d)) return d > 0 ? "Infinity" : "-Infinity";
        if (d == 0) return (1 / d < 0) ? "-0.0" : "0.0";
        String plain = new BigDecimal(Double.toString(d)).stripTrailingZeros().toPlainString();
        return plain.indexOf('.') < 0 ? plain + ".0" : plain;
    }

    /** A DECIMAL with exactly its scale's fraction digits. */
    public static String formatDecimal(long unscaled, int scale) {
        return BigDecimal.valueOf(unscaled, scale).toPlainString();
    }

    public static String formatDate(int epochDay) {
        return LocalDate.ofEpochDay(epochDay).toString();
    }

    /** yyyy-MM-dd HH:mm:ss, with .ffffff only when the microseconds are not zero. */
    public static String formatTimestamp(long micros) {
        long secs = Math.floorDiv(micros, 1_000_000L);
        int frac = (int) Math.floorMod(micros, 1_000_000L);
        LocalDateTime t = LocalDateTime.ofEpochSecond(secs, 0, ZoneOffset.UTC);
        StringBuilder sb = new StringBuilder(26);
        sb.append(LocalDate.from(t)).append(' ');
        two(sb, t.getHour()).append(':');
        two(sb, t.getMinute()).append(':');
        two(sb, t.getSecond());
        if (frac != 0) {
            String f = Integer.toString(frac);
            sb.append('.').append("0".repeat(6 - f.length())).append(f);
        }
        return sb.toString();
    }

    private static StringBuilder two(StringBuilder sb, int v) {
        return sb.append((char) ('0' + v / 10)).append((char) ('0' + v % 10));
    }
}
