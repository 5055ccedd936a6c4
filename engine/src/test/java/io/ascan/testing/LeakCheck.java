package io.ascan.testing;

import io.ascan.io.AlignedBufferPool;
import io.ascan.memory.Allocators;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit extension owning an Arrow allocator and an aligned buffer pool per test, failing the
 * test if any off-heap byte is still outstanding when it ends. Register with
 * {@code @RegisterExtension final LeakCheck memory = new LeakCheck();}.
 */
public final class LeakCheck implements BeforeEachCallback, AfterEachCallback {
    private BufferAllocator allocator;
    private AlignedBufferPool pool;

    public BufferAllocator allocator() {
        return allocator;
    }

    public AlignedBufferPool pool() {
        return pool;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        allocator = Allocators.root(4L << 30);
        pool = new AlignedBufferPool(4L << 30);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        long arrow = allocator.getAllocatedMemory();
        long pooled = pool.outstanding();
        try {
            if (arrow != 0 || pooled != 0) {
                throw new AssertionError("off-heap leak: " + arrow + " bytes in the Arrow allocator, " + pooled
                        + " bytes of aligned buffers not returned\n" + allocator.toVerboseString());
            }
        } finally {
            if (arrow == 0) allocator.close();
            if (pooled == 0) pool.close();
        }
    }
}
