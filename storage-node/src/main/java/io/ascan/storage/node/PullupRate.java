package io.ascan.storage.node;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The compute side's measured pull-up time per byte from one node (the request until the last
 * segment is decoded: the link, an emulated link's wait and the decoding, smoothed), sent with each pushdown request so the
 * node's pushback arbiter weighs pushdown against the pull-up this client would actually do.
 * Thread-safe.
 */
final class PullupRate {
    private static final double ALPHA = 0.2;
    private double nanosPerByte = Double.NaN;

    synchronized void pulled(long bytes, long nanos) {
        if (bytes <= 0) return;
        double x = (double) nanos / bytes;
        nanosPerByte = Double.isNaN(nanosPerByte) ? x : ALPHA * x + (1 - ALPHA) * nanosPerByte;
    }

    /**
     * A copy of a pushdown request carrying the rate, once one was measured. Always a copy: the
     * caller adds its slice's fields while other threads copy the same request (returning the
     * request itself let one scan worker write into it while another serialized it).
     */
    ObjectNode stamp(ObjectNode request) {
        double r;
        synchronized (this) {
            r = nanosPerByte;
        }
        ObjectNode o = request.deepCopy();
        if (!Double.isNaN(r)) o.put(Tickets.PULLUP_RATE, r);
        return o;
    }
}
