package io.ascan.topology;

import io.ascan.numa.Numa;
import java.util.Arrays;
import java.util.BitSet;

/**
 * Where storage-side and compute-side work runs (docs/architecture.md). On a multi-node machine
 * they are NUMA nodes ({@code storage.node}, {@code compute.node}); on a one-node machine they are
 * disjoint CPU sets of that node — storage takes the upper part, at least one CPU — and the link
 * between them is what {@link Interconnect} emulates.
 *
 * @param storageNode NUMA node of storage-side memory and threads (-1: no NUMA placement)
 * @param computeNode NUMA node of compute-side memory and threads (-1: no NUMA placement)
 */
public record Topology(int storageNode, int[] storageCpus, int computeNode, int[] computeCpus) {
    public Topology {
        storageCpus = storageCpus.clone();
        computeCpus = computeCpus.clone();
        if (storageCpus.length == 0 || computeCpus.length == 0) {
            throw new IllegalArgumentException("storage and compute each need at least one CPU");
        }
    }

    /**
     * Detects the machine's layout. {@code storageNode}/{@code computeNode} of -1 pick defaults:
     * on two or more nodes, storage on the last node and compute on node 0.
     */
    public static Topology detect(int storageNode, int computeNode) {
        if (Numa.available() && Numa.nodeCount() >= 2) {
            int s = storageNode >= 0 ? storageNode : Numa.nodeCount() - 1;
            int c = computeNode >= 0 ? computeNode : 0;
            if (s >= Numa.nodeCount() || c >= Numa.nodeCount()) {
                throw new IllegalArgumentException("storage.node/compute.node must be below " + Numa.nodeCount());
            }
            int[] store = allowed(Numa.cpusOfNode(s)), compute = allowed(Numa.cpusOfNode(c));
            if (s != c && store.length > 0 && compute.length > 0) return new Topology(s, store, c, compute);
        }
        return split(allowed(null), Numa.available() ? 0 : -1);
    }

    /**
     * The CPUs of {@code node} (all when null) this process may run on: a container's cpuset may
     * hide some, and pinning a thread to one of those fails.
     */
    private static int[] allowed(BitSet node) {
        BitSet cpus;
        try {
            cpus = Numa.currentAffinity();
        } catch (RuntimeException e) {
            cpus = new BitSet();
            cpus.set(0, Runtime.getRuntime().availableProcessors());
        }
        if (node != null) cpus.and(node);
        return cpus.stream().toArray();
    }

    /** One node: compute gets the lower CPUs, storage the rest (at least one each where possible). */
    static Topology split(int[] cpus, int node) {
        if (cpus.length == 1) return new Topology(node, cpus, node, cpus);
        int storage = Math.max(1, cpus.length / 4);
        int[] compute = Arrays.copyOfRange(cpus, 0, cpus.length - storage);
        int[] store = Arrays.copyOfRange(cpus, cpus.length - storage, cpus.length);
        return new Topology(node, store, node, compute);
    }

    public boolean multiNode() {
        return storageNode != computeNode;
    }

    @Override
    public String toString() {
        return "storage node " + storageNode + " cpus " + Arrays.toString(storageCpus)
                + ", compute node " + computeNode + " cpus " + Arrays.toString(computeCpus);
    }
}
