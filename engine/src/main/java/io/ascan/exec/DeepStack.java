package io.ascan.exec;

/**
 * Runs work that recurses over a query's expression trees (Calcite's parser, validator and
 * rules, translation, code generation, Janino): a WHERE clause of 3,000 ORs or 3,000 nested
 * parentheses is 3,000 levels deep, more than a thread's default stack holds. The work runs on
 * the caller's thread; if that stack overflows it runs again, from the start, on a thread whose
 * stack is {@link #STACK_BYTES} (address space reserved, memory committed only as deep as the work
 * goes). A {@link StackOverflowError} from this function means the expression is too deep even
 * for that stack: callers report it as "expression too deep" (SQLSTATE 54001).
 */
public final class DeepStack {
    /** The retry thread's stack: about 30,000 levels of nesting for the planner (docs/errors.md). */
    public static final long STACK_BYTES = 1L << 30;

    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T run() throws E;
    }

    private DeepStack() {}

    public static <T, E extends Exception> T run(Work<T, E> work) throws E {
        try {
            return work.run();
        } catch (Exception | Error e) {
            if (!overflowed(e)) throw e;
        }
        return onDeepStack(work);
    }

    /** Whether {@code e} is, or wraps, a stack overflow (Calcite's parser reports one as a parse error). */
    public static boolean overflowed(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) if (t instanceof StackOverflowError) return true;
        return false;
    }

    @SuppressWarnings("unchecked")
    private static <T, E extends Exception> T onDeepStack(Work<T, E> work) throws E {
        Object[] result = new Object[1];
        Throwable[] failure = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                result[0] = work.run();
            } catch (Throwable x) {
                failure[0] = x;
            }
        }, "ascan-deep-stack", STACK_BYTES);
        t.setDaemon(true);
        t.start();
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the work does not stop on interrupts: wait for it, then pass the interrupt on
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        Throwable f = failure[0];
        if (f == null) return (T) result[0];
        if (f instanceof RuntimeException r) throw r;
        if (f instanceof Error err) throw err;
        throw (E) f;
    }
}
