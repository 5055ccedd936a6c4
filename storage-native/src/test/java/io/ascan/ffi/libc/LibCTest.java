package io.ascan.ffi.libc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.testutil.ProcSelf;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LibCTest {
    @TempDir Path dir;

    @Test
    void statLayoutIsX8664Glibc() {
        assertEquals(144, stat.sizeof());
        assertEquals(24, stat.st_mode$offset());
        assertEquals(48, stat.st_size$offset());
        assertEquals(56, stat.st_blksize$offset());
    }

    @Test
    void openFstatFadviseClose() throws IOException {
        Path file = Files.write(dir.resolve("f"), new byte[12345]);
        int fd = LibC.open(file, libc_h.O_RDONLY | libc_h.O_CLOEXEC);
        assertEquals(file.toString(), ProcSelf.fdTargetsByFd().get(Integer.toString(fd)));
        assertEquals(12345, LibC.size(fd, file));
        LibC.fadvise(fd, 0, 0, libc_h.POSIX_FADV_SEQUENTIAL, file);
        LibC.close(fd, file);
        // Listing /proc/self/fd may itself reuse the number; it must no longer be the file.
        assertNotEquals(file.toString(), ProcSelf.fdTargetsByFd().get(Integer.toString(fd)), "descriptor still open");
        ErrnoException ebadf = assertThrows(ErrnoException.class, () -> LibC.size(fd, file));
        assertEquals(libc_h.EBADF, ebadf.errno());
        ErrnoException fadv = assertThrows(ErrnoException.class,
                () -> LibC.fadvise(fd, 0, 0, libc_h.POSIX_FADV_NOREUSE, file));
        assertEquals(libc_h.EBADF, fadv.errno());
    }

    @Test
    void errnoBecomesAnExceptionWithNameTextAndPath() {
        Path missing = dir.resolve("missing");
        ErrnoException e = assertThrows(ErrnoException.class,
                () -> LibC.open(missing, libc_h.O_RDONLY | libc_h.O_DIRECT));
        assertEquals(libc_h.ENOENT, e.errno());
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("O_DIRECT"), e.getMessage());
        assertTrue(e.getMessage().contains("ENOENT (No such file or directory)"), e.getMessage());
        assertEquals("EPERM (Operation not permitted)", LibC.describe(libc_h.EPERM));
        assertEquals("EINTR", LibC.errnoName(libc_h.EINTR));
        assertEquals("errno 4095", LibC.errnoName(4095));
    }

    @Test
    void affinityCanBeReadNarrowedAndRestored() throws InterruptedException {
        // In a fresh thread: affinity is per thread and inherited by threads started later.
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                BitSet all = LibC.affinity();
                assertFalse(all.isEmpty());
                assertTrue(all.length() <= LibC.configuredCpus(), all + " vs " + LibC.configuredCpus() + " CPUs");
                BitSet one = new BitSet();
                one.set(all.nextSetBit(0));
                LibC.setAffinity(one);
                assertEquals(one, LibC.affinity());
                LibC.setAffinity(all);
                assertEquals(all, LibC.affinity());
                assertThrows(IllegalArgumentException.class, () -> LibC.setAffinity(new BitSet()));
                BitSet nonexistent = new BitSet();
                nonexistent.set(4000);
                assertThrows(IllegalArgumentException.class, () -> LibC.setAffinity(nonexistent));
                assertEquals(all, LibC.affinity());
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        t.join();
        if (failure.get() != null) throw new AssertionError(failure.get());
    }
}
