package io.ascan.bench.harness;

import java.io.PrintWriter;
import java.util.Locale;

/** One stderr line per query execution, with a counter and the elapsed time, so a long run is watchable. */
final class ProgressLog {
    private final PrintWriter err;
    private final int total;
    private final long start = System.nanoTime();
    private int done;

    ProgressLog(PrintWriter err, int total) {
        this.err = err;
        this.total = total;
    }

    /** {@code run} 0 is the warm-up. */
    void ran(String workload, String query, String variant, int run, int runs, double millis, long rows) {
        done++;
        long s = (System.nanoTime() - start) / 1_000_000_000L;
        String width = "%" + String.valueOf(total).length() + "d";
        err.printf(Locale.ROOT, "[" + width + "/%d %d:%02d:%02d] %s %s %s %s: %.1f ms, %d rows%n", done, total,
                s / 3600, s / 60 % 60, s % 60, workload, query, variant,
                run == 0 ? "warm-up" : "run " + run + "/" + runs, millis, rows);
        err.flush();
    }

    void note(String line) {
        err.println(line);
        err.flush();
    }
}
