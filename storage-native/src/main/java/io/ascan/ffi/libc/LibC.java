package io.ascan.ffi.libc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.BitSet;

/** The few libc calls ascan needs, with errno turned into exceptions that name the file. */
@SuppressWarnings("restricted") // FFM: reinterpreting pointers the C library returns
public final class LibC {
    private LibC() {}

    /** glibc's cpu_set_t (1024 CPUs); larger masks are used when the kernel asks for them. */
    private static final int CPU_SET_BYTES = 128;
    private static final int MAX_CPU_SET_BYTES = 1 << 16;

    /** "ENOENT", or "errno 123" when the number has no name here. */
    public static String errnoName(int errno) {
        MemorySegment name = libc_h.strerrorname_np(errno);
        return name.equals(MemorySegment.NULL) ? "errno " + errno : name.reinterpret(64).getString(0);
    }

    /** The C library's text for {@code errno}. */
    public static String strerror(int errno) {
        // glibc returns static strings for known numbers; unknown ones use a thread-local buffer.
        return libc_h.strerror(errno).reinterpret(1024).getString(0);
    }

    /** "ENOENT (No such file or directory)". */
    public static String describe(int errno) {
        return errnoName(errno) + " (" + strerror(errno) + ")";
    }

    /** Transparent huge pages: 2 MiB. */
    public static final long HUGE_PAGE = 2L << 20;

    private static final boolean LINUX = System.getProperty("os.name", "").startsWith("Linux");

    /**
     * Asks Linux to back the 2 MiB-aligned part of {@code [address, address + length)} with
     * transparent huge pages (madvise MADV_HUGEPAGE; the machine's default, {@code madvise}, only
     * gives them to ranges that ask). Call it before the memory is first touched: a fresh 30 MiB
     * hash table's first writes fault 7,680 small pages (21 ms on one thread here) or 15 huge ones
     * (9 ms), and its random probes miss the TLB far less. Best effort: false where the kernel,
     * the OS or the range does not allow it.
     */
    public static boolean adviseHugePages(long address, long length) {
        if (!LINUX || length < 2 * HUGE_PAGE) return false;
        long start = (address + HUGE_PAGE - 1) & -HUGE_PAGE, end = (address + length) & -HUGE_PAGE;
        return end > start && libc_h.madvise(start, end - start, libc_h.MADV_HUGEPAGE) == 0;
    }

    /** open(2), retried on EINTR. Returns the file descriptor. */
    public static int open(Path path, int flags) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = arena.allocate(libc_h.errnoState());
            MemorySegment cpath = arena.allocateFrom(path.toString());
            while (true) {
                int fd = libc_h.open(errno, cpath, flags, 0);
                if (fd >= 0) return fd;
                int e = libc_h.errno(errno);
                if (e != libc_h.EINTR) throw new ErrnoException("open(" + path + ", " + openFlags(flags) + ")", e);
            }
        }
    }

    private static String openFlags(int flags) {
        StringBuilder s = new StringBuilder("O_RDONLY");
        if ((flags & libc_h.O_DIRECT) != 0) s.append("|O_DIRECT");
        if ((flags & libc_h.O_CLOEXEC) != 0) s.append("|O_CLOEXEC");
        int rest = flags & ~(libc_h.O_DIRECT | libc_h.O_CLOEXEC);
        if (rest != 0) s.append("|0x").append(Integer.toHexString(rest));
        return s.toString();
    }

    /** close(2). EINTR still closes the descriptor on Linux, so it is not an error and never retried. */
    public static void close(int fd, Path path) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = arena.allocate(libc_h.errnoState());
            if (libc_h.close(errno, fd) != 0) {
                int e = libc_h.errno(errno);
                if (e != libc_h.EINTR) throw new ErrnoException("close(" + path + ")", e);
            }
        }
    }

    /** st_size from fstat(2). */
    public static long size(int fd, Path path) throws ErrnoException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = arena.allocate(libc_h.errnoState());
            MemorySegment st = arena.allocate(stat.layout());
            if (libc_h.fstat(errno, fd, st) != 0) throw new ErrnoException("fstat(" + path + ")", libc_h.errno(errno));
            return stat.st_size(st);
        }
    }

    /** posix_fadvise(2); {@code advice} is one of libc_h.POSIX_FADV_*. */
    public static void fadvise(int fd, long offset, long len, int advice, Path path) throws ErrnoException {
        int e = libc_h.posix_fadvise(fd, offset, len, advice);
        if (e != 0) throw new ErrnoException("posix_fadvise(" + path + ", " + advice + ")", e);
    }

    /** sysconf(_SC_NPROCESSORS_CONF): CPUs configured in the system, online or not. */
    public static int configuredCpus() {
        return (int) libc_h.sysconf(libc_h._SC_NPROCESSORS_CONF);
    }

    /** The calling thread's CPU affinity (sched_getaffinity). */
    public static BitSet affinity() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = arena.allocate(libc_h.errnoState());
            for (int bytes = CPU_SET_BYTES; ; bytes *= 2) {
                MemorySegment mask = arena.allocate(bytes, 8);
                if (libc_h.sched_getaffinity(errno, 0, bytes, mask) == 0) {
                    return BitSet.valueOf(mask.toArray(ValueLayout.JAVA_LONG));
                }
                int e = libc_h.errno(errno);
                // EINVAL: the kernel's mask is larger than ours (more than 1024 possible CPUs).
                if (e != libc_h.EINVAL || bytes >= MAX_CPU_SET_BYTES) {
                    throw new IllegalStateException("sched_getaffinity failed: " + describe(e));
                }
            }
        }
    }

    /**
     * Restricts the calling thread to {@code cpus} (sched_setaffinity). Threads it starts later
     * inherit the mask.
     *
     * @throws IllegalArgumentException if the set is empty or names no CPU this thread may use
     */
    public static void setAffinity(BitSet cpus) {
        if (cpus.isEmpty()) throw new IllegalArgumentException("empty CPU set");
        long[] words = cpus.toLongArray();
        int bytes = Math.max(CPU_SET_BYTES, words.length * Long.BYTES);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = arena.allocate(libc_h.errnoState());
            MemorySegment mask = arena.allocate(bytes, 8);
            MemorySegment.copy(words, 0, mask, ValueLayout.JAVA_LONG, 0, words.length);
            if (libc_h.sched_setaffinity(errno, 0, bytes, mask) != 0) {
                int e = libc_h.errno(errno);
                String msg = "sched_setaffinity(" + cpus + ") failed: " + describe(e);
                if (e == libc_h.EINVAL) throw new IllegalArgumentException(msg + "; no CPU of the set is usable");
                throw new IllegalStateException(msg);
            }
        }
    }
}
