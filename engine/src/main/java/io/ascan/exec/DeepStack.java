package io.ascan.exec;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs work that recurses over a query's expression trees (Calcite's parser, validator and
 * rules, translation, code generation, Janino) on a pooled thread whose stack is
 * {@link #STACK_BYTES}: a WHERE clause of 3,000 ORs or 3,000 nested parentheses is 3,000 levels
 * deep, more than a default thread stack holds. Address space is reserved, memory committed only
 * as deep as the work goes; idle threads end after a minute. The work never overflows the
 * caller's stack first: a stack overflow inside a class's static initializer would leave that
 * class unusable for the rest of the JVM's life. A {@link StackOverflowError} from this function
 * means the expression is too deep even for that stack: callers report it as "expression too
 * deep" (SQLSTATE 54001).
 */
public final class DeepStack {
    public static final long STACK_BYTES = 1L << 30;

    private static final ExecutorService POOL = Executors.newCachedThreadPool(
            r -> Thread.ofPlatform().daemon().name("ascan-deep-stack").stackSize(STACK_BYTES).unstarted(r));

    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T run() throws E;
    }

    private DeepStack() {}

    public static <T, E extends Exception> T run(Work<T, E> work) throws E {
        return run(work, null);
    }

    /**
     * {@link #run(Work)}, stoppable by {@code cancel} (null: not stoppable): the work sees it as its
     * thread's {@link CancelSignal#current()}, and this call throws {@link CancelSignal.Cancelled}
     * as soon as it is set. The work itself ends at its next {@link CancelSignal#check()}.
     */
    @SuppressWarnings("unchecked")
    public static <T, E extends Exception> T run(Work<T, E> work, CancelSignal cancel) throws E {
        if (Thread.currentThread().getName().equals("ascan-deep-stack")) {
            if (cancel == null) return work.run();
            CancelSignal before = CancelSignal.bind(cancel);
            try {
                return work.run();
            } finally {
                CancelSignal.restore(before);
            }
        }
        Future<T> f = POOL.submit(() -> {
            CancelSignal before = CancelSignal.bind(cancel);
            try {
                return work.run();
            } finally {
                CancelSignal.restore(before);
            }
        });
        if (cancel != null) cancel.onCancel(() -> f.cancel(false));
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return f.get();
                } catch (CancellationException e) {
                    throw new CancelSignal.Cancelled();
                } catch (InterruptedException e) {
                    interrupted = true; // the work does not stop on interrupts: wait for it, then pass the interrupt on
                } catch (ExecutionException e) {
                    Throwable c = e.getCause();
                    if (c instanceof RuntimeException r) throw r;
                    if (c instanceof Error err) throw err;
                    throw (E) c;
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    /** Whether {@code e} is, or wraps, a stack overflow (Calcite's parser reports one as a parse error). */
    public static boolean overflowed(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) if (t instanceof StackOverflowError) return true;
        return false;
    }
}
