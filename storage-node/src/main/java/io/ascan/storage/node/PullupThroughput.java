package io.ascan.storage.node;

/**
 * The highest rate at which this connection's pull-ups have moved segments, all its calls at once:
 * bytes over the time at least one pull-up was in flight, taken over windows of {@link #WINDOW_NANOS}
 * of such time. Without a link limit (or under a fast one) pull-up is bound by the transport and the
 * compute side's checks and decoding, not the link; this is that bound for the adaptive scan's cost
 * model ({@link NodeClient#pullupBandwidth}). Thread-safe.
 */
final class PullupThroughput {
    /** The busy time a window spans: long enough to average over calls of a slice each. */
    static final long WINDOW_NANOS = 200_000_000L;

    private int active;
    private long last; // the last start or end, while active > 0
    private long busy, bytes;
    private double best = Double.NaN; // bytes/s

    synchronized void started(long now) {
        advance(now);
        active++;
    }

    synchronized void ended(long now, long moved) {
        advance(now);
        active--;
        bytes += moved;
        if (busy >= WINDOW_NANOS) {
            double rate = bytes * 1e9 / busy;
            best = Double.isNaN(best) ? rate : Math.max(best, rate);
            busy = 0;
            bytes = 0;
        }
    }

    private void advance(long now) {
        if (active > 0) busy += now - last;
        last = now;
    }

    /** Bytes/s, or 0 before a window was measured. */
    synchronized long best() {
        return Double.isNaN(best) ? 0 : (long) best;
    }
}
