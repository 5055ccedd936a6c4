package io.ascan.storage.node;

import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.BackpressureStrategy;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;

/**
 * Back-pressure for a {@code DoGet} that notices a client reading again or going away while it
 * waits. Arrow's {@link BackpressureStrategy.CallbackBackpressureStrategy} sleeps until the
 * listener's on-ready or on-cancel callback wakes it, but gRPC runs a call's callbacks one at a
 * time on the call's serializing executor, which {@code getStream} holds while it streams: neither
 * callback runs before {@code getStream} returns, so a stream that once waits sleeps out its whole
 * timeout, holding its buffers, even after its client cancelled or disconnected. The listener's
 * {@code isReady()} and {@code isCancelled()} themselves are current, so this strategy polls them.
 */
final class ClientReadiness implements BackpressureStrategy {
    /**
     * How often a waiting stream rechecks its client: soon at first (a pull's segment, hundreds of KiB,
     * leaves gRPC's buffer within a fraction of a millisecond on a fast link, and a 1 ms poll left the
     * stream idle for most of each), then less often, up to every millisecond for a client that does not read.
     */
    private static final long FIRST_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(50), POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private ServerStreamListener listener;

    @Override
    public void register(ServerStreamListener listener) {
        this.listener = listener;
    }

    @Override
    public WaitResult waitForListener(long timeoutMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        long poll = FIRST_POLL_NANOS;
        while (true) {
            if (listener.isCancelled()) return WaitResult.CANCELLED;
            if (listener.isReady()) return WaitResult.READY;
            if (System.nanoTime() - deadline >= 0) return WaitResult.TIMEOUT;
            try {
                TimeUnit.NANOSECONDS.sleep(poll);
                poll = Math.min(2 * poll, POLL_NANOS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return WaitResult.OTHER;
            }
        }
    }
}
