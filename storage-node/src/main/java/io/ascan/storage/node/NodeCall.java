package io.ascan.storage.node;

import java.util.concurrent.Executor;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStream;

/**
 * One {@code DoGet} of the compute side, whose close never makes the caller wait for a call that
 * has not ended. {@link FlightStream#close()} cancels such a call and then waits, without bound,
 * until gRPC reports its end; a call on a connection that died without telling did not report it,
 * and the query waited in close for ever (an interrupt does not help: Flight then leaves the
 * stream's buffers allocated). So a call abandoned before its end is cancelled and closed on
 * {@code closer}'s thread, which waits for it; the node client's close ends every call at once
 * (its channel shut down now), and then waits for those closes before it closes its memory.
 */
final class NodeCall implements AutoCloseable {
    private final FlightStream stream;
    private final Executor closer;
    private boolean ended;

    NodeCall(FlightStream stream, Executor closer) {
        this.stream = stream;
        this.closer = closer;
    }

    FlightStream stream() {
        return stream;
    }

    /** {@link FlightStream#next()}, noting whether the call ended (its last batch, or its error, arrived). */
    boolean next() {
        try {
            boolean more = stream.next();
            if (!more) ended = true;
            return more;
        } catch (FlightRuntimeException e) {
            ended = true;
            throw e;
        }
    }

    @Override
    public void close() throws Exception {
        if (ended) {
            closeUninterrupted();
            return;
        }
        stream.cancel("the compute side no longer reads this call", null);
        closer.execute(() -> {
            try {
                stream.close();
            } catch (Exception e) {
                // the call's own failure or the cancel: nothing more to release or report
            }
        });
    }

    /**
     * {@link FlightStream#close()} of an ended call, with the thread's interrupt status set aside:
     * the close takes the stream's end marker from its queue, and on an interrupted thread (a query
     * whose other worker failed interrupts this one) that take throws before the close releases the
     * last batch it holds, which then stayed in the client's allocator.
     */
    private void closeUninterrupted() throws Exception {
        boolean interrupted = Thread.interrupted();
        try {
            stream.close();
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }
}
