package io.ascan.bench.jmh;

import io.ascan.io.AlignedBufferPool;
import io.ascan.memory.Allocators;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The off-heap memory of one benchmark trial: a root Arrow allocator and an aligned buffer pool.
 * Closing checks that every byte came back and fails the trial otherwise, so a benchmark that
 * leaks cannot report a figure.
 */
final class BenchMemory implements AutoCloseable {
    private final BufferAllocator allocator;
    private final AlignedBufferPool pool;

    BenchMemory(long poolBytes) {
        this.allocator = Allocators.root();
        this.pool = new AlignedBufferPool(poolBytes);
    }

    BenchMemory() {
        this(64L << 20);
    }

    BufferAllocator allocator() {
        return allocator;
    }

    AlignedBufferPool pool() {
        return pool;
    }

    @Override
    public void close() {
        long arrow = allocator.getAllocatedMemory();
        long pooled = pool.outstanding();
        if (arrow != 0 || pooled != 0) {
            throw new IllegalStateException("benchmark leaked off-heap memory: " + arrow + " bytes in the Arrow allocator, "
                    + pooled + " bytes of aligned buffers not returned\n" + allocator.toVerboseString());
        }
        pool.close();
        allocator.close();
    }
}
