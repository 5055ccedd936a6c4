package io.ascan.numa;

import io.ascan.ffi.libc.LibC;
import io.ascan.ffi.numa.numa_h;
import io.ascan.io.AlignedMemory;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.BitSet;

/**
 * NUMA nodes, thread placement and node-local memory through libnuma. Where libnuma is missing
 * or the kernel has no NUMA support the machine is treated as one node holding every CPU, so
 * callers never need a second code path.
 */
@SuppressWarnings("restricted") // FFM: reinterpreting pointers the C library returns
public final class Numa {
    private Numa() {}

    /** Probed once: libnuma's rule is that numa_available() comes before anything else. */
    private static final class Probe {
        static final String UNAVAILABLE = probe();

        private static String probe() {
            String failure = numa_h.loadFailure();
            if (failure != null) return failure;
            try {
                return numa_h.numa_available() < 0 ? "numa_available() < 0: the kernel reports no NUMA support" : null;
            } catch (LinkageError | IllegalCallerException e) {
                return "libnuma is unusable: " + e;
            }
        }
    }

    /** True when libnuma is loaded and numa_available() >= 0. */
    public static boolean available() {
        return Probe.UNAVAILABLE == null;
    }

    /** Why NUMA is unavailable, or null when it is available. */
    public static String unavailableReason() {
        return Probe.UNAVAILABLE;
    }

    /** Nodes with memory (numa_num_configured_nodes); 1 without NUMA. */
    public static int nodeCount() {
        return available() ? numa_h.numa_num_configured_nodes() : 1;
    }

    /** Highest node number (node numbers may have gaps); 0 without NUMA. */
    public static int maxNode() {
        return available() ? numa_h.numa_max_node() : 0;
    }

    /** CPUs configured in the system, online or not. */
    public static int cpuCount() {
        return available() ? numa_h.numa_num_configured_cpus() : LibC.configuredCpus();
    }

    /** The node a CPU belongs to. */
    public static int nodeOfCpu(int cpu) {
        if (cpu < 0 || cpu >= cpuCount()) throw new IllegalArgumentException("no CPU " + cpu + " (0.." + (cpuCount() - 1) + ")");
        if (!available()) return 0;
        int node = numa_h.numa_node_of_cpu(cpu);
        if (node < 0) throw new IllegalArgumentException("numa_node_of_cpu(" + cpu + ") failed");
        return node;
    }

    /** The CPUs of {@code node}. */
    public static BitSet cpusOfNode(int node) {
        checkNode(node);
        BitSet cpus = new BitSet();
        int n = cpuCount();
        for (int cpu = 0; cpu < n; cpu++) {
            // An offline CPU has no node (-1); it is simply not listed.
            if (!available() || numa_h.numa_node_of_cpu(cpu) == node) cpus.set(cpu);
        }
        return cpus;
    }

    /** Pins the calling thread (and threads it starts later) to the CPUs of {@code node}. */
    public static void runOnNode(int node) {
        checkNode(node);
        if (!available()) {
            pinToCpus(cpusOfNode(node));
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = arena.allocate(numa_h.errnoState());
            if (numa_h.numa_run_on_node(errno, node) != 0) {
                throw new IllegalStateException("numa_run_on_node(" + node + ") failed: "
                        + LibC.describe(numa_h.errno(errno)));
            }
        }
    }

    /** Pins the calling thread (and threads it starts later) to an explicit CPU set. */
    public static void pinToCpus(BitSet cpus) {
        LibC.setAffinity(cpus);
    }

    /** The calling thread's current CPU set. */
    public static BitSet currentAffinity() {
        return LibC.affinity();
    }

    /**
     * {@code size} bytes (rounded up to 4 KiB), 4096-aligned, freed when {@code arena} closes:
     * node-local when there is more than one node, a plain aligned arena allocation otherwise
     * (on one node every allocation is node-local already).
     */
    public static MemorySegment allocate(Arena arena, long size, int node) {
        checkNode(node);
        if (!available() || nodeCount() <= 1) return AlignedMemory.allocate(arena, size);
        return allocateOnNode(arena, size, node);
    }

    /**
     * Always through libnuma: numa_alloc_onnode (page-aligned mmap bound to {@code node}), released
     * with numa_free when {@code arena} closes.
     *
     * @throws IllegalStateException if NUMA is not available
     */
    public static MemorySegment allocateOnNode(Arena arena, long size, int node) {
        if (!available()) throw new IllegalStateException("NUMA is not available: " + unavailableReason());
        checkNode(node);
        if (size <= 0) throw new IllegalArgumentException("allocation size must be positive, got " + size);
        long bytes = AlignedMemory.alignUp(size);
        MemorySegment raw = numa_h.numa_alloc_onnode(bytes, node);
        if (raw.equals(MemorySegment.NULL)) {
            throw new OutOfMemoryError("numa_alloc_onnode(" + bytes + ", node " + node + ") failed");
        }
        try {
            return raw.reinterpret(bytes, arena, s -> numa_h.numa_free(s, bytes));
        } catch (RuntimeException e) { // arena already closed: nothing will free it
            numa_h.numa_free(raw, bytes);
            throw e;
        }
    }

    private static void checkNode(int node) {
        int max = maxNode();
        if (node < 0 || node > max) throw new IllegalArgumentException("no NUMA node " + node + " (0.." + max + ")");
    }
}
