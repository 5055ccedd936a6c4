package io.ascan.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.codegen.rt.Mem;
import io.ascan.testing.LeakCheck;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Checked mode, which the test suite runs in: raw accesses ({@link Mem}) inside live Arrow
 * buffers and wrapped segment memory pass; outside them, past an end, or after a release, they
 * are a {@link NativeAccessException} naming the address, the nearest region and where it ran.
 */
class CheckedModeTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();

    @Test
    void theTestSuiteRunsInCheckedMode() {
        assertTrue(NativeRegions.CHECKED, "surefire must pass -Dascan.checked=true (root pom, test.checked)");
    }

    @Test
    void accessesInsideAnArrowBufferPassAndPastItsEndFail() {
        try (ArrowBuf buf = memory.allocator().buffer(4096)) {
            long a = buf.memoryAddress();
            Mem.putLong(a + 4088, 42L);
            assertEquals(42L, Mem.getLong(a + 4088));
            Mem.fill(a, 4096, (byte) 0);
            Mem.copy(a, a + 2048, 2048);
            NativeAccessException e = assertThrows(NativeAccessException.class, () -> Mem.getLong(a + 4092));
            assertTrue(e.getMessage().contains("0x" + Long.toHexString(a + 4092)), e.getMessage());
            assertTrue(e.getMessage().contains("Arrow buffer of allocator"), e.getMessage());
            assertThrows(NativeAccessException.class, () -> Mem.copy(a + 1, a + 2048, 4000));
            assertThrows(NativeAccessException.class, () -> Mem.at(a, 4097));
        }
    }

    @Test
    void aWildAddressFailsInsteadOfCrashing() {
        NativeAccessException e = assertThrows(NativeAccessException.class, () -> Mem.getInt(16));
        assertTrue(e.getMessage().contains("4 byte(s) at 0x10 are outside every live native region"), e.getMessage());
        assertThrows(NativeAccessException.class, () -> Mem.bit(0, 9));
    }

    @Test
    void anAccessAfterReleaseIsReportedAsSuch() {
        ArrowBuf buf = memory.allocator().buffer(1 << 16);
        long a = buf.memoryAddress();
        Mem.getByte(a + 100); // cached as this thread's recent region
        buf.close();
        NativeAccessException e = assertThrows(NativeAccessException.class, () -> Mem.getByte(a + 100));
        assertTrue(e.getMessage().contains("use after release"), e.getMessage());
    }

    @Test
    void wrappedSegmentMemoryIsLiveUntilReleased() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(512, 64);
            boolean[] released = {false};
            ArrowBuf buf = ForeignBuffers.wrap(memory.allocator(), s, () -> released[0] = true);
            Mem.putInt(s.address() + 508, 7);
            assertEquals(7, Mem.getInt(s.address() + 508));
            assertThrows(NativeAccessException.class, () -> Mem.getInt(s.address() + 510));
            buf.close();
            assertTrue(released[0]);
            assertThrows(NativeAccessException.class, () -> Mem.getInt(s.address()));
        }
    }
}
