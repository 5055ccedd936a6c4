package io.ascan.io;

import io.ascan.ffi.libc.LibC;
import io.ascan.ffi.libc.libc_h;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Aligned off-heap allocation for direct I/O. */
@SuppressWarnings("restricted") // FFM: the pointer posix_memalign returns is given its size here
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

    /**
     * {@code size} rounded up to the alignment, 4 KiB-aligned, from the C heap (posix_memalign) and
     * tied to no arena: for memory whose lifetime a reference count decides, freed one block at a
     * time with {@link #free} (closing a shared arena per block would cost a global handshake).
     * Like arena memory, it is not limited by {@code -XX:MaxDirectMemorySize}.
     *
     * @throws OutOfMemoryError if the C library has no memory
     */
    public static MemorySegment allocateUnscoped(long size) {
        if (size <= 0) throw new IllegalArgumentException("allocation size must be positive, got " + size);
        long bytes = alignUp(size);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ptr = arena.allocate(ValueLayout.ADDRESS);
            int e = libc_h.posix_memalign(ptr, BlockReader.ALIGNMENT, bytes);
            if (e != 0) throw new OutOfMemoryError("posix_memalign(" + bytes + " bytes) failed: " + LibC.describe(e));
            return ptr.get(ValueLayout.ADDRESS, 0).reinterpret(bytes);
        }
    }

    /** Frees memory from {@link #allocateUnscoped}; exactly once, and nothing may use it afterwards. */
    public static void free(MemorySegment segment) {
        libc_h.free(segment);
    }
}
