package io.ascan.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class BlockReadersTest {
    @Test
    void uringModeGivesTheUringReaderWhereNothingBlocksIt() throws IOException {
        assumeTrue(UringBlockReaderTest.uringExpected(), "liburing2 missing or io_uring disabled by sysctl");
        try (BlockReader r = BlockReaders.open(IoMode.URING, 16)) {
            assertInstanceOf(UringBlockReader.class, r);
            assertEquals("uring", r.name());
            assertEquals(16, r.depth());
        }
    }

    @Test
    void uringModeFallsBackToPortableOnlyWithAReason() throws IOException {
        try (BlockReader r = BlockReaders.open(IoMode.URING, 4)) {
            String expected = UringBlockReader.unavailableReason() == null ? "uring" : "portable";
            assertEquals(expected, r.name());
        }
    }

    @Test
    void portableModeGivesThePortableReader() throws IOException {
        try (BlockReader r = BlockReaders.open(IoMode.PORTABLE, 4)) {
            assertInstanceOf(PortableBlockReader.class, r);
        }
    }

    @Test
    void badDepthIsAnErrorNotAFallback() {
        assertThrows(IllegalArgumentException.class, () -> BlockReaders.open(IoMode.URING, 0));
        assertThrows(IllegalArgumentException.class, () -> BlockReaders.open(IoMode.PORTABLE, 0));
    }
}
