package io.ascan.gen;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.SplittableRandom;

/**
 * Pick-up times, 2011-01-01 .. 2024-12-31. Row {@code i} of {@code n} gets its day from the
 * inverse of the cumulative trip volume at position i/n, so the table is ordered by day like the
 * TLC's monthly files (zone maps on the timestamp work) while volume follows a mild seasonality:
 * a slow decline over the years with a dip in 2020, fewer trips in January/February and summer,
 * busier Thursdays to Saturdays. The time of day follows an hourly profile (quiet at 4-5 am,
 * peak at 6-7 pm).
 */
final class TaxiCalendar {
    static final LocalDate FIRST = LocalDate.of(2011, 1, 1);
    static final LocalDate LAST = LocalDate.of(2024, 12, 31);
    private static final double[] MONTH = {0.88, 0.90, 1.04, 1.03, 1.05, 1.00, 0.94, 0.92, 1.00, 1.06, 1.02, 1.00};
    private static final double[] WEEKDAY = {0.92, 0.98, 1.0, 1.06, 1.10, 1.08, 0.90}; // Monday first
    private static final double[] HOUR = {
        3.0, 2.2, 1.6, 1.1, 0.8, 0.8, 2.0, 3.5, 4.5, 4.6, 4.5, 4.7,
        5.0, 5.0, 5.2, 5.4, 5.0, 5.6, 6.2, 6.1, 5.6, 5.4, 5.0, 4.2};

    private final int firstDay = (int) FIRST.toEpochDay();
    private final double[] cumulative;
    private final short[] years;
    private final WeightedChoice hours = new WeightedChoice(HOUR);

    TaxiCalendar() {
        int days = (int) (LAST.toEpochDay() - FIRST.toEpochDay() + 1);
        cumulative = new double[days];
        years = new short[days];
        double sum = 0;
        for (int i = 0; i < days; i++) {
            LocalDate d = FIRST.plusDays(i);
            years[i] = (short) d.getYear();
            sum += volume(d);
            cumulative[i] = sum;
        }
        for (int i = 0; i < days; i++) cumulative[i] /= sum;
    }

    private static double volume(LocalDate d) {
        double year = 1.0 - 0.025 * (d.getYear() - 2011);
        if (d.getYear() == 2020 && d.getMonthValue() >= 4) year *= 0.55;
        DayOfWeek w = d.getDayOfWeek();
        return year * MONTH[d.getMonthValue() - 1] * WEEKDAY[w.getValue() - 1];
    }

    /** Epoch day of the trip at fractional position {@code f} in [0, 1) of the table. */
    int day(double f) {
        int i = java.util.Arrays.binarySearch(cumulative, f);
        i = i >= 0 ? i + 1 : -i - 1;
        return firstDay + Math.min(i, cumulative.length - 1);
    }

    int year(int epochDay) {
        return years[epochDay - firstDay];
    }

    /** 0 = Monday .. 6 = Sunday (1970-01-01 was a Thursday). */
    static int weekday(int epochDay) {
        return Math.floorMod(epochDay + 3, 7);
    }

    /** Seconds after midnight. */
    int secondOfDay(SplittableRandom r) {
        return hours.next(r) * 3600 + r.nextInt(3600);
    }
}
