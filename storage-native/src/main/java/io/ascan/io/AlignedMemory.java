package io.ascan.io;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Aligned off-heap allocation for direct I/O. */
public final class AlignedMemory {
    private AlignedMemory() {}

    /** Rounds {@code n} up to the next multiple of {@link BlockReader#ALIGNMENT}. */
    public static long alignUp(long n) {
        return (n + BlockReader.ALIGNMENT - 1) & -BlockReader.ALIGNMENT;
    }

    public static boolean isAligned(long n) {
        return (n & (BlockReader.ALIGNMENT - 1)) == 0;
    }

    /** {@code size} rounded up to the alignment, allocated 4 KiB-aligned in {@code arena}. */
    public static MemorySegment allocate(Arena arena, long size) {
        return arena.allocate(alignUp(size), BlockReader.ALIGNMENT);
    }
}
