// Hand-written in the shape jextract produces (glibc, Linux x86_64); jextract is not available here.
// Regenerate with e.g.:
//   jextract --output src/main/java -t io.ascan.ffi.libc --include-function open ... \
//            /usr/include/fcntl.h /usr/include/sys/stat.h /usr/include/sched.h /usr/include/string.h
// Deviations from jextract output, on purpose:
//  - functions that report failure through errno are linked with captureCallState("errno") and take
//    the capture segment (see errnoState / errno) as an extra first argument; reading errno after a
//    downcall is otherwise unreliable because the JVM may overwrite it;
//  - open is variadic: bound once with the optional mode argument (firstVariadicArg(2));
//  - strerrorname_np (glibc >= 2.32) is optional and yields NULL when absent.

package io.ascan.ffi.libc;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Optional;

@SuppressWarnings({"unused", "restricted", "checkstyle:TypeName"})
public final class libc_h {
    libc_h() {}

    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS;

    // <fcntl.h>, x86_64 values
    public static final int O_RDONLY = 0;
    public static final int O_DIRECT = 0x4000;
    public static final int O_CLOEXEC = 0x80000;
    public static final int POSIX_FADV_NORMAL = 0;
    public static final int POSIX_FADV_RANDOM = 1;
    public static final int POSIX_FADV_SEQUENTIAL = 2;
    public static final int POSIX_FADV_WILLNEED = 3;
    public static final int POSIX_FADV_DONTNEED = 4;
    public static final int POSIX_FADV_NOREUSE = 5;
    // <unistd.h>
    public static final int _SC_NPROCESSORS_CONF = 83;
    // <sys/mman.h>
    public static final int MADV_HUGEPAGE = 14;
    // <errno.h>
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int EBADF = 9;
    public static final int EAGAIN = 11;
    public static final int ENOMEM = 12;
    public static final int EACCES = 13;
    public static final int EBUSY = 16;
    public static final int EISDIR = 21;
    public static final int EINVAL = 22;
    public static final int ENFILE = 23;
    public static final int EMFILE = 24;
    public static final int ENOSYS = 38;
    public static final int ETIME = 62;

    static final Linker LINKER = Linker.nativeLinker();
    static final SymbolLookup SYMBOL_LOOKUP = LINKER.defaultLookup();

    /** Layout of the call-state capture segment; allocate one with {@code arena.allocate(errnoState())}. */
    public static StructLayout errnoState() { return ERRNO_STATE; }

    private static final StructLayout ERRNO_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = ERRNO_STATE.varHandle(groupElement("errno"));
    private static final Linker.Option CAPTURE_ERRNO = Linker.Option.captureCallState("errno");

    /** errno as captured by the last call that was given {@code state}. */
    public static int errno(MemorySegment state) { return (int) ERRNO.get(state, 0L); }

    static MemorySegment findOrThrow(String symbol) {
        return SYMBOL_LOOKUP.find(symbol).orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: " + symbol));
    }

    private static AssertionError unreachable(Throwable t) {
        return new AssertionError("should not reach here", t);
    }

