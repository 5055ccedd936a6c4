package io.ascan.storage.node;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStream;

/**
 * One {@code DoGet} of the compute side. Its stream is read and closed only on {@code streams}'
 * threads, which nothing interrupts, while the query's worker waits for each batch (and may be
 * interrupted there, when the query fails or is cancelled):
 * <ul>
 *   <li>{@link FlightStream#next()} takes the call's end marker from the stream's queue and puts
 *       it back; on an interrupted thread the put can throw, the marker is lost, and the stream's
 *       close then waits for it for ever, holding the stream's last batch (a query whose other
 *       worker failed interrupts this one: an adaptive scan, with pull-up and pushdown calls at
 *       once, left 64 KiB in the node client's allocator that way).</li>
 *   <li>{@link FlightStream#close()} cancels a call that did not end and waits, without bound,
 *       until gRPC reports its end; a call on a connection that died without telling did not
 *       report it. So the close runs in the background, after the batch being read (if the worker
 *       left during it) arrived; the node client's close ends every call at once (its channel shut
 *       down now) and then waits for these closes before it closes its memory.</li>
 * </ul>
 */
final class NodeCall implements AutoCloseable {
    private final FlightStream stream;
    private final ExecutorService streams;
    private Future<Boolean> reading; // a next() the worker stopped waiting for
    private boolean ended;

    NodeCall(FlightStream stream, ExecutorService streams) {
        this.stream = stream;
        this.streams = streams;
    }

    FlightStream stream() {
        return stream;
    }

    /**
     * {@link FlightStream#next()}, noting whether the call ended (its last batch, or its error,
     * arrived). An interrupt while it waits is a {@link FlightRuntimeException} (CANCELLED) with
     * the thread's interrupt status set; the call is then abandoned, and closed in the background.
     */
    boolean next() {
        Future<Boolean> f = streams.submit(stream::next);
        try {
            boolean more = f.get();
            if (!more) ended = true;
            return more;
        } catch (InterruptedException e) {
            reading = f;
            Thread.currentThread().interrupt();
            throw CallStatus.CANCELLED.withDescription("the query stopped reading").withCause(e).toRuntimeException();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof FlightRuntimeException fre) {
                ended = true;
                throw fre;
            }
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        }
    }

    @Override
    public void close() {
        if (!ended) stream.cancel("the compute side no longer reads this call", null);
        Future<Boolean> pending = reading;
        streams.execute(() -> {
            try {
                if (pending != null) pending.get(); // returns once the cancel ended the call
            } catch (Exception e) {
                // that read's own failure: the close below releases what the stream holds
            }
            try {
                stream.close();
            } catch (Exception e) {
                // the call's own failure or the cancel: nothing more to release or report
            }
        });
    }
}
