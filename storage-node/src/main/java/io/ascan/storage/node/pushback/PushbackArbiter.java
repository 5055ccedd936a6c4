package io.ascan.storage.node.pushback;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.LongSupplier;

/**
 * Adaptive pushdown's arbiter (Algorithm 1 of the paper, with FlexPushdownDB's wait and pull-up
 * weight): every pushdown request is admitted to the node's {@code cores} pushdown slots or
 * pushed back, answered with its raw segments. A request is admitted when its estimated pushdown
 * time plus its wait (the remaining estimated times of the requests running on the cores and of those
 * admitted ahead of it in the queue, laid out on the cores) is below its estimated pull-up time,
 * weighted by how many pushed-back transfers share the link: {@code max(1, ceil(n / pullupSlots))}
 * for the {@code n}-th concurrent one. An admitted request waits for a core.
 *
 * <p>First come, first served, a decision is final. PA-aware (pushdown amenability, PA = t_pb - t_pd),
 * the queue is kept in order of PA, most first: a new request waits only behind those that save
 * more, and the queued requests behind it are checked again with the longer wait; those that no
 * longer pay are pushed back, the least amenable first, before they started.
 *
 * <p>Thread-safe: each request's thread blocks in {@link #enter} until it holds a core or was
 * pushed back; {@link #arrive} and {@link Request#decision()} are the same decisions without
 * blocking, for scripted tests.
 */
public final class PushbackArbiter {
    /** A request's estimated times, in nanoseconds: pushdown (scan, filter, results over the link) and pull-up. */
    public record Estimate(long pushdownNanos, long pullupNanos) {
        /** Pushdown amenability: the time pushdown saves. */
        public long amenability() {
            return pullupNanos - pushdownNanos;
        }
    }

    public enum Decision { QUEUED, PUSHDOWN, PUSHBACK }

    /** Decisions so far: requests seen, admitted (ran as pushdown) and pushed back. */
    public record Counts(long requested, long admitted, long pushedBack) {}

    private final PushbackSettings settings;
    private final int cores;
    private final LongSupplier clock;
    private final Random random;
    private final List<Request> running = new ArrayList<>();
    private final List<Request> queue = new ArrayList<>();
    private int pushedBackInFlight;
    private long sequence;
    private long requested, admitted, pushedBack;

    /** @param cores pushdown slots ({@code settings.cores()} unless that is 0) */
    public PushbackArbiter(PushbackSettings settings, int cores, LongSupplier clock) {
        if (cores < 1) throw new IllegalArgumentException("pushdown cores must be at least 1");
        this.settings = settings;
        this.cores = cores;
        this.clock = clock;
        this.random = new Random(settings.seed());
    }

    public PushbackSettings settings() {
        return settings;
    }

    /** One pushdown request's place in the arbiter; closing it frees its core or its pull-up transfer. */
    public final class Request implements AutoCloseable {
        private final Estimate estimate;
        private final long seq;
        private Decision decision = Decision.QUEUED;
        private long startedAt;
        private boolean closed;

        private Request(Estimate estimate, long seq) {
            this.estimate = estimate;
            this.seq = seq;
        }

        public Estimate estimate() {
            return estimate;
        }

        public Decision decision() {
            synchronized (PushbackArbiter.this) {
                return decision;
            }
        }

        /** Its estimated pushdown time not yet spent (0 once overdue). */
        private long remaining(long now) {
            return decision == Decision.PUSHDOWN ? Math.max(0, estimate.pushdownNanos - (now - startedAt)) : estimate.pushdownNanos;
        }

        @Override
        public void close() {
            synchronized (PushbackArbiter.this) {
                if (closed) return;
                closed = true;
                switch (decision) {
                    case PUSHDOWN -> running.remove(this);
                    case PUSHBACK -> pushedBackInFlight--;
                    case QUEUED -> queue.remove(this); // interrupted while waiting
                }
                dispatch();
            }
        }
    }