    // int open(const char *pathname, int flags, ...);  bound as open(path, flags, mode)
    private static final class open {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT, C_INT);
        static final MethodHandle HANDLE = LINKER.downcallHandle(findOrThrow("open"), DESC,
                Linker.Option.firstVariadicArg(2), CAPTURE_ERRNO);
    }

    public static MethodHandle open$handle() { return open.HANDLE; }

    /** Returns a file descriptor, or -1 with errno in {@code errnoState}. */
    public static int open(MemorySegment errnoState, MemorySegment pathname, int flags, int mode) {
        try {
            return (int) open.HANDLE.invokeExact(errnoState, pathname, flags, mode);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int close(int fd);
    private static final class close {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_INT);
        static final MethodHandle HANDLE = LINKER.downcallHandle(findOrThrow("close"), DESC, CAPTURE_ERRNO);
    }

    public static int close(MemorySegment errnoState, int fd) {
        try {
            return (int) close.HANDLE.invokeExact(errnoState, fd);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int fstat(int fd, struct stat *statbuf);  (a real export since glibc 2.33)
    private static final class fstat {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_INT, C_POINTER);
        static final MethodHandle HANDLE = LINKER.downcallHandle(findOrThrow("fstat"), DESC, CAPTURE_ERRNO);
    }

    public static int fstat(MemorySegment errnoState, int fd, MemorySegment statbuf) {
        try {
            return (int) fstat.HANDLE.invokeExact(errnoState, fd, statbuf);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int posix_fadvise(int fd, off_t offset, off_t len, int advice);  returns the error number itself
    private static final class posix_fadvise {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_INT, C_LONG, C_LONG, C_INT);
        static final MethodHandle HANDLE = LINKER.downcallHandle(findOrThrow("posix_fadvise"), DESC);
    }

    public static int posix_fadvise(int fd, long offset, long len, int advice) {
        try {
            return (int) posix_fadvise.HANDLE.invokeExact(fd, offset, len, advice);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // char *strerror(int errnum);
    private static final class strerror {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER, C_INT);
        static final MethodHandle HANDLE = LINKER.downcallHandle(findOrThrow("strerror"), DESC);
    }

    public static MemorySegment strerror(int errnum) {
        try {
            return (MemorySegment) strerror.HANDLE.invokeExact(errnum);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // const char *strerrorname_np(int errnum);  glibc >= 2.32, NULL for unknown numbers
    private static final class strerrorname_np {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER, C_INT);
        static final Optional<MethodHandle> HANDLE = SYMBOL_LOOKUP.find("strerrorname_np")
                .map(a -> LINKER.downcallHandle(a, DESC));
    }

    /** NULL when the number is unknown or this libc lacks the function. */
    public static MemorySegment strerrorname_np(int errnum) {
        if (strerrorname_np.HANDLE.isEmpty()) return MemorySegment.NULL;
        try {
            return (MemorySegment) strerrorname_np.HANDLE.get().invokeExact(errnum);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int sched_setaffinity(pid_t pid, size_t cpusetsize, const cpu_set_t *mask);
    private static final class sched_setaffinity {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_INT, C_LONG, C_POINTER);
        static final MethodHandle HANDLE = LINKER.downcallHandle(findOrThrow("sched_setaffinity"), DESC, CAPTURE_ERRNO);
    }

    /** pid 0 is the calling thread. */
    public static int sched_setaffinity(MemorySegment errnoState, int pid, long cpusetsize, MemorySegment mask) {
        try {
            return (int) sched_setaffinity.HANDLE.invokeExact(errnoState, pid, cpusetsize, mask);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int sched_getaffinity(pid_t pid, size_t cpusetsize, cpu_set_t *mask);
    private static final class sched_getaffinity {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_INT, C_LONG, C_POINTER);
        static final MethodHandle HANDLE = LINKER.downcallHandle(findOrThrow("sched_getaffinity"), DESC, CAPTURE_ERRNO);
    }

    public static int sched_getaffinity(MemorySegment errnoState, int pid, long cpusetsize, MemorySegment mask) {
        try {
            return (int) sched_getaffinity.HANDLE.invokeExact(errnoState, pid, cpusetsize, mask);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int posix_memalign(void **memptr, size_t alignment, size_t size);  returns the error number itself
    private static final class posix_memalign {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_LONG, C_LONG);
        static final MethodHandle HANDLE = LINKER.downcallHandle(findOrThrow("posix_memalign"), DESC);
    }

    public static int posix_memalign(MemorySegment memptr, long alignment, long size) {
        try {
            return (int) posix_memalign.HANDLE.invokeExact(memptr, alignment, size);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // void free(void *ptr);
    private static final class free {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER);
        static final MethodHandle HANDLE = LINKER.downcallHandle(findOrThrow("free"), DESC);
    }

    public static void free(MemorySegment ptr) {
        try {
            free.HANDLE.invokeExact(ptr);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int madvise(void *addr, size_t length, int advice);  the address as a long: it is a range's start, not a pointer read
    private static final class madvise {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_LONG, C_LONG, C_INT);
        static final MethodHandle HANDLE = LINKER.downcallHandle(findOrThrow("madvise"), DESC);
    }

    public static int madvise(long addr, long length, int advice) {
        try {
            return (int) madvise.HANDLE.invokeExact(addr, length, advice);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // long sysconf(int name);
    private static final class sysconf {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_LONG, C_INT);
        static final MethodHandle HANDLE = LINKER.downcallHandle(findOrThrow("sysconf"), DESC);
    }

    public static long sysconf(int name) {
        try {
            return (long) sysconf.HANDLE.invokeExact(name);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }
}
