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
    /** How often a waiting stream rechecks its client. */
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private ServerStreamListener listener;

    @Override
    public void register(ServerStreamListener listener) {
        this.listener = listener;
    }

    @Override
    public WaitResult waitForListener(long timeoutMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            if (listener.isCancelled()) return WaitResult.CANCELLED;
            if (listener.isReady()) return WaitResult.READY;
            if (System.nanoTime() - deadline >= 0) return WaitResult.TIMEOUT;
            try {
                TimeUnit.NANOSECONDS.sleep(POLL_NANOS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return WaitResult.OTHER;
            }
        }
    }
}
