package io.ascan.codegen.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ascan.testing.LeakCheck;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class StringScratchTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    /** A grow the allocator refuses (the query's memory limit) left the current chunk both retired and current: closed twice. */
    @Test
    void aRefusedGrowStillClosesEveryChunkOnce() {
        try (BufferAllocator small = memory.allocator().newChildAllocator("small", 0, 100_000)) {
            StringScratch s = new StringScratch(small, 64 * 1024);
            s.allocate(50_000);
            assertThrows(OutOfMemoryException.class, () -> s.allocate(50_000));
            s.close();
            assertEquals(0, small.getAllocatedMemory());
        }
    }
}
