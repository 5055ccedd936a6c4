package io.ascan.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.ffi.libc.LibC;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * The production allocation manager (tests otherwise run the checked one): large buffers are
 * blocks of whole huge pages, accounted as Arrow accounts them, reused once released, and the
 * allocator's limit still holds.
 */
class HugePageAllocationManagerTest {
    static BufferAllocator root(long limit) {
        return new RootAllocator(RootAllocator.configBuilder().maxAllocation(limit)
                .allocationManagerFactory(HugePageAllocationManager.FACTORY).build());
    }

    @Test
    void aLargeBufferIsAHugePageAlignedBlockAccountedAtItsSizeAndReusedOnceReleased() {
        long size = HugePageAllocationManager.HUGE + 12_345;
        try (BufferAllocator a = root(1L << 30)) {
            long address, accounted;
            try (ArrowBuf b = a.buffer(size)) {
                address = b.memoryAddress();
                accounted = a.getAllocatedMemory(); // Arrow rounds the size asked for up to a power of two
                assertEquals(0, address % LibC.HUGE_PAGE, "2 MiB-aligned");
                assertTrue(accounted >= size && accounted < 2 * size, "accounted " + accounted);
                b.setLong(size - 8, 42L); // the last bytes asked for are writable
                assertEquals(42L, b.getLong(size - 8));
            }
            assertEquals(0, a.getAllocatedMemory());
            long kept = HugePageAllocationManager.keptBytes();
            assertTrue(kept >= accounted, "the released block is kept: " + kept);
            try (ArrowBuf again = a.buffer(size)) {
                assertEquals(address, again.memoryAddress(), "the kept block serves the next buffer of its size");
                assertEquals(kept - (accounted + LibC.HUGE_PAGE - 1 & -LibC.HUGE_PAGE), HugePageAllocationManager.keptBytes());
            }
        }
    }

    @Test
    void keptBlocksAreFreedOnRequest() {
        try (BufferAllocator a = root(1L << 30)) {
            a.buffer(HugePageAllocationManager.HUGE).close();
        }
        assertTrue(HugePageAllocationManager.keptBytes() >= HugePageAllocationManager.HUGE);
        assertTrue(Allocators.freeKept() >= HugePageAllocationManager.HUGE);
        assertEquals(0, HugePageAllocationManager.keptBytes());
        assertTrue(HugePageAllocationManager.KEPT_BYTES > 0 && HugePageAllocationManager.KEPT_BYTES <= 512L << 20);
    }

    @Test
    void smallBuffersStayNettysAndTheLimitHolds() {
        try (BufferAllocator a = root(HugePageAllocationManager.HUGE * 2)) {
            try (ArrowBuf small = a.buffer(1024)) {
                assertEquals(1024, small.capacity());
                small.setLong(0, 7L);
                assertEquals(7L, small.getLong(0));
            }
            assertThrows(OutOfMemoryException.class, () -> a.buffer(HugePageAllocationManager.HUGE * 3));
            assertEquals(0, a.getAllocatedMemory());
        }
    }
}
