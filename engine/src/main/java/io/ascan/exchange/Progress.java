package io.ascan.exchange;

import java.io.PrintWriter;

/**
 * Rows-done reporting for long imports and exports: silent for the first two seconds (most runs
 * end before), then a line on the error stream about every five seconds, and a final count if
 * anything was printed. Checking the clock only every 64 Ki rows keeps it off the hot path.
 */
public final class Progress {
    public static final Progress NONE = new Progress(null, "");
    private static final long QUIET_NANOS = 2_000_000_000L;
    private static final long EVERY_NANOS = 5_000_000_000L;

    private final PrintWriter out;
    private final String what;
    private final long start = System.nanoTime();
    private long lastPrint = start;
    private long rows;
    private boolean printed;

    private Progress(PrintWriter out, String what) {
        this.out = out;
        this.what = what;
    }

    /** Reports to {@code out} as "{@code what}: N rows". */
    public static Progress to(PrintWriter out, String what) {
        return new Progress(out, what);
    }

    public void row() {
        if ((++rows & 0xFFFF) == 0 && out != null) tick();
    }

    public void rows(int n) {
        long before = rows;
        rows += n;
        if (out != null && (before >>> 16) != (rows >>> 16)) tick();
    }

    private void tick() {
        long now = System.nanoTime();
        if (now - start >= QUIET_NANOS && now - lastPrint >= (printed ? EVERY_NANOS : QUIET_NANOS)) {
            out.printf("%s: %,d rows%n", what, rows);
            out.flush();
            lastPrint = now;
            printed = true;
        }
    }

    /** Starts a new phase (for example the second pass over a CSV file) under a new label. */
    public Progress phase(String label) {
        return out == null ? NONE : new Progress(out, label);
    }

    public void done() {
        if (printed) {
            out.printf("%s: %,d rows, done%n", what, rows);
            out.flush();
        }
    }
}
