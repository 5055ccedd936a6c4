package io.ascan.gen;

import io.ascan.format.RowAppender;
import io.ascan.format.TableSchema;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.Month;
import java.time.format.TextStyle;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;

/**
 * The SSB date dimension {@code dwdate}: one row per day from 1992-01-01 to 1998-12-31 (2,557
 * rows), and the yyyymmdd encoding lineorder uses for its dates.
 *
 * <p>Definitions: d_daynuminweek counts from Sunday = 1; d_weeknuminyear is
 * {@code d_daynuminyear div 7 + 1} with d_daynuminyear starting at 1 (so weeks run 1..53);
 * d_lastdayinweekfl marks Saturdays; d_weekdayfl Monday to Friday. SCHEMA.md does not say which
 * days are holidays; we flag the six US holidays that fall on a predictable day: New Year's Day,
 * Memorial Day, Independence Day, Labor Day, Thanksgiving and Christmas.
 */
public final class SsbDates implements ChunkedTable {
    public static final LocalDate FIRST = LocalDate.of(1992, 1, 1);
    public static final LocalDate LAST = LocalDate.of(1998, 12, 31);

    /** yyyymmdd for epoch days 1992-01-01 .. 1999-12-31 (lineitem commit dates reach into 1999). */
    private static final int CACHE_FIRST = (int) FIRST.toEpochDay();
    private static final int[] YYYYMMDD = new int[(int) (LocalDate.of(2000, 1, 1).toEpochDay() - CACHE_FIRST)];

    static {
        for (int i = 0; i < YYYYMMDD.length; i++) YYYYMMDD[i] = encode(LocalDate.ofEpochDay(CACHE_FIRST + i));
    }

    @Override public String name() { return "dwdate"; }
    @Override public TableSchema schema() { return SsbTables.DWDATE; }
    @Override public int chunkCount() { return 1; }
    @Override public long expectedRows() { return LAST.toEpochDay() - FIRST.toEpochDay() + 1; }

    @Override
    public void generateChunk(int chunk, RowAppender out) {
        for (LocalDate d = FIRST; !d.isAfter(LAST); d = d.plusDays(1)) {
            row(d, out);
            out.endRow();
        }
    }

    static void row(LocalDate d, RowAppender out) {
        String month = d.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
        String dayName = d.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
        DayOfWeek dow = d.getDayOfWeek();
        out.setInt(0, encode(d));
        out.setString(1, month + " " + d.getDayOfMonth() + ", " + d.getYear());
        out.setString(2, dayName);
        out.setString(3, month);
        out.setInt(4, d.getYear());
        out.setInt(5, d.getYear() * 100 + d.getMonthValue());
        out.setString(6, month.substring(0, 3) + d.getYear());
        out.setInt(7, dow.getValue() % 7 + 1);
        out.setInt(8, d.getDayOfMonth());
        out.setInt(9, d.getDayOfYear());
        out.setInt(10, d.getMonthValue());
        out.setInt(11, d.getDayOfYear() / 7 + 1);
        out.setString(12, sellingSeason(d.getMonth()));
        out.setBoolean(13, dow == DayOfWeek.SATURDAY);
        out.setBoolean(14, d.getDayOfMonth() == d.lengthOfMonth());
        out.setBoolean(15, isHoliday(d));
        out.setBoolean(16, dow != DayOfWeek.SATURDAY && dow != DayOfWeek.SUNDAY);
    }

    static String sellingSeason(Month m) {
        return switch (m) {
            case JANUARY, FEBRUARY, MARCH -> "Winter";
            case APRIL -> "Spring";
            case MAY, JUNE, JULY, AUGUST -> "Summer";
            case SEPTEMBER, OCTOBER -> "Fall";
            case NOVEMBER, DECEMBER -> "Christmas";
        };
    }

    static boolean isHoliday(LocalDate d) {
        int m = d.getMonthValue();
        int day = d.getDayOfMonth();
        if ((m == 1 && day == 1) || (m == 7 && day == 4) || (m == 12 && day == 25)) return true;
        return switch (m) {
            case 5 -> d.equals(d.with(TemporalAdjusters.lastInMonth(DayOfWeek.MONDAY)));
            case 9 -> d.equals(d.with(TemporalAdjusters.firstInMonth(DayOfWeek.MONDAY)));
            case 11 -> d.equals(d.with(TemporalAdjusters.dayOfWeekInMonth(4, DayOfWeek.THURSDAY)));
            default -> false;
        };
    }

    static int encode(LocalDate d) {
        return d.getYear() * 10_000 + d.getMonthValue() * 100 + d.getDayOfMonth();
    }

    /** yyyymmdd of a date given in days since 1970-01-01. */
    public static int yyyymmdd(int epochDay) {
        int i = epochDay - CACHE_FIRST;
        return i >= 0 && i < YYYYMMDD.length ? YYYYMMDD[i] : encode(LocalDate.ofEpochDay(epochDay));
    }
}