    /**
     * Decides on a request and returns once it holds a core ({@link Decision#PUSHDOWN}) or was
     * pushed back ({@link Decision#PUSHBACK}). The caller closes it when done.
     */
    public Request enter(Estimate e) throws InterruptedException {
        Request r = arrive(e);
        synchronized (this) {
            try {
                while (r.decision == Decision.QUEUED) wait();
            } catch (InterruptedException ie) {
                r.close();
                throw ie;
            }
        }
        return r;
    }

    /** Decides on a request without blocking: pushed back, running on a core, or queued for one. */
    public synchronized Request arrive(Estimate e) {
        Request r = new Request(e, sequence++);
        requested++;
        boolean pushBack = switch (settings.policy()) {
            case OFF, FORCE_ADMIT -> false;
            case FORCE_PUSHBACK -> true;
            case RANDOM -> random.nextDouble() < settings.fraction();
            case ON -> !pays(r, ahead(r));
        };
        if (pushBack) {
            pushBack(r);
            return r;
        }
        enqueue(r);
        if (settings.policy() == PushbackSettings.Policy.ON && settings.paAware()) recheckBehind(r);
        dispatch();
        return r;
    }

    /** Algorithm 1, line 5 with the wait and the pull-up weight: whether pushdown is faster for {@code r} now. */
    private boolean pays(Request r, List<Request> ahead) {
        long weight = Math.max(1, (pushedBackInFlight + 1 + settings.pullupSlots() - 1) / settings.pullupSlots());
        return r.estimate.pushdownNanos + waitBehind(ahead) < weight * r.estimate.pullupNanos;
    }

    /** The requests {@code r} would wait behind in the queue. */
    private List<Request> ahead(Request r) {
        if (!settings.paAware()) return queue;
        List<Request> out = new ArrayList<>();
        for (Request q : queue) if (q != r && before(q, r)) out.add(q);
        return out;
    }

    /** Queue order: more amenable first (PA-aware), else (and on ties) earlier first. */
    private boolean before(Request a, Request b) {
        if (settings.paAware() && a.estimate.amenability() != b.estimate.amenability()) {
            return a.estimate.amenability() > b.estimate.amenability();
        }
        return a.seq < b.seq;
    }

    /**
     * When a core becomes free for a request behind {@code ahead}: the running requests' remaining
     * times and then the queued ones', each laid on the core that frees first.
     */
    private long waitBehind(List<Request> ahead) {
        long now = clock.getAsLong();
        long[] free = new long[cores];
        int i = 0;
        for (Request r : running) free[i++] = r.remaining(now); // running.size() <= cores
        for (Request q : ahead) {
            Arrays.sort(free);
            free[0] += q.estimate.pushdownNanos;
        }
        Arrays.sort(free);
        return free[0];
    }

    private void enqueue(Request r) {
        int at = queue.size();
        while (at > 0 && before(r, queue.get(at - 1))) at--;
        queue.add(at, r);
    }

    /** PA-aware: the queued requests behind {@code r} wait longer now; those that no longer pay are pushed back. */
    private void recheckBehind(Request r) {
        int from = queue.indexOf(r) + 1;
        for (int i = from; i < queue.size(); ) {
            Request q = queue.get(i);
            if (pays(q, queue.subList(0, i))) {
                i++;
            } else {
                queue.remove(i);
                pushBack(q);
            }
        }
    }

    private void pushBack(Request r) {
        r.decision = Decision.PUSHBACK;
        pushedBackInFlight++;
        pushedBack++;
        notifyAll();
    }

    /** Free cores take the queue's head. */
    private void dispatch() {
        while (running.size() < cores && !queue.isEmpty()) {
            Request r = queue.removeFirst();
            r.decision = Decision.PUSHDOWN;
            r.startedAt = clock.getAsLong();
            running.add(r);
            admitted++;
            notifyAll();
        }
    }

    public synchronized Counts counts() {
        return new Counts(requested, admitted, pushedBack);
    }

    /** Requests running on a core, queued for one, and pushed back still transferring: for tests and the bench. */
    public synchronized String state() {
        return running.size() + " running, " + queue.size() + " queued, " + pushedBackInFlight + " pushed back in flight";
    }
}
