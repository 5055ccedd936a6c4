package io.ascan.embedded;

import io.ascan.exec.QueryResult;
import io.ascan.scan.ScanProgress;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A progress line on stderr for a running query: its scans' slices done of slices to read, rows
 * and bytes, redrawn in place a few times a second once the query has run for {@code delayMillis}.
 * {@link #close()} (when the first rows are about to be printed, or the query failed) stops it and
 * erases the line, so nothing of it stays between the results. Never written to stdout. Shown by
 * {@code ascan sql --progress} and, through the JDBC driver's {@code jdbc.progress}, by the shell.
 */
public final class QueryProgress implements AutoCloseable {
    public static final long DELAY_MILLIS = 1000;
    private static final long REDRAW_MILLIS = 200;
    private static final int WIDTH = 20;
    /** ANSI "erase to end of line". */
    public static final String ERASE = "\r\033[K";
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ascan-progress");
        t.setDaemon(true);
        return t;
    });

    private final PrintWriter err;
    private final long delay;
    private final boolean drawOnClose;
    private QueryResult result;
    private ScheduledFuture<?> redraw;
    private boolean drawn;
    private boolean closed;

    /** @param delayMillis before the first line; @param drawOnClose draw the last state once before erasing it (forced progress: tests see a line whatever the timing) */
    public QueryProgress(PrintWriter err, long delayMillis, boolean drawOnClose) {
        this.err = err;
        this.delay = delayMillis;
        this.drawOnClose = drawOnClose;
    }

    /** Starts polling {@code r} (the running query). */
    public synchronized void watch(QueryResult r) {
        if (closed) return;
        result = r;
        redraw = TIMER.scheduleAtFixedRate(this::draw, delay, REDRAW_MILLIS, TimeUnit.MILLISECONDS);
    }

    private synchronized void draw() {
        if (closed || result == null) return;
        err.print(ERASE + line(result.progress()));
        err.flush();
        drawn = true;
    }

    static String line(ScanProgress p) {
        double fraction = p.slices() == 0 ? 0 : Math.min(1.0, (double) p.slicesDone() / p.slices());
        int filled = (int) (fraction * WIDTH);
        return String.format(Locale.ROOT, "[%s%s] slices %d/%d, %,d rows, %s", "#".repeat(filled), ".".repeat(WIDTH - filled),
                p.slicesDone(), p.slices(), p.rows(), bytes(p.bytes()));
    }

    static String bytes(long b) {
        if (b >= 1L << 30) return String.format(Locale.ROOT, "%.1f GiB", b / (double) (1L << 30));
        if (b >= 1L << 20) return String.format(Locale.ROOT, "%.1f MiB", b / (double) (1L << 20));
        if (b >= 1L << 10) return String.format(Locale.ROOT, "%.1f KiB", b / (double) (1L << 10));
        return b + " B";
    }

    /** Stops redrawing and erases the line, if one was drawn. Idempotent. */
    @Override
    public void close() {
        ScheduledFuture<?> f;
        synchronized (this) {
            if (closed) return;
            if (drawOnClose && result != null) draw();
            closed = true;
            f = redraw;
        }
        if (f != null) f.cancel(false);
        synchronized (this) {
            if (drawn) {
                err.print(ERASE);
                err.flush();
            }
        }
    }
}
