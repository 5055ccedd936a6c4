package io.ascan.storage.node;

/**
 * The highest rate at which this connection's pull-ups have moved segments, all its calls at once:
 * bytes over the time at least one pull-up was in flight, taken over windows of {@link #WINDOW_NANOS}
 * of such time. Without a link limit (or under a fast one) pull-up is bound by the transport and the
 * compute side's checks and decoding, not the link; this is that bound for the adaptive scan's cost
 * model ({@link NodeClient#pullupBandwidth}). A window of calls that moved less than
 * {@link #MIN_CALL_BYTES} each on average is no such bound: their round trips, not their bytes, set
 * its rate, and pushdown pays a round trip per slice too, which the model counts for neither (SSB's
 * test slices of 2 KiB pulled up at 0.2 MB/s over loopback bounded pull-up to a thousandth of
 * pushdown, which ran slower than it). Thread-safe.
 */
final class PullupThroughput {
    /** The busy time a window spans: long enough to average over calls of a slice each. */
    static final long WINDOW_NANOS = 200_000_000L;
    /** Bytes a call moves on average for its window to measure bytes: a millisecond's round trip is a quarter of 256 KiB at 1 GB/s. */
    static final long MIN_CALL_BYTES = 256 * 1024;

    private int active;
    private long last; // the last start or end, while active > 0
    private long busy, bytes, calls;
    private double best = Double.NaN; // bytes/s

    synchronized void started(long now) {
        advance(now);
        active++;
    }

    synchronized void ended(long now, long moved) {
        advance(now);
        active--;
        bytes += moved;
        calls++;
        if (busy >= WINDOW_NANOS) {
            if (bytes >= MIN_CALL_BYTES * calls) {
                double rate = bytes * 1e9 / busy;
                best = Double.isNaN(best) ? rate : Math.max(best, rate);
            }
            busy = 0;
            bytes = 0;
            calls = 0;
        }
    }

    private void advance(long now) {
        if (active > 0) busy += now - last;
        last = now;
    }

    /** Bytes/s, or 0 before a window of calls large enough was measured. */
    synchronized long best() {
        return Double.isNaN(best) ? 0 : (long) best;
    }
}
