package io.ascan.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ascan.ffi.libc.libc_h;
import io.ascan.ffi.uring.liburing_h;
import io.ascan.testutil.Pattern;
import io.ascan.testutil.ProcSelf;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the io_uring reader has: the probe, the ring, O_DIRECT descriptors. */
class UringBlockReaderTest {
    @TempDir Path dir;

    /** io_uring must work where nothing blocks it; the launcher installs liburing2. */
    static boolean uringExpected() throws IOException {
        Path sysctl = Path.of("/proc/sys/kernel/io_uring_disabled");
        return liburing_h.loadFailure() == null && Files.exists(sysctl) && Files.readString(sysctl).trim().equals("0");
    }

    @Test
    void isUsableWhereNothingBlocksIt() throws IOException {
        assumeTrue(uringExpected(), "liburing2 missing or io_uring disabled by sysctl");
        assertNull(UringBlockReader.unavailableReason());
    }

    @Test
    void holdsOneRingPerReaderAndOpensWithODirect() throws IOException {
        assumeTrue(UringBlockReader.unavailableReason() == null, "io_uring unavailable");
        Path file = Pattern.write(dir.resolve("data"), 4L * BlockReader.ALIGNMENT);
        long rings = ProcSelf.countFds("io_uring");
        try (UringBlockReader a = new UringBlockReader(8); UringBlockReader b = new UringBlockReader(8);
                BlockFile f = a.open(file)) {
            assertEquals(rings + 2, ProcSelf.countFds("io_uring"));
            assertEquals(8, b.depth());
            assertEquals(Files.size(file), f.size());
            // /proc/self/fdinfo shows the open flags in octal: O_DIRECT is 040000.
            boolean direct = false;
            for (String fd : ProcSelf.fdTargetsByFd().keySet()) {
                if (ProcSelf.fdTargetsByFd().get(fd).equals(file.toString())) {
                    direct |= (ProcSelf.openFlags(fd) & libc_h.O_DIRECT) != 0;
                }
            }
            assertTrue(direct, "the file should be open with O_DIRECT");
        }
        assertEquals(rings, ProcSelf.countFds("io_uring"));
    }

    @Test
    void rejectsFilesOfOtherReadersAndClosedFiles() throws IOException {
        assumeTrue(UringBlockReader.unavailableReason() == null, "io_uring unavailable");
        Path file = Pattern.write(dir.resolve("data"), 4L * BlockReader.ALIGNMENT);
        try (Arena arena = Arena.ofConfined(); UringBlockReader r = new UringBlockReader(2);
                PortableBlockReader p = new PortableBlockReader(2); BlockFile foreign = p.open(file)) {
            MemorySegment buf = AlignedMemory.allocate(arena, BlockReader.ALIGNMENT);
            assertThrows(IllegalArgumentException.class, () -> r.submit(foreign, 0, buf, 1));
            BlockFile f = r.open(file);
            f.close();
            assertThrows(IllegalStateException.class, () -> r.submit(f, 0, buf, 1));
            assertEquals(0, r.inFlight());
        }
    }

    @Test
    void closeWaitsForReadsTheKernelStillHas() throws Exception {
        assumeTrue(UringBlockReader.unavailableReason() == null, "io_uring unavailable");
        // A read from an empty FIFO stays in the kernel until someone writes: a read in flight
        // that does not depend on how fast the disk is.
        Path fifo = dir.resolve("fifo");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo failed");
        byte[] payload = new byte[BlockReader.ALIGNMENT];
        for (int i = 0; i < payload.length; i++) payload[i] = Pattern.at(i);
        CountDownLatch submitted = new CountDownLatch(1);
        Thread writer = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                submitted.await();
                Thread.sleep(100); // most likely close() is waiting by now; correctness does not depend on it
                out.write(payload);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        writer.start();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = AlignedMemory.allocate(arena, BlockReader.ALIGNMENT);
            UringBlockReader r = new UringBlockReader(2);
            BlockFile f = r.open(fifo);
            r.submit(f, 0, buf, 1);
            assertEquals(0, r.await(0, (t, n) -> { throw new AssertionError("nothing written yet"); }));
            assertEquals(1, r.inFlight());
            f.close();
            submitted.countDown();
            r.close(); // must not return while the kernel may still write into buf
            Pattern.check(buf, 0, payload.length);
        }
        writer.join();
    }

    @Test
    void rejectsImpossibleDepths() {
        assertThrows(IllegalArgumentException.class, () -> new UringBlockReader(0));
        assertThrows(IllegalArgumentException.class, () -> new UringBlockReader(UringBlockReader.MAX_DEPTH + 1));
    }

    @Test
    void explainsSetupFailuresInWordsAnOperatorCanActOn() {
        String eperm = UringProbe.explainSetupFailure(libc_h.EPERM, 8);
        assertTrue(eperm.contains("EPERM") && eperm.contains("seccomp") && eperm.contains("io_uring_disabled"), eperm);
        String enomem = UringProbe.explainSetupFailure(libc_h.ENOMEM, 8);
        assertTrue(enomem.contains("ENOMEM") && enomem.contains("RLIMIT_MEMLOCK"), enomem);
        String enosys = UringProbe.explainSetupFailure(libc_h.ENOSYS, 8);
        assertTrue(enosys.contains("ENOSYS"), enosys);
    }
}
