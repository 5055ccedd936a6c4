package io.ascan.codegen.rt;

/**
 * STRFTIME and STRPTIME with DuckDB's format specifiers ({@code %Y-%m-%d %H:%M:%S}, C's
 * strftime codes; {@code %-d} without padding), on epoch microseconds. The names of months and
 * weekdays are English, as DuckDB's.
 */
public final class DateFormats {
    /** SQLSTATE of a text that does not match the format, or a format that is none (invalid datetime format). */
    public static final String INVALID = "22007";

    private static final String[] MONTHS = {"January", "February", "March", "April", "May", "June", "July", "August",
            "September", "October", "November", "December"};
    private static final String[] DAYS = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};

    private DateFormats() {}

    /** The English name of month 1..12. */
    public static String monthName(int month) {
        return MONTHS[month - 1];
    }

    /** The English name of weekday 0 (Sunday) .. 6. */
    public static String dayName(int dow) {
        return DAYS[dow];
    }

    /** STRFTIME: {@code micros} formatted by {@code format}. */
    public static long format(StringScratch scratch, long micros, String format, String what) {
        long days = Dates.dayOf(micros), time = Dates.timeOf(micros);
        int year = Dates.year(days), month = Dates.month(days), day = Dates.day(days);
        int hour = (int) (time / 3_600_000_000L), minute = (int) (time / 60_000_000L % 60), second = (int) (time / 1_000_000L % 60);
        int micro = (int) (time % 1_000_000L);
        StringBuilder sb = new StringBuilder(format.length() + 16);
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%') {
                sb.append(c);
                continue;
            }
            boolean pad = true;
            if (i + 1 < format.length() && format.charAt(i + 1) == '-') {
                pad = false;
                i++;
            }
            if (++i >= format.length()) throw invalidFormat(format, what);
            char spec = format.charAt(i);
            switch (spec) {
                case 'Y' -> sb.append(pad ? zeros(year, 4) : Integer.toString(year));
                case 'y' -> number(sb, Math.floorMod(year, 100), pad);
                case 'm' -> number(sb, month, pad);
                case 'd' -> number(sb, day, pad);
                case 'H' -> number(sb, hour, pad);
                case 'I' -> number(sb, hour % 12 == 0 ? 12 : hour % 12, pad);
                case 'M' -> number(sb, minute, pad);
                case 'S' -> number(sb, second, pad);
                case 'f' -> sb.append(zeros(micro, 6));
                case 'g' -> sb.append(zeros(micro / 1000, 3));
                case 'j' -> sb.append(pad ? zeros(Dates.doy(days), 3) : Integer.toString(Dates.doy(days)));
                case 'p' -> sb.append(hour < 12 ? "AM" : "PM");
                case 'b', 'h' -> sb.append(MONTHS[month - 1], 0, 3);
                case 'B' -> sb.append(MONTHS[month - 1]);
                case 'a' -> sb.append(DAYS[Dates.dow(days)], 0, 3);
                case 'A' -> sb.append(DAYS[Dates.dow(days)]);
                case 'w' -> sb.append(Dates.dow(days));
                case 'u' -> sb.append(Dates.isodow(days));
                case '%' -> sb.append('%');
                default -> throw invalidFormat(format, what);
            }
        }
        return Strings.fromJava(scratch, sb.toString());
    }

    /** STRPTIME: the TIMESTAMP that {@code text} gives by {@code format}; the whole text must match. */
    public static long parse(long a, int la, String format, String what) {
        String text = Strings.toJava(a, la);
        long year = 1900, month = 1, day = 1, hour = 0, minute = 0, second = 0, micro = 0, doy = -1;
        int pm = -1; // -1: no %p, 0: AM, 1: PM
        int at = 0;
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%') {
                if (Character.isWhitespace(c)) {
                    while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
                } else if (at < text.length() && text.charAt(at) == c) {
                    at++;
                } else {
                    throw noMatch(text, format, what);
                }
                continue;
            }
            if (i + 1 < format.length() && format.charAt(i + 1) == '-') i++;
            if (++i >= format.length()) throw invalidFormat(format, what);
            char spec = format.charAt(i);
            if (spec == '%') {
                if (at >= text.length() || text.charAt(at) != '%') throw noMatch(text, format, what);
                at++;
                continue;
            }
            if (spec == 'p' || spec == 'b' || spec == 'h' || spec == 'B' || spec == 'a' || spec == 'A') {
                String[] names = switch (spec) {
                    case 'p' -> new String[] {"AM", "PM"};
                    case 'a', 'A' -> DAYS;
                    default -> MONTHS;
                };
                int found = -1, length = 0;
                for (int n = 0; n < names.length && found < 0; n++) {
                    String full = names[n], abbreviated = full.length() > 3 ? full.substring(0, 3) : full;
                    if (spec != 'p' && text.regionMatches(true, at, full, 0, full.length())) {
                        found = n;
                        length = full.length();
                    } else if (text.regionMatches(true, at, abbreviated, 0, abbreviated.length())) {
                        found = n;
                        length = abbreviated.length();
                    }
                }
                if (found < 0) throw noMatch(text, format, what);
                at += length;
                if (spec == 'p') pm = found;
                else if (spec != 'a' && spec != 'A') month = found + 1;
                continue;
            }
            int maxDigits = switch (spec) {
                case 'Y' -> 9;
                case 'j' -> 3;
                case 'f' -> 6;
                case 'g' -> 3;
                case 'y', 'm', 'd', 'H', 'I', 'M', 'S' -> 2;
                default -> throw invalidFormat(format, what);
            };
            int start = at;
            while (at < text.length() && at - start < maxDigits && Character.isDigit(text.charAt(at))) at++;
            if (at == start) throw noMatch(text, format, what);
            long v = Long.parseLong(text.substring(start, at));
            switch (spec) {
                case 'Y' -> year = v;
                case 'y' -> year = v < 69 ? 2000 + v : 1900 + v;
                case 'm' -> month = v;
                case 'd' -> day = v;
                case 'H', 'I' -> hour = v;
                case 'M' -> minute = v;
                case 'S' -> second = v;
                case 'j' -> doy = v;
                case 'f' -> micro = v * POW10[6 - (at - start)];
                case 'g' -> micro = v * POW10[3 - (at - start)] * 1000;
                default -> throw invalidFormat(format, what);
            }
        }
        if (at != text.length()) throw noMatch(text, format, what);
        if (pm >= 0) {
            if (hour < 1 || hour > 12) throw noMatch(text, format, what);
            hour = hour % 12 + (pm == 1 ? 12 : 0);
        }
        long days;
        if (doy >= 0) {
            if (doy < 1 || doy > (Dates.isLeap(year) ? 366 : 365)) throw noMatch(text, format, what);
            days = Dates.makeDate(year, 1, 1, what) + doy - 1;
        } else {
            try {
                days = Dates.makeDate(year, month, day, what);
            } catch (SqlException e) {
                throw noMatch(text, format, what);
            }
        }
        if (hour > 23 || minute > 59 || second > 59) throw noMatch(text, format, what);
        return days * Dates.MICROS_PER_DAY + ((hour * 60 + minute) * 60 + second) * Dates.MICROS_PER_SECOND + micro;
    }

    private static final long[] POW10 = {1, 10, 100, 1000, 10_000, 100_000, 1_000_000};

    private static void number(StringBuilder sb, int v, boolean pad) {
        if (pad && v < 10) sb.append('0');
        sb.append(v);
    }

    private static String zeros(int v, int width) {
        String s = Integer.toString(v);
        return s.length() >= width ? s : "0".repeat(width - s.length()) + s;
    }

    private static SqlException invalidFormat(String format, String what) {
        return new SqlException(INVALID, "invalid format specifier in '" + format + "' in " + what);
    }

    private static SqlException noMatch(String text, String format, String what) {
        return new SqlException(INVALID, "could not parse '" + text + "' according to format '" + format + "' in " + what);
    }
}
