package io.ascan.exec;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A request, from another thread, that work stop: {@code Statement.cancel()} or a query timeout
 * while a statement is still being planned. Planning does not stop on thread interrupts (Calcite
 * checks none), so the work polls: {@link DeepStack#run(DeepStack.Work, CancelSignal)} makes a
 * signal its thread's current one, and {@link #check()} at the planner's safe points (before each
 * rule, each constant reduction, each phase) throws {@link Cancelled} once it is set. The caller
 * waiting for the work returns as soon as the signal is set, whatever the work is doing.
 */
public final class CancelSignal {
    private static final ThreadLocal<CancelSignal> CURRENT = new ThreadLocal<>();

    private final AtomicBoolean flag = new AtomicBoolean();
    private Runnable onCancel;

    /** Sets the signal (idempotent; safe from any thread). */
    public void cancel() {
        Runnable r;
        synchronized (this) {
            if (!flag.compareAndSet(false, true)) return;
            r = onCancel;
        }
        if (r != null) r.run();
    }

    public boolean cancelled() {
        return flag.get();
    }

    /** The flag itself, for Calcite's {@code CancelFlag} (the Volcano planner polls it). */
    public AtomicBoolean flag() {
        return flag;
    }

    /** Runs {@code r} when the signal is set, at once if it already is. */
    void onCancel(Runnable r) {
        synchronized (this) {
            onCancel = r;
            if (!flag.get()) return;
        }
        r.run();
    }

    /** Throws {@link Cancelled} when the current thread's work was asked to stop. */
    public static void check() {
        CancelSignal s = CURRENT.get();
        if (s != null && s.flag.get()) throw new Cancelled();
    }

    /** The current thread's signal, or null when its work cannot be cancelled. */
    public static CancelSignal current() {
        return CURRENT.get();
    }

    static CancelSignal bind(CancelSignal s) {
        CancelSignal before = CURRENT.get();
        CURRENT.set(s);
        return before;
    }

    static void restore(CancelSignal before) {
        if (before == null) CURRENT.remove();
        else CURRENT.set(before);
    }

    /** Work stopped because its {@link CancelSignal} was set (SQLSTATE 57014). */
    public static final class Cancelled extends RuntimeException {
        public Cancelled() {
            super("query cancelled while it was being planned", null, false, false);
        }
    }
}
