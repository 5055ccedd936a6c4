package io.ascan.storage.node.pushback;

import java.util.ArrayList;
import java.util.List;

/**
 * An interfering workload on the storage node, as the A-Scan experiments load the storage side:
 * {@code threads} threads that spin (arithmetic on their own registers, no memory traffic) until
 * closed, so the node's pushdown competes with them for its CPUs. The harness's
 * {@code BandwidthHog} loads memory bandwidth instead; this one is the node's, for a node started
 * on its own.
 */
public final class CpuHog implements AutoCloseable {
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stop;

    public CpuHog(int threads) {
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(this::spin, "storage-node-cpu-hog-" + i);
            t.setDaemon(true);
            t.setPriority(Thread.NORM_PRIORITY);
            t.start();
            this.threads.add(t);
        }
    }

    private void spin() {
        long x = 1;
        while (!stop) {
            for (int i = 0; i < 100_000; i++) x = x * 6364136223846793005L + 1442695040888963407L;
        }
        if (x == 42) System.out.print(""); // keeps the loop from being optimized away
    }

    public int threads() {
        return threads.size();
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        for (Thread t : threads) t.join();
    }
}
