package io.ascan.gen;

import java.io.PrintWriter;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * Progress of one table on stderr: rows done / total, rate and ETA. On a terminal one line is
 * redrawn in place (at most ten times a second); otherwise, so that logs stay readable, a line is
 * printed each time another tenth of the table is done. The total may be an estimate (lineitem's
 * row count is only known at the end); the bar then stays below 100% until {@link #finish()}.
 */
public final class ProgressBar implements LongConsumer {
    private static final int WIDTH = 24;
    private static final long REDRAW_NANOS = 100_000_000L;
    /** ANSI "erase to end of line", for when a redrawn line is shorter than the previous one. */
    private static final String ERASE_TO_END = "\033[K";

    private final PrintWriter err;
    private final boolean terminal;
    private final String label;
    private final long total;
    private final LongSupplier nanoClock;
    private final long start;
    private long done;
    private long lastDraw;
    private int lastDecile;

    public ProgressBar(PrintWriter err, boolean terminal, String label, long total) {
        this(err, terminal, label, total, System::nanoTime);
    }

    ProgressBar(PrintWriter err, boolean terminal, String label, long total, LongSupplier nanoClock) {
        this.err = err;
        this.terminal = terminal;
        this.label = label;
        this.total = Math.max(1, total);
        this.nanoClock = nanoClock;
        this.start = nanoClock.getAsLong();
        this.lastDraw = start - REDRAW_NANOS;
    }

    /**
     * Whether stderr is a terminal: libc's isatty(2) through the FFM linker, since the JDK only
     * tells about stdin/stdout ({@link java.io.Console#isTerminal()}), the fallback.
     */
    @SuppressWarnings("restricted") // FFM: one libc call; storage-native's LibC has no isatty
    public static boolean stderrIsTerminal() {
        try {
            Linker linker = Linker.nativeLinker();
            MethodHandle isatty = linker.downcallHandle(linker.defaultLookup().find("isatty").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
            return (int) isatty.invokeExact(2) == 1;
        } catch (Throwable e) {
            java.io.Console c = System.console();
            return c != null && c.isTerminal();
        }
    }

    @Override
    public synchronized void accept(long rows) {
        done += rows;
        long now = nanoClock.getAsLong();
        if (terminal) {
            if (now - lastDraw >= REDRAW_NANOS) {
                lastDraw = now;
                err.print("\r" + line(now, false) + ERASE_TO_END);
                err.flush();
            }
        } else if (done < total) { // the line at 100% is finish()'s
            int decile = (int) (done * 10 / total);
            if (decile > lastDecile) {
                lastDecile = decile;
                err.println(line(now, false));
                err.flush();
            }
        }
    }

    /** Final state (100%, actual row count), then a line break. */
    public synchronized void finish() {
        String last = line(nanoClock.getAsLong(), true);
        err.println(terminal ? "\r" + last + ERASE_TO_END : last);
        err.flush();
    }

    long done() {
        return done;
    }

    String line(long now, boolean finished) {
        long of = finished ? done : Math.max(total, done);
        double fraction = finished ? 1.0 : Math.min(0.99, (double) done / of);
        double seconds = Math.max(1e-9, (now - start) / 1e9);
        double rate = done / seconds;
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-10s ", label));
        if (terminal) {
            int filled = (int) (fraction * WIDTH);
            b.append('[').append("#".repeat(filled)).append(".".repeat(WIDTH - filled)).append("] ");
        }
        b.append(String.format(Locale.ROOT, "%3d%% %,d/%,d rows  %s rows/s", (int) (fraction * 100), done, of,
                human(rate)));
        if (finished) {
            b.append(String.format(Locale.ROOT, "  %.1fs", seconds));
        } else if (rate > 0) {
            b.append("  ETA ").append(duration((of - done) / rate));
        }
        return b.toString();
    }

    static String human(double v) {
        if (v >= 1e9) return String.format(Locale.ROOT, "%.1fG", v / 1e9);
        if (v >= 1e6) return String.format(Locale.ROOT, "%.1fM", v / 1e6);
        if (v >= 1e3) return String.format(Locale.ROOT, "%.1fk", v / 1e3);
        return String.format(Locale.ROOT, "%.0f", v);
    }

    static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) return s + "s";
        if (s < 3600) return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        return String.format(Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60);
    }
}
