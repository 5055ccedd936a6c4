package io.ascan.codegen.rt;

/**
 * Calendar arithmetic on DATE (epoch days) and TIMESTAMP (epoch microseconds) without objects:
 * proleptic Gregorian, the civil-from-days algorithm (H. Hinnant). DuckDB and PostgreSQL agree
 * on these semantics for the years the tests cover (1..9999).
 */
public final class Dates {
    public static final long MICROS_PER_SECOND = 1_000_000L;
    public static final long MICROS_PER_DAY = 86_400_000_000L;

    private Dates() {}

    /** Packed year * 10000 + month * 100 + day of epoch day {@code days}. */
    private static long civil(long days) {
        long z = days + 719468;
        long era = Math.floorDiv(z, 146097);
        long doe = z - era * 146097;
        long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long d = doy - (153 * mp + 2) / 5 + 1;
        long m = mp < 10 ? mp + 3 : mp - 9;
        long y = yoe + era * 400 + (m <= 2 ? 1 : 0);
        return y * 10000 + (y < 0 ? -1 : 1) * (m * 100 + d);
    }

    public static int year(long days) {
        long c = civil(days);
        return (int) (c / 10000);
    }

    public static int month(long days) {
        return (int) (Math.abs(civil(days)) / 100 % 100);
    }

    public static int day(long days) {
        return (int) (Math.abs(civil(days)) % 100);
    }

