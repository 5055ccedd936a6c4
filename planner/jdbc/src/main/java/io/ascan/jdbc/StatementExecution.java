package io.ascan.jdbc;

import io.ascan.exec.CancelSignal;
import io.ascan.exec.QueryResult;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One execution of a statement, as seen by {@code Statement.cancel()} and the query timeout,
 * which act from other threads. A cancel that arrives while the engine is still starting the
 * query (before there is a {@link QueryResult}) is remembered and applied when it appears.
 * Stopping the workers is then the engine's job ({@link QueryResult#cancel()}): the query in flight is the
 * engine's {@code RunningQuery} behind that result; this class only watches it for the statement.
 */
final class StatementExecution {
    /** One daemon thread fires every timeout of the JVM; a fired timeout only calls cancel(). */
    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private final int timeoutSeconds;
    /** Stops the statement's planning, when it is planned as part of this execution. */
    private final CancelSignal planning = new CancelSignal();
    private final ScheduledFuture<?> timeout;
    private QueryResult result;
    private boolean cancelled;
    private volatile boolean timedOut;

    private StatementExecution(int timeoutSeconds) {
        this.timeoutSeconds = timeoutSeconds;
        this.timeout = timeoutSeconds <= 0 ? null : TIMER.schedule(() -> {
            timedOut = true;
            cancel();
        }, timeoutSeconds, TimeUnit.SECONDS);
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread th = new Thread(r, "ascan-jdbc-timeout");
            th.setDaemon(true);
            return th;
        });
        t.setRemoveOnCancelPolicy(true);
        return t;
    }

    /** Starts the clock; {@code timeoutSeconds} 0 means none. */
    static StatementExecution start(int timeoutSeconds) {
        return new StatementExecution(timeoutSeconds);
    }

    synchronized void attach(QueryResult r) {
        result = r;
        if (cancelled) r.cancel();
    }

    void cancel() {
        synchronized (this) {
            cancelled = true;
            if (result != null) result.cancel();
        }
        planning.cancel(); // outside the lock: it wakes the thread waiting for the plan
    }

    CancelSignal planning() {
        return planning;
    }

    synchronized boolean cancelled() {
        return cancelled;
    }

    boolean timedOut() {
        return timedOut;
    }

    int timeoutSeconds() {
        return timeoutSeconds;
    }

    /** The result is fully read or closed: the timeout no longer applies. */
    void finished() {
        if (timeout != null) timeout.cancel(false);
    }
}
