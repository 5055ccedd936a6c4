package io.ascan.memory;

import java.lang.foreign.MemorySegment;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.ForeignAllocation;

/**
 * Turns memory the engine allocated itself (aligned, node-local, pooled) into an ordinary
 * accounted {@link ArrowBuf}: zero-copy, counted by the allocator, and handed back through
 * {@code release} when Arrow's reference count reaches zero.
 */
public final class ForeignBuffers {
    private ForeignBuffers() {}

    private static final class SegmentAllocation extends ForeignAllocation {
        private final Runnable release;
        private final NativeRegions.Region region;

        SegmentAllocation(MemorySegment segment, Runnable release, String owner) {
            super(segment.byteSize(), segment.address());
            this.release = release;
            this.region = NativeRegions.register(segment.address(), segment.byteSize(), owner);
        }

        @Override
        protected void release0() {
            NativeRegions.release(region);
            release.run();
        }
    }

    /**
     * Wraps {@code segment}. If the allocator refuses (limit exceeded), {@code release} runs
     * before the exception propagates, so the memory is never lost.
     */
    public static ArrowBuf wrap(BufferAllocator allocator, MemorySegment segment, Runnable release) {
        SegmentAllocation allocation = null;
        try {
            allocation = new SegmentAllocation(segment, release,
                    NativeRegions.CHECKED ? "segment memory wrapped by allocator " + allocator.getName() : null);
            return allocator.wrapForeignAllocation(allocation);
        } catch (RuntimeException e) {
            if (allocation != null) NativeRegions.release(allocation.region);
            release.run();
            throw e;
        }
    }
}
