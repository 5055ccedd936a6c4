package io.ascan.memory;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/** Creates Arrow allocators after checking the JVM flags Arrow needs. */
public final class Allocators {
    private Allocators() {}

    /** A root allocator limited to {@code limitBytes}. Close it last; it fails on leaked buffers. */
    public static BufferAllocator root(long limitBytes) {
        RequiredJvmFlags.verify();
        return new RootAllocator(limitBytes);
    }

    public static BufferAllocator root() {
        return root(Long.MAX_VALUE);
    }
}
