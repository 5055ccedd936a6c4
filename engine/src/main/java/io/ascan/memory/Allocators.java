package io.ascan.memory;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/** Creates Arrow allocators after checking the JVM flags Arrow needs. */
public final class Allocators {
    private Allocators() {}

    /**
     * A root allocator limited to {@code limitBytes}. Close it last; it fails on leaked buffers.
     * In checked mode ({@link NativeRegions}) its buffers are registered while they live.
     */
    public static BufferAllocator root(long limitBytes) {
        RequiredJvmFlags.verify();
        allocateWithoutZeroing();
        if (NativeRegions.CHECKED) {
            return new RootAllocator(RootAllocator.configBuilder().maxAllocation(limitBytes)
                    .allocationManagerFactory(CheckedAllocationManager.FACTORY).build());
        }
        return new RootAllocator(RootAllocator.configBuilder().maxAllocation(limitBytes)
                .allocationManagerFactory(HugePageAllocationManager.FACTORY).build());
    }

    /**
     * Lets Netty (Arrow's allocation manager) allocate large direct buffers without a Cleaner,
     * through the DirectByteBuffer constructor the required {@code --add-opens java.base/java.nio}
     * opens. Otherwise every allocation above Netty's pooled sizes (hash tables, row stores) goes
     * through ByteBuffer.allocateDirect, which zeroes the memory: a tenth of the CPU time of
     * join-heavy queries. Only effective before Netty is first used; a value set by the user wins.
     */
    private static void allocateWithoutZeroing() {
        if (System.getProperty("io.netty.tryReflectionSetAccessible") == null) {
            System.setProperty("io.netty.tryReflectionSetAccessible", "true");
        }
    }

    /**
     * Frees the large blocks that released buffers left for reuse (performance.md, "Large buffers");
     * buffers still allocated keep theirs. Returns the bytes freed.
     */
    public static long freeKept() {
        return HugePageAllocationManager.freeKept();
    }

    public static BufferAllocator root() {
        return root(Long.MAX_VALUE);
    }
}
