package io.ascan.storage.node.pushback;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;

/**
 * A storage node's adaptive pushdown: the {@link PushbackArbiter} deciding on pushdown requests from
 * the {@link PushdownRates} they measure, the node's emulated computational power, and its optional
 * CPU hog. The node asks it about each pushdown request for one slice from a client that can take
 * raw segments instead (ascan's); other requests (a Flight reader's) always run as pushdown.
 */
public final class NodePushback implements AutoCloseable {
    private final PushbackSettings settings;
    private final PushbackArbiter arbiter;
    private final PushdownRates rates = new PushdownRates();
    private final CpuHog hog;
    private final java.util.concurrent.atomic.AtomicLong coreNanos = new java.util.concurrent.atomic.AtomicLong();

    /** @param storageThreads the node's storage.threads: its pushdown cores unless the settings say otherwise */
    public NodePushback(PushbackSettings settings, int storageThreads) {
        this.settings = settings;
        this.arbiter = new PushbackArbiter(settings, settings.cores() > 0 ? settings.cores() : storageThreads, System::nanoTime);
        this.hog = new CpuHog(settings.cpuHog());
    }

    public PushbackSettings settings() {
        return settings;
    }

    public PushbackArbiter.Counts counts() {
        return arbiter.counts();
    }

    /** Core time pushdown requests took so far, emulated power included: the node's CPU spent on pushdown. */
    public long coreNanos() {
        return coreNanos.get();
    }

    public PushdownRates rates() {
        return rates;
    }

    /**
     * Decides on a pushdown request and waits until it holds a core or was pushed back.
     *
     * @param inBytes               the raw bytes of the slice's columns it reads
     * @param computeNanosPerByte   the compute side's measured pull-up time per byte, or 0 when it has none
     */
    public Admission admit(String table, int[] columns, JsonNode predicate, long inBytes, double computeNanosPerByte)
            throws InterruptedException {
        PushdownRates.Shape shape = new PushdownRates.Shape(table, Arrays.toString(columns), shape(predicate));
        return new Admission(shape, inBytes, arbiter.enter(rates.estimate(shape, inBytes, computeNanosPerByte)));
    }

    /** P without its literals: requests that differ only in constants filter alike. */
    static String shape(JsonNode predicate) {
        if (predicate == null || predicate.isNull()) return "";
        JsonNode copy = predicate.deepCopy();
        strip(copy);
        return copy.toString();
    }

    private static void strip(JsonNode n) {
        if (n instanceof ObjectNode o && o.has("lit")) o.put("lit", "?");
        for (Iterator<JsonNode> it = n.elements(); it.hasNext(); ) strip(it.next());
    }

    /** One request's decision; closing it frees its core or its transfer. */
    public final class Admission implements AutoCloseable {
        private final PushdownRates.Shape shape;
        private final long inBytes;
        private final PushbackArbiter.Request request;
        private long coreNanos;

        Admission(PushdownRates.Shape shape, long inBytes, PushbackArbiter.Request request) {
            this.shape = shape;
            this.inBytes = inBytes;
            this.request = request;
        }

        public boolean pushedBack() {
            return request.decision() == PushbackArbiter.Decision.PUSHBACK;
        }

        /**
         * The pushdown worked {@code nanos} on its core: at a power below 1 the core stays taken for the
         * rest of the time a weaker node would have needed.
         */
        public void worked(long nanos) throws InterruptedException {
            long extra = settings.power() >= 1 ? 0 : (long) (nanos * (1 / settings.power() - 1));
            if (extra > 0) TimeUnit.NANOSECONDS.sleep(extra);
            this.coreNanos += nanos + extra;
            NodePushback.this.coreNanos.addAndGet(nanos + extra);
        }

        /** The pushdown finished, having shipped {@code outBytes}: its core is free, its rates measured. */
        public void pushedDown(long outBytes) {
            request.close();
            rates.pushedDown(shape, inBytes, coreNanos, outBytes);
        }

        @Override
        public void close() {
            request.close();
        }
    }

    @Override
    public void close() throws InterruptedException {
        hog.close();
    }
}
