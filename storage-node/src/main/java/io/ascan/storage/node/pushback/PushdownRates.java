package io.ascan.storage.node.pushback;

import java.util.HashMap;
import java.util.Map;

/**
 * The rates the arbiter's estimates come from, measured online (section 3.3 of the paper, without
 * its profiling runs): per request shape (table, P with its literals left out, columns) the core
 * time pushdown took per input byte and the bytes it shipped per input byte; for the whole node the
 * time a raw transfer took per byte (pull-up requests and pushed-back ones: the link as the node
 * sees it). The compute side may send its own measured pull-up time per byte with a request
 * (decoding and P included); the estimate prefers it.
 *
 * <p>Before anything is measured: the pull-up time per byte is {@link #PRIOR_PULLUP_NANOS_PER_BYTE}
 * (a 1 GB/s link); a shape not measured yet takes the mean of the shapes measured so far, and
 * before any, pushdown is taken to cost nothing but its wait: a fresh node admits while its cores
 * keep up, and those first runs are its measurements. Measurements are smoothed (EWMA,
 * {@link #ALPHA}). Thread-safe.
 */
public final class PushdownRates {
    /** The pull-up time per byte assumed before any transfer was measured: 1 GB/s. */
    public static final double PRIOR_PULLUP_NANOS_PER_BYTE = 1.0;
    static final double ALPHA = 0.2;

    /** What a pushdown request reads: its table, columns and P's shape. */
    public record Shape(String table, String columns, String predicate) {}

    private static final class Rate {
        double coreNanosPerByte = Double.NaN;
        double outPerIn = Double.NaN;
    }

    private final Map<Shape, Rate> shapes = new HashMap<>();
    private double pullupNanosPerByte = Double.NaN;
    private double meanCore = Double.NaN;
    private double meanOut = Double.NaN;

    /** The estimate for a request of {@code shape} reading {@code inBytes} (raw segment bytes). */
    public synchronized PushbackArbiter.Estimate estimate(Shape shape, long inBytes, double computePullupNanosPerByte) {
        double net = computePullupNanosPerByte > 0 ? computePullupNanosPerByte
                : Double.isNaN(pullupNanosPerByte) ? PRIOR_PULLUP_NANOS_PER_BYTE : pullupNanosPerByte;
        Rate r = shapes.get(shape);
        double core = r != null ? r.coreNanosPerByte : meanCore;
        double out = r != null ? r.outPerIn : meanOut;
        long pullup = (long) (inBytes * net);
        if (Double.isNaN(core)) return new PushbackArbiter.Estimate(0, pullup);
        return new PushbackArbiter.Estimate((long) (inBytes * (core + out * net)), pullup);
    }

    /** A pushdown of {@code shape} held a core {@code coreNanos} for {@code inBytes} and shipped {@code outBytes}. */
    public synchronized void pushedDown(Shape shape, long inBytes, long coreNanos, long outBytes) {
        if (inBytes <= 0) return;
        double core = (double) coreNanos / inBytes, out = (double) outBytes / inBytes;
        Rate r = shapes.computeIfAbsent(shape, s -> new Rate());
        r.coreNanosPerByte = ewma(r.coreNanosPerByte, core);
        r.outPerIn = ewma(r.outPerIn, out);
        meanCore = ewma(meanCore, core);
        meanOut = ewma(meanOut, out);
    }

    /** A raw transfer (pull-up or pushed back) of {@code bytes} took {@code nanos} from its start to its last batch sent. */
    public synchronized void pulledUp(long bytes, long nanos) {
        if (bytes > 0) pullupNanosPerByte = ewma(pullupNanosPerByte, (double) nanos / bytes);
    }

    private static double ewma(double old, double x) {
        return Double.isNaN(old) ? x : ALPHA * x + (1 - ALPHA) * old;
    }
}
