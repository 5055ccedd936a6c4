package io.ascan.memory;

import org.apache.arrow.memory.AllocationManager;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.netty.NettyAllocationManager;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * The allocation manager of checked mode: each Arrow allocation is its own block of native
 * memory, registered in {@link NativeRegions} while it lives (Netty's pooled chunks would hide an
 * access past a buffer's end, or after its release, inside memory still allocated to the pool).
 */
final class CheckedAllocationManager extends AllocationManager {
    static final AllocationManager.Factory FACTORY = new AllocationManager.Factory() {
        @Override
        public AllocationManager create(BufferAllocator accountingAllocator, long size) {
            return new CheckedAllocationManager(accountingAllocator, size);
        }

        @Override
        public ArrowBuf empty() {
            return NettyAllocationManager.FACTORY.empty();
        }
    };

    private final long address;
    private final long size;
    private final NativeRegions.Region region;

    private CheckedAllocationManager(BufferAllocator accountingAllocator, long size) {
        super(accountingAllocator);
        this.address = MemoryUtil.allocateMemory(size);
        this.size = size;
        this.region = NativeRegions.register(address, size, "Arrow buffer of allocator " + accountingAllocator.getName());
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
        NativeRegions.release(region);
        MemoryUtil.freeMemory(address);
    }
}
