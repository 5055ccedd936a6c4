package io.ascan.bench.harness;

import io.ascan.io.AlignedMemory;
import io.ascan.numa.Numa;
import io.ascan.topology.Topology;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The interfering workload of the paper's Fig. 9 (there: STREAM on the storage socket): one
 * thread per storage CPU, pinned to it, copying between two off-heap buffers much larger than
 * the last-level cache, so that it loads the storage side's memory bandwidth (and, on a one-node
 * machine, its CPUs). It starts paused; {@link #resume()} and {@link #pause()} bracket the runs
 * it should disturb, so runs with and without it can be interleaved.
 */
public final class BandwidthHog implements AutoCloseable {
    /** Each of a thread's two buffers; far beyond any cache, small enough for a laptop. */
    public static final long BUFFER_BYTES = 128L << 20;
    /** Copies go in chunks so that a pause takes effect within a fraction of a millisecond. */
    private static final long CHUNK = 1L << 20;

    private final Arena arena = Arena.ofShared();
    private final List<Thread> threads = new ArrayList<>();
    private final int[] cpus;
    private final Object lock = new Object();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private boolean running;
    private boolean closed;
    private int busy;
    private int ready;
    private long activeNanos;
    private long resumedAt;

    private BandwidthHog(int[] cpus) {
        this.cpus = cpus.clone();
    }

    /** Allocates and first-touches the buffers on the storage node and pins one thread to each storage CPU. */
    public static BandwidthHog start(Topology topology) {
        BandwidthHog hog = new BandwidthHog(topology.storageCpus());
        try {
            hog.startThreads(topology.storageNode());
            return hog;
        } catch (RuntimeException | Error e) {
            hog.close();
            throw e;
        }
    }

    private void startThreads(int node) {
        for (int cpu : cpus) {
            MemorySegment a = allocate(node), b = allocate(node);
            a.fill((byte) 1); // first touch: page faults now, not during the measured runs
            b.fill((byte) 2);
            Thread t = Thread.ofPlatform().daemon().name("bandwidth-hog-cpu" + cpu).unstarted(() -> loop(cpu, a, b));
            threads.add(t);
            t.start();
        }
        synchronized (lock) {
            while (ready < cpus.length && failure.get() == null) waitUninterruptibly();
        }
        Throwable f = failure.get();
        if (f != null) throw new IllegalStateException("the bandwidth hog could not start: " + f.getMessage(), f);
    }

    private MemorySegment allocate(int node) {
        return node >= 0 ? Numa.allocate(arena, BUFFER_BYTES, node) : AlignedMemory.allocate(arena, BUFFER_BYTES);
    }

    private void loop(int cpu, MemorySegment a, MemorySegment b) {
        try {
            BitSet only = new BitSet();
            only.set(cpu);
            Numa.pinToCpus(only);
        } catch (RuntimeException e) {
            failure.compareAndSet(null, e);
            synchronized (lock) {
                lock.notifyAll();
            }
            return;
        }
        synchronized (lock) {
            ready++;
            lock.notifyAll();
        }
        long offset = 0;
        boolean forward = true;
        while (awaitRunning()) {
            try {
                MemorySegment from = forward ? a : b, to = forward ? b : a;
                MemorySegment.copy(from, offset, to, offset, CHUNK);
                bytes.addAndGet(2 * CHUNK); // read plus write
                offset += CHUNK;
                if (offset == BUFFER_BYTES) {
                    offset = 0;
                    forward = !forward;
                }
            } finally {
                synchronized (lock) {
                    busy--;
                    lock.notifyAll();
                }
            }
        }
    }

    /** Blocks while paused; false once closed. Marks the thread busy for one chunk. */
    private boolean awaitRunning() {
        synchronized (lock) {
            while (!running && !closed) waitUninterruptibly();
            if (closed) return false;
            busy++;
            return true;
        }
    }

    public void resume() {
        synchronized (lock) {
            if (closed) throw new IllegalStateException("the bandwidth hog is closed");
            if (running) return;
            running = true;
            resumedAt = System.nanoTime();
            lock.notifyAll();
        }
    }

    /** Stops the copying and returns once no thread is mid-chunk. */
    public void pause() {
        synchronized (lock) {
            if (!running) return;
            running = false;
            while (busy > 0) waitUninterruptibly();
            activeNanos += System.nanoTime() - resumedAt;
        }
    }

    /** The hog's own bandwidth (read plus written bytes) over the time it ran, in bytes/s. */
    public double bytesPerSecond() {
        synchronized (lock) {
            long nanos = activeNanos + (running ? System.nanoTime() - resumedAt : 0);
            return nanos == 0 ? 0 : bytes.get() * 1e9 / nanos;
        }
    }

    /** Bytes read plus written so far. */
    public long bytesStreamed() {
        return bytes.get();
    }

    public int[] cpus() {
        return cpus.clone();
    }

    private void waitUninterruptibly() {
        try {
            lock.wait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the bandwidth hog", e);
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            running = false;
            lock.notifyAll();
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        // Only after every thread has stopped touching them.
        if (threads.stream().noneMatch(Thread::isAlive)) arena.close();
    }
}
