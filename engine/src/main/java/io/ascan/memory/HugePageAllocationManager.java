package io.ascan.memory;

import io.ascan.ffi.libc.LibC;
import io.ascan.ffi.libc.libc_h;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import org.apache.arrow.memory.AllocationManager;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.netty.NettyAllocationManager;

/**
 * The allocation manager of the engine's allocators: buffers of at least {@link #HUGE} bytes (join
 * hash tables' head arrays, large group tables, row stores' runs) are blocks of whole 2 MiB pages,
 * advised to transparent huge pages before anything touches them, and kept for reuse when released
 * (up to {@link #KEPT_BYTES}, freed when the last engine closes: {@link Allocators#freeKept}), as
 * Netty keeps its pooled chunks; smaller buffers are Netty's, as
 * with Arrow's default. Netty allocates the large sizes unpooled, fresh pages from the kernel every
 * time: TPC-H SF 10 q03's `orders` build zeroed its 30 MB head array in 40 ms on each of two
 * threads, all of it first-touch page faults, which a reused block does not take.
 */
final class HugePageAllocationManager extends AllocationManager {
    /** Buffers at least this large get blocks of their own: below it Netty pools them. */
    static final long HUGE = 4L << 20;
    /** The most bytes of released blocks kept for reuse: 512 MiB, at most a sixteenth of the machine's memory. */
    static final long KEPT_BYTES = Math.min(512L << 20, physicalMemory() / 16);

    private static long physicalMemory() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return 8L << 30; // unknown: as if 8 GiB
    }

    /** Released blocks by size, and their total. */
    private static final Map<Long, ArrayDeque<Long>> KEPT = new HashMap<>();
    private static long keptBytes;

    static final AllocationManager.Factory FACTORY = new AllocationManager.Factory() {
        @Override
        public AllocationManager create(BufferAllocator accountingAllocator, long size) {
            return size >= HUGE ? new HugePageAllocationManager(accountingAllocator, size)
                    : NettyAllocationManager.FACTORY.create(accountingAllocator, size);
        }

        @Override
        public ArrowBuf empty() {
            return NettyAllocationManager.FACTORY.empty();
        }
    };

    private final long address;
    /** The bytes asked for, which Arrow accounts; {@link #block} is that in whole huge pages. */
    private final long size;
    private final long block;

    private HugePageAllocationManager(BufferAllocator accountingAllocator, long size) {
        super(accountingAllocator);
        this.size = size;
        this.block = (size + LibC.HUGE_PAGE - 1) & -LibC.HUGE_PAGE;
        Long kept = take(block);
        this.address = kept != null ? kept : allocate(block);
    }

    private static synchronized Long take(long size) {
        ArrayDeque<Long> blocks = KEPT.get(size);
        Long a = blocks == null ? null : blocks.pollFirst();
        if (a != null) keptBytes -= size;
        return a;
    }

    /** Whether the block is kept for reuse (else the caller frees it). */
    private static synchronized boolean keep(long address, long size) {
        if (keptBytes + size > KEPT_BYTES) return false;
        KEPT.computeIfAbsent(size, s -> new ArrayDeque<>()).addFirst(address);
        keptBytes += size;
        return true;
    }

    private static long allocate(long size) {
        long a;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            int e = libc_h.posix_memalign(out, LibC.HUGE_PAGE, size);
            if (e != 0) throw new OutOfMemoryException("could not allocate " + size + " bytes of native memory: " + LibC.describe(e));
            a = out.get(ValueLayout.ADDRESS, 0).address();
        }
        LibC.adviseHugePages(a, size);
        return a;
    }

    /** Frees every kept block (the last engine closed); returns the bytes freed. */
    static long freeKept() {
        Map<Long, ArrayDeque<Long>> blocks;
        synchronized (HugePageAllocationManager.class) {
            blocks = new HashMap<>(KEPT);
            KEPT.clear();
            keptBytes = 0;
        }
        long freed = 0;
        for (Map.Entry<Long, ArrayDeque<Long>> e : blocks.entrySet()) {
            for (long a : e.getValue()) {
                libc_h.free(MemorySegment.ofAddress(a));
                freed += e.getKey();
            }
        }
        return freed;
    }

    /** Bytes of released blocks kept for reuse (for tests). */
    static synchronized long keptBytes() {
        return keptBytes;
    }

    @Override
    public long getSize() {
        return size;
    }

    @Override
    protected long memoryAddress() {
        return address;
    }

    @Override
    protected void release0() {
        if (!keep(address, block)) libc_h.free(MemorySegment.ofAddress(address));
    }
}