    /** Epoch day of year-month-day (month 1..12, day 1..31; not validated). */
    public static long daysFromCivil(long y, int m, int d) {
        y -= m <= 2 ? 1 : 0;
        long era = Math.floorDiv(y, 400);
        long yoe = y - era * 400;
        long doy = (153L * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
    }

    public static boolean isLeap(long y) {
        return (y & 3) == 0 && (y % 100 != 0 || y % 400 == 0);
    }

    public static int monthLength(long y, int m) {
        return switch (m) {
            case 2 -> isLeap(y) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    public static long dayOf(long micros) {
        return Math.floorDiv(micros, MICROS_PER_DAY);
    }

    public static long timeOf(long micros) {
        return Math.floorMod(micros, MICROS_PER_DAY);
    }

    public static int quarter(long days) {
        return (month(days) - 1) / 3 + 1;
    }

    /** Day of week, Sunday = 0 (1970-01-01 was a Thursday). */
    public static int dow(long days) {
        return (int) Math.floorMod(days + 4, 7);
    }

    /** ISO day of week, Monday = 1 .. Sunday = 7. */
    public static int isodow(long days) {
        return (int) Math.floorMod(days + 3, 7) + 1;
    }

    public static int doy(long days) {
        return (int) (days - daysFromCivil(year(days), 1, 1) + 1);
    }

    /** year / 10, truncated as DuckDB does (PostgreSQL floors; they differ only before year 1). */
    public static int decade(long days) {
        return year(days) / 10;
    }

    public static int century(long days) {
        int y = year(days);
        return y > 0 ? (y + 99) / 100 : -((-y + 99) / 100);
    }

    public static int millennium(long days) {
        int y = year(days);
        return y > 0 ? (y + 999) / 1000 : -((-y + 999) / 1000);
    }

    /** ISO 8601 week number: weeks start on Monday, week 1 holds the year's first Thursday. */
    public static long isoWeek(long days) {
        long thursday = days - Math.floorMod(days + 3, 7) + 3; // the Thursday of this ISO week
        return (thursday - daysFromCivil(year(thursday), 1, 1)) / 7 + 1;
    }

    public static long isoYear(long days) {
        return year(days - Math.floorMod(days + 3, 7) + 3);
    }

    /** days + n months, the day clamped to the target month's length (Jan 31 + 1 month = Feb 28/29). */
    public static long plusMonths(long days, long n) {
        long c = civil(days);
        long y = c / 10000;
        int m = (int) (Math.abs(c) / 100 % 100), d = (int) (Math.abs(c) % 100);
        long total = Math.addExact(Math.multiplyExact(y, 12) + (m - 1), n);
        long ny = Math.floorDiv(total, 12);
        int nm = (int) Math.floorMod(total, 12) + 1;
        return daysFromCivil(ny, nm, Math.min(d, monthLength(ny, nm)));
    }

    public static long plusMonthsTimestamp(long micros, long n) {
        return Math.addExact(Math.multiplyExact(plusMonths(dayOf(micros), n), MICROS_PER_DAY), timeOf(micros));
    }

    /**
     * Whole months from {@code from} to {@code to} (microseconds), toward zero: the months m such
     * that from + m months (end-of-month clamped) does not pass {@code to}. TIMESTAMPDIFF of
     * JDBC/Calcite for MONTH, QUARTER and YEAR, as DuckDB's {@code date_sub}.
     */
    public static long months(long from, long to) {
        long fd = dayOf(from), td = dayOf(to);
        long m = (year(td) * 12L + month(td)) - (year(fd) * 12L + month(fd));
        if (m > 0 && plusMonthsTimestamp(from, m) > to) m--;
        else if (m < 0 && plusMonthsTimestamp(from, m) < to) m++;
        return m;
    }

    /**
     * DATE_TRUNC: the first microsecond of the {@code unit} (DuckDB's names, upper case) that
     * holds {@code micros}; weeks start on Monday, decades, centuries and millennia at years
     * divisible by 10, 100 and 1000 (as DuckDB).
     */
    public static long truncate(String unit, long micros) {
        long days = dayOf(micros);
        return switch (unit) {
            case "MICROSECOND", "MICROSECONDS", "US" -> micros;
            case "MILLISECOND", "MILLISECONDS", "MS" -> Math.floorDiv(micros, 1000L) * 1000L;
            case "SECOND", "SECONDS", "S" -> Math.floorDiv(micros, MICROS_PER_SECOND) * MICROS_PER_SECOND;
            case "MINUTE", "MINUTES", "M" -> Math.floorDiv(micros, 60 * MICROS_PER_SECOND) * 60 * MICROS_PER_SECOND;
            case "HOUR", "HOURS", "H" -> Math.floorDiv(micros, 3600 * MICROS_PER_SECOND) * 3600 * MICROS_PER_SECOND;
            case "DAY", "DAYS", "D" -> days * MICROS_PER_DAY;
            case "WEEK", "WEEKS", "W" -> (days - isodow(days) + 1) * MICROS_PER_DAY;
            case "MONTH", "MONTHS", "MON" -> daysFromCivil(year(days), month(days), 1) * MICROS_PER_DAY;
            case "QUARTER", "QUARTERS" -> daysFromCivil(year(days), (month(days) - 1) / 3 * 3 + 1, 1) * MICROS_PER_DAY;
            case "YEAR", "YEARS", "Y" -> daysFromCivil(year(days), 1, 1) * MICROS_PER_DAY;
            case "DECADE", "DECADES" -> daysFromCivil(Math.floorDiv(year(days), 10) * 10L, 1, 1) * MICROS_PER_DAY;
            case "CENTURY", "CENTURIES" -> daysFromCivil(Math.floorDiv(year(days), 100) * 100L, 1, 1) * MICROS_PER_DAY;
            case "MILLENNIUM", "MILLENNIA" -> daysFromCivil(Math.floorDiv(year(days), 1000) * 1000L, 1, 1) * MICROS_PER_DAY;
            default -> throw new IllegalArgumentException("date_trunc unit " + unit);
        };
    }

    /** Whether DATE_TRUNC knows {@code unit}. */
    public static boolean isTruncUnit(String unit) {
        try {
            truncate(unit, 0);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** MAKE_DATE: a day that does not exist, or is out of the DATE range, is an error. */
    public static int makeDate(long y, long m, long d, String what) {
        if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1 || d > monthLength(y, (int) m)) {
            throw new SqlException("22008", "date field value out of range: " + y + "-" + m + "-" + d + " in " + what);
        }
        return (int) daysFromCivil(y, (int) m, (int) d);
    }

    /** LAST_DAY: the last day of the month of epoch day {@code days}. */
    public static int lastDay(long days) {
        int y = year(days), m = month(days);
        return (int) daysFromCivil(y, m, monthLength(y, m));
    }

    /** MONTHNAME: the month's English name, as DuckDB. */
    public static String monthName(long days) {
        return DateFormats.monthName(month(days));
    }

    /** DAYNAME: the weekday's English name, as DuckDB. */
    public static String dayName(long days) {
        return DateFormats.dayName(dow(days));
    }

    /** CURRENT_TIMESTAMP and NOW(): the JVM's local date and time, as epoch microseconds. */
    public static long currentTimestamp() {
        java.time.LocalDateTime now = java.time.LocalDateTime.now();
        return Math.addExact(Math.multiplyExact(now.toLocalDate().toEpochDay(), MICROS_PER_DAY),
                now.toLocalTime().toNanoOfDay() / 1000);
    }

    /** MAKE_TIMESTAMP: fields that do not make a time, or a day that does not exist, are an error. */
    public static long makeTimestamp(long y, long mo, long d, long h, long mi, double s, String what) {
        long day = makeDate(y, mo, d, what);
        if (h < 0 || h > 23 || mi < 0 || mi > 59 || !(s >= 0 && s < 60)) {
            throw new SqlException("22008", "time field value out of range: " + h + ":" + mi + ":" + s + " in " + what);
        }
        long micros = (h * 3600 + mi * 60) * MICROS_PER_SECOND + Math.round(s * MICROS_PER_SECOND);
        return day * MICROS_PER_DAY + micros;
    }

    /** EPOCH: seconds since 1970-01-01 00:00:00 with their fraction. */
    public static double epochSeconds(long micros) {
        return Math.floorDiv(micros, MICROS_PER_SECOND) + Math.floorMod(micros, MICROS_PER_SECOND) / 1e6;
    }

    /**
     * DATE_DIFF(unit, from, to) on epoch microseconds, as DuckDB: the unit boundaries crossed
     * (months of {@code 2024-01-31} and {@code 2024-02-01} differ by 1), except WEEK, which is
     * the whole weeks between (days / 7, toward zero). Units are {@link #isDiffUnit}'s.
     */
    public static long dateDiff(String unit, long from, long to) {
        long fd = dayOf(from), td = dayOf(to);
        return switch (unit) {
            case "YEAR" -> year(td) - year(fd);
            case "QUARTER" -> (year(td) * 4L + quarter(td)) - (year(fd) * 4L + quarter(fd));
            case "MONTH" -> (year(td) * 12L + month(td)) - (year(fd) * 12L + month(fd));
            case "WEEK" -> (td - fd) / 7;
            case "DAY" -> td - fd;
            case "HOUR" -> Math.floorDiv(to, 3_600_000_000L) - Math.floorDiv(from, 3_600_000_000L);
            case "MINUTE" -> Math.floorDiv(to, 60_000_000L) - Math.floorDiv(from, 60_000_000L);
            case "SECOND" -> Math.floorDiv(to, MICROS_PER_SECOND) - Math.floorDiv(from, MICROS_PER_SECOND);
            case "MILLISECOND" -> Math.floorDiv(to, 1000L) - Math.floorDiv(from, 1000L);
            case "MICROSECOND" -> Math.subtractExact(to, from);
            case "DECADE" -> decade(td) - decade(fd);
            case "CENTURY" -> century(td) - century(fd);
            case "MILLENNIUM" -> millennium(td) - millennium(fd);
            default -> throw new IllegalArgumentException("DATE_DIFF does not support " + unit);
        };
    }

    /** The unit's canonical name for DATE_DIFF (DuckDB's plurals and abbreviations too), or null when it is none. */
    public static String diffUnit(String unit) {
        String u = unit.trim().toUpperCase(java.util.Locale.ROOT);
        return switch (u) {
            case "YEAR", "YEARS", "Y", "YR", "YRS" -> "YEAR";
            case "QUARTER", "QUARTERS" -> "QUARTER";
            case "MONTH", "MONTHS", "MON", "MONS" -> "MONTH";
            case "WEEK", "WEEKS", "W" -> "WEEK";
            case "DAY", "DAYS", "D" -> "DAY";
            case "HOUR", "HOURS", "H", "HR", "HRS" -> "HOUR";
            case "MINUTE", "MINUTES", "MIN", "MINS", "M" -> "MINUTE";
            case "SECOND", "SECONDS", "SEC", "SECS", "S" -> "SECOND";
            case "MILLISECOND", "MILLISECONDS", "MS", "MSEC", "MSECS" -> "MILLISECOND";
            case "MICROSECOND", "MICROSECONDS", "US", "USEC", "USECS" -> "MICROSECOND";
            case "DECADE", "DECADES" -> "DECADE";
            case "CENTURY", "CENTURIES" -> "CENTURY";
            case "MILLENNIUM", "MILLENNIA" -> "MILLENNIUM";
            default -> null;
        };
    }

    /** CURRENT_DATE: today in the JVM's time zone, as days since 1970-01-01. */
    public static int currentDate() {
        return (int) java.time.LocalDate.now().toEpochDay();
    }

    /** 'YYYY-MM-DD' (DuckDB and PostgreSQL print years before 1 as 'YYYY-MM-DD (BC)'). */
    public static String formatDate(long days) {
        long c = civil(days);
        long y = c / 10000;
        int m = (int) (Math.abs(c) / 100 % 100), d = (int) (Math.abs(c) % 100);
        StringBuilder sb = new StringBuilder(16);
        long shown = y > 0 ? y : 1 - y;
        String ys = Long.toString(shown);
        for (int i = ys.length(); i < 4; i++) sb.append('0');
        sb.append(ys).append('-');
        if (m < 10) sb.append('0');
        sb.append(m).append('-');
        if (d < 10) sb.append('0');
        sb.append(d);
        if (y <= 0) sb.append(" (BC)");
        return sb.toString();
    }

    /** 'YYYY-MM-DD HH:MM:SS[.ffffff without trailing zeros]', as DuckDB prints timestamps. */
    public static String formatTimestamp(long micros) {
        long t = timeOf(micros);
        StringBuilder sb = new StringBuilder(formatDate(dayOf(micros)));
        String bc = "";
        if (sb.toString().endsWith(" (BC)")) {
            sb.setLength(sb.length() - 5);
            bc = " (BC)";
        }
        sb.append(' ');
        two(sb, t / 3_600_000_000L);
        sb.append(':');
        two(sb, t / 60_000_000L % 60);
        sb.append(':');
        two(sb, t / MICROS_PER_SECOND % 60);
        long frac = t % MICROS_PER_SECOND;
        if (frac != 0) {
            String f = Long.toString(frac + MICROS_PER_SECOND).substring(1);
            int end = f.length();
            while (f.charAt(end - 1) == '0') end--;
            sb.append('.').append(f, 0, end);
        }
        return sb.append(bc).toString();
    }

    private static void two(StringBuilder sb, long v) {
        if (v < 10) sb.append('0');
        sb.append(v);
    }

    /** Parses 'Y-M-D' (1 or 2 digit month/day allowed, surrounding spaces ignored; a time part is dropped, as DuckDB does) as epoch days. */
    public static long parseDate(long a, int la) {
        try {
            return dayOf(parseDateTime(a, la, true));
        } catch (SqlException e) {
            throw bad(a, la, false);
        }
    }

    /** Parses 'Y-M-D[( |T)H:M[:S[.f]]]' as epoch microseconds. */
    public static long parseTimestamp(long a, int la) {
        return parseDateTime(a, la, true);
    }

    private static long parseDateTime(long a, int la, boolean timestamp) {
        int i = 0, end = la;
        while (i < end && Mem.getByte(a + i) == ' ') i++;
        while (end > i && Mem.getByte(a + end - 1) == ' ') end--;
        int[] pos = {i};
        long y = number(a, pos, end, 1, 6);
        int m = expect(a, pos, end, '-') ? (int) number(a, pos, end, 1, 2) : -1;
        int d = m > 0 && expect(a, pos, end, '-') ? (int) number(a, pos, end, 1, 2) : -1;
        if (y < 0 || m < 1 || m > 12 || d < 1 || d > monthLength(y, m)) throw bad(a, la, timestamp);
        long days = daysFromCivil(y, m, d);
        if (!timestamp) {
            if (pos[0] != end) throw bad(a, la, false);
            return days;
        }
        long time = 0;
        if (pos[0] < end) {
            byte sep = Mem.getByte(a + pos[0]++);
            if (sep != ' ' && sep != 'T') throw bad(a, la, true);
            long h = number(a, pos, end, 1, 2);
            long mi = expect(a, pos, end, ':') ? number(a, pos, end, 2, 2) : -1;
            long s = 0, frac = 0;
            if (pos[0] < end && expect(a, pos, end, ':')) {
                s = number(a, pos, end, 2, 2);
                if (pos[0] < end && expect(a, pos, end, '.')) {
                    int start = pos[0];
                    long f = number(a, pos, end, 1, 6);
                    if (f < 0) throw bad(a, la, true);
                    for (int k = pos[0] - start; k < 6; k++) f *= 10;
                    frac = f;
                }
            }
            if (h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59 || pos[0] != end) throw bad(a, la, true);
            time = ((h * 60 + mi) * 60 + s) * MICROS_PER_SECOND + frac;
        }
        return Math.addExact(Math.multiplyExact(days, MICROS_PER_DAY), time);
    }

    private static boolean expect(long a, int[] pos, int end, char c) {
        if (pos[0] < end && Mem.getByte(a + pos[0]) == c) {
            pos[0]++;
            return true;
        }
        return false;
    }

    /** Between min and max digits as a number, or -1. */
    private static long number(long a, int[] pos, int end, int min, int max) {
        long v = 0;
        int n = 0;
        while (pos[0] < end && n < max) {
            int c = Mem.getByte(a + pos[0]) - '0';
            if (c < 0 || c > 9) break;
            v = v * 10 + c;
            pos[0]++;
            n++;
        }
        return n < min ? -1 : v;
    }

    private static SqlException bad(long a, int la, boolean timestamp) {
        return SqlException.badCast("cannot cast '" + Strings.toJava(a, la) + "' to " + (timestamp ? "TIMESTAMP" : "DATE"));
    }
}
