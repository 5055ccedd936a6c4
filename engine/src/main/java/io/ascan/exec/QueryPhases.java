package io.ascan.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where one execution of a statement spent its wall time, phase by phase in the order they
 * happened: planning (parse, validate, optimise, translate; or the plan cache lookup that made
 * them unnecessary), pipeline construction and code generation, each pipeline's run, and the
 * result's delivery. {@code --stats} and EXPLAIN ANALYZE print it one line per phase, so the
 * fixed cost of a query can be read next to its scans. Thread-safe.
 */
public final class QueryPhases {
    /** {@code detail}: its text is made only when the phases are printed, which few executions are. */
    private record Phase(String name, long nanos, Object detail) {}

    /** A detail {@code "<label> 1.23 ms"}, formatted when printed. */
    private record Millis(String label, long nanos) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s %.2f ms", label, nanos / 1e6);
        }
    }

    private final List<Phase> phases = new ArrayList<>();

    /** Records a phase that took {@code nanos}; {@code detail} (may be null) is printed after the time. */
    public void add(String name, long nanos, String detail) {
        addDetail(name, nanos, detail);
    }

    /** Records a phase that took {@code nanos}, detailed by {@code label} and {@code detailNanos} in milliseconds. */
    public void add(String name, long nanos, String label, long detailNanos) {
        addDetail(name, nanos, new Millis(label, detailNanos));
    }

    private synchronized void addDetail(String name, long nanos, Object detail) {
        phases.add(new Phase(name, nanos, detail));
    }

    public void add(String name, long nanos) {
        add(name, nanos, null);
    }

    /** Records a phase that started at {@code startNanos} ({@link System#nanoTime}) and ends now. */
    public void since(String name, long startNanos) {
        add(name, System.nanoTime() - startNanos, null);
    }

    /** The phases of {@code other}, appended to this one's. */
    public void addAll(QueryPhases other) {
        List<Phase> copy;
        synchronized (other) {
            copy = List.copyOf(other.phases);
        }
        synchronized (this) {
            phases.addAll(copy);
        }
    }

    public synchronized boolean isEmpty() {
        return phases.isEmpty();
    }

    /** The recorded nanoseconds of the first phase named {@code name}, or -1. */
    public synchronized long nanos(String name) {
        for (Phase p : phases) if (p.name().equals(name)) return p.nanos();
        return -1;
    }

    /** One line per phase: {@code phase NAME: 1.23 ms (detail)}. */
    public synchronized String format() {
        StringBuilder sb = new StringBuilder();
        for (Phase p : phases) {
            sb.append(String.format(Locale.ROOT, "phase %s: %.2f ms", p.name(), p.nanos() / 1e6));
            if (p.detail() != null) sb.append(" (").append(p.detail()).append(')');
            sb.append('\n');
        }
        return sb.toString();
    }
}
