package io.ascan.scan;

/**
 * Staggered sampling (paper III-E): when several adaptive scans run at once (several pipelines or
 * queries), only one samples at a time, so that each measures its modes while the others hold a
 * steady state rather than while they are switching too. The others keep their current mode and
 * ask again at their next slice. One coordinator per engine instance; it also holds the engine's
 * {@link ScanMemory}.
 */
public final class SamplingCoordinator {
    private Object holder;
    private final ScanMemory memory;

    public SamplingCoordinator() {
        this(new ScanMemory());
    }

    public SamplingCoordinator(ScanMemory memory) {
        this.memory = memory;
    }

    /** What this engine's adaptive scans measured, per table and predicate shape. */
    public ScanMemory memory() {
        return memory;
    }

    /** Takes the sampling turn for {@code owner} if free (or already its own). */
    public synchronized boolean tryAcquire(Object owner) {
        if (holder == null || holder == owner) {
            holder = owner;
            return true;
        }
        return false;
    }

    public synchronized void release(Object owner) {
        if (holder == owner) holder = null;
    }

    public synchronized boolean isHeldBy(Object owner) {
        return holder == owner;
    }
}
