package io.ascan.scan;

import io.ascan.io.AlignedBufferPool;
import io.ascan.topology.Interconnect;
import io.ascan.topology.Topology;
import java.util.BitSet;

/**
 * What the AdaptiveScans of one engine instance share (docs/architecture.md): where storage-side
 * and compute-side threads run, the emulated interconnect (one token bucket for every scan and
 * mode), the sampling coordinator (concurrent adaptive scans sample one at a time, paper III-E)
 * and the storage node's buffer pool.
 *
 * @param storagePool buffers of storage-node memory (staging and pushdown reads); null: the
 *                    query's pool, which is right whenever storage and compute share a node
 * @param pinThreads  whether scan threads are pinned to their node's CPUs. On a one-node machine
 *                    without emulation nothing separates the two roles, and pinning would only
 *                    leave CPUs idle, so the engine pins when the topology has two nodes, the
 *                    interconnect is emulated, or nodes were configured explicitly.
 */
public record ScanEnvironment(Topology topology, Interconnect interconnect, SamplingCoordinator coordinator,
                              AlignedBufferPool storagePool, boolean pinThreads) {
    /** This machine's layout, no emulation, no pinning: what an executor uses unless configured. */
    public static ScanEnvironment local() {
        return new ScanEnvironment(Topology.detect(-1, -1), Interconnect.NONE, new SamplingCoordinator(), null, false);
    }

    /** The storage node's pool, or {@code queryPool} when storage memory is not placed apart. */
    public AlignedBufferPool storagePool(AlignedBufferPool queryPool) {
        return storagePool != null ? storagePool : queryPool;
    }

    /** Pins the calling thread to the storage node's CPUs (if pinning is on). */
    public void pinToStorage() {
        if (pinThreads) pin(topology.storageCpus(), "storage");
    }

    /** Pins the calling thread to the compute node's CPUs (if pinning is on). */
    public void pinToCompute() {
        if (pinThreads) pin(topology.computeCpus(), "compute");
    }

    /** Placement is performance, not correctness: a failure is logged once and the thread runs where it is. */
    private static void pin(int[] cpus, String role) {
        try {
            if (UNPINNED.get() == null) UNPINNED.set(io.ascan.numa.Numa.currentAffinity());
            io.ascan.numa.Numa.pinToCpus(bits(cpus));
        } catch (RuntimeException e) {
            if (PIN_FAILURES.add(role + ": " + e.getMessage())) {
                LOG.warn("cannot pin {} threads to CPUs {}: {}", role, java.util.Arrays.toString(cpus), e.getMessage());
            }
        }
    }

    /**
     * Gives the calling thread back the CPUs it had before its first {@code pinTo...} call: pooled
     * threads serve storage and compute roles in turn, and a pinned thread must not stay pinned.
     */
    public static void restorePlacement() {
        BitSet before = UNPINNED.get();
        if (before == null) return;
        UNPINNED.remove();
        try {
            io.ascan.numa.Numa.pinToCpus(before);
        } catch (RuntimeException e) {
            if (PIN_FAILURES.add("restore: " + e.getMessage())) LOG.warn("cannot restore a thread's CPU set: {}", e.getMessage());
        }
    }

    /** Whether the calling thread is pinned for a task ({@link #restorePlacement()} would move it). */
    public static boolean pinned() {
        return UNPINNED.get() != null;
    }

    /** The thread's CPU set before it was pinned for its current task. */
    private static final ThreadLocal<BitSet> UNPINNED = new ThreadLocal<>();

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ScanEnvironment.class);
    private static final java.util.Set<String> PIN_FAILURES = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private static BitSet bits(int[] cpus) {
        BitSet b = new BitSet();
        for (int c : cpus) b.set(c);
        return b;
    }

    @Override
    public String toString() {
        return topology + (interconnect.emulated() ? ", interconnect " + interconnect.bandwidth() + " B/s" : ", no emulation")
                + (pinThreads ? ", pinned" : "");
    }
}
