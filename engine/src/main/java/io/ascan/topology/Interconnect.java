package io.ascan.topology;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The emulated link between the storage node and the compute node (docs/architecture.md): one token
 * bucket shared by every mode, charged with the bytes each moves across — whole segments for
 * direct, compacted output for pushdown, the distinct 64-byte lines touched for staging. A charge
 * beyond the bucket's burst waits until the link would have carried the bytes.
 *
 * <p>Implemented as a virtual-time (GCRA) bucket: one CAS on the time the link becomes free, no
 * lock, no refill thread. {@link #NONE} (configuration unset, the default) costs a field test.
 */
public final class Interconnect {
    /** No emulation: charges are counted, never delayed. */
    public static final Interconnect NONE = new Interconnect(0, 0);

    private final long bytesPerSecond;
    private final long burstNanos;
    private final AtomicLong freeAt = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong waitedNanos = new AtomicLong();

    /**
     * @param bytesPerSecond link bandwidth (0 = unlimited)
     * @param burstBytes     bytes that may pass at once before charges wait (absorbs jitter)
     */
    public Interconnect(long bytesPerSecond, long burstBytes) {
        if (bytesPerSecond < 0 || burstBytes < 0) throw new IllegalArgumentException("interconnect.bandwidth must not be negative");
        this.bytesPerSecond = bytesPerSecond;
        this.burstNanos = bytesPerSecond == 0 ? 0 : nanosFor(burstBytes, bytesPerSecond);
    }

    /** {@code interconnect.bandwidth} in bytes/s; burst of 1 ms worth of bytes (at least 64 KiB). */
    public static Interconnect of(long bytesPerSecond) {
        return bytesPerSecond == 0 ? NONE : new Interconnect(bytesPerSecond, Math.max(64 << 10, bytesPerSecond / 1000));
    }

    private static long nanosFor(long bytes, long rate) {
        return (long) (bytes * 1e9 / rate);
    }

    public boolean emulated() {
        return bytesPerSecond > 0;
    }

    public long bandwidth() {
        return bytesPerSecond;
    }

    /**
     * Moves {@code n} bytes across the link, waiting as long as the emulated bandwidth requires
     * (returning early, with the interrupt flag still set, if the thread is interrupted).
     */
    public void charge(long n) {
        if (n <= 0) return;
        bytes.addAndGet(n);
        if (bytesPerSecond == 0) return;
        long cost = nanosFor(n, bytesPerSecond);
        long now = System.nanoTime();
        long done;
        while (true) {
            long free = freeAt.get();
            done = Math.max(free, now) + cost;
            if (freeAt.compareAndSet(free, done)) break;
        }
        long wake = done - burstNanos;
        long wait = wake - now;
        if (wait > 0) {
            waitedNanos.addAndGet(wait);
            while ((wait = wake - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
                // Cancelled: stop waiting; the caller's next blocking step sees the interrupt.
                if (Thread.currentThread().isInterrupted()) return;
            }
        }
    }

    /**
     * The link's clock: the nanoseconds the bytes charged so far take at its bandwidth. It runs only
     * while bytes are moved, whatever the CPUs are doing, so intervals on it measure a mode's
     * traffic alone ({@code policy.clock=link}). Zero without emulation.
     */
    public long linkNanos() {
        return bytesPerSecond == 0 ? 0 : nanosFor(bytes.get(), bytesPerSecond);
    }

    /** Bytes charged so far (also counted without emulation, for statistics). */
    public long bytesMoved() {
        return bytes.get();
    }

    public long waitedNanos() {
        return waitedNanos.get();
    }
}
