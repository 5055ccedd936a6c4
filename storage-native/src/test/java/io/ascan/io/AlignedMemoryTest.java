package io.ascan.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlignedMemoryTest {
    @TempDir Path dir;

    @Test
    void unscopedMemoryIsAlignedRoundedUpAndUsable() {
        MemorySegment m = AlignedMemory.allocateUnscoped(10_000);
        try {
            assertEquals(12_288, m.byteSize());
            assertTrue(AlignedMemory.isAligned(m.address()), "address 0x" + Long.toHexString(m.address()));
            for (long i = 0; i < m.byteSize(); i += 8) m.set(ValueLayout.JAVA_LONG, i, i * 31);
            for (long i = 0; i < m.byteSize(); i += 8) assertEquals(i * 31, m.get(ValueLayout.JAVA_LONG, i));
        } finally {
            AlignedMemory.free(m);
        }
    }

    @Test
    void unscopedMemoryTakesDirectReads() throws IOException {
        byte[] data = new byte[8192];
        for (int i = 0; i < data.length; i++) data[i] = (byte) (i * 7);
        Path file = Files.write(dir.resolve("f"), data);
        MemorySegment m = AlignedMemory.allocateUnscoped(data.length);
        try (BlockReader reader = BlockReaders.open(IoMode.URING, 2); BlockFile f = reader.open(file)) {
            reader.submit(f, 0, m, 1);
            int[] result = {-1};
            reader.await(1, (tag, res) -> result[0] = res);
            assertEquals(data.length, result[0]);
            for (int i = 0; i < data.length; i++) assertEquals(data[i], m.get(ValueLayout.JAVA_BYTE, i));
        } finally {
            AlignedMemory.free(m);
        }
    }

    @Test
    void nonPositiveSizeIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> AlignedMemory.allocateUnscoped(0));
    }
}
