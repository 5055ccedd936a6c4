// Hand-written in the shape jextract produces; jextract is not available for this build.
//
// Source: liburing 2.3 (<liburing.h>, <liburing/io_uring.h>), x86_64 / LP64. Only the functions
// and constants the block reader needs are bound. To regenerate the full binding instead:
//
//   jextract --output src/main/java -t io.ascan.ffi.uring -l :liburing.so.2 \
//            --include-function io_uring_queue_init ... /usr/include/liburing.h
//
// Deviations from jextract output, on purpose:
//  - a missing library does not fail class initialisation: loadFailure() says why, and each
//    function's holder class links lazily on first call (as jextract's holders do);
//  - pointers are plain ADDRESS (zero-length segments), never unbounded;
//  - get_sqe / peek_batch_cqe are linked with Linker.Option.critical(false): short, non-blocking;
//  - liburing's static inline helpers are ported in LiburingInline (they are not in the .so).

package io.ascan.ffi.uring;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

@SuppressWarnings({"unused", "restricted", "checkstyle:TypeName"})
public final class liburing_h {
    liburing_h() {}

    /** The runtime library (Debian/Ubuntu package liburing2). */
    public static final String LIBRARY = "liburing.so.2";

    public static final ValueLayout.OfByte C_CHAR = ValueLayout.JAVA_BYTE;
    public static final ValueLayout.OfShort C_SHORT = ValueLayout.JAVA_SHORT;
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final ValueLayout.OfLong C_LONG_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS;

    // <liburing/io_uring.h>
    public static final int IORING_OP_NOP = 0;
    public static final int IORING_OP_READV = 1;
    public static final int IORING_OP_READ_FIXED = 4;
    public static final int IORING_OP_READ = 22;
    public static final int IOSQE_FIXED_FILE = 1;
    public static final int IORING_FEAT_SINGLE_MMAP = 1;
    public static final int IORING_FEAT_NODROP = 2;
    public static final int IORING_ENTER_GETEVENTS = 1;

    private static final String LOAD_FAILURE;
    static final SymbolLookup SYMBOL_LOOKUP;

    static {
        SymbolLookup lookup;
        String failure = null;
        try {
            lookup = SymbolLookup.libraryLookup(LIBRARY, Arena.global());
        } catch (IllegalArgumentException e) {
            lookup = name -> Optional.empty();
            failure = LIBRARY + " not found (install the liburing2 package): " + e.getMessage();
        } catch (IllegalCallerException e) {
            lookup = name -> Optional.empty();
            failure = "native access is not enabled (run with --enable-native-access=ALL-UNNAMED): " + e.getMessage();
        }
        SYMBOL_LOOKUP = lookup;
        LOAD_FAILURE = failure;
    }

    /** Why the library could not be loaded, or null when it was. Check before calling anything. */
    public static String loadFailure() {
        return LOAD_FAILURE;
    }

    static MemorySegment findOrThrow(String symbol) {
        return SYMBOL_LOOKUP.find(symbol)
                .orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: " + symbol
                        + (LOAD_FAILURE == null ? " in " + LIBRARY : " (" + LOAD_FAILURE + ")")));
    }

    private static AssertionError unreachable(Throwable t) {
        return new AssertionError("should not reach here", t);
    }

    // int io_uring_queue_init(unsigned entries, struct io_uring *ring, unsigned flags);
    private static final class io_uring_queue_init {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_INT, C_POINTER, C_INT);
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(findOrThrow("io_uring_queue_init"), DESC);
    }

    public static FunctionDescriptor io_uring_queue_init$descriptor() { return io_uring_queue_init.DESC; }
    public static MethodHandle io_uring_queue_init$handle() { return io_uring_queue_init.HANDLE; }

    /** Returns 0 or -errno. */
    public static int io_uring_queue_init(int entries, MemorySegment ring, int flags) {
        try {
            return (int) io_uring_queue_init.HANDLE.invokeExact(entries, ring, flags);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // void io_uring_queue_exit(struct io_uring *ring);
    private static final class io_uring_queue_exit {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER);
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(findOrThrow("io_uring_queue_exit"), DESC);
    }

    public static FunctionDescriptor io_uring_queue_exit$descriptor() { return io_uring_queue_exit.DESC; }
    public static MethodHandle io_uring_queue_exit$handle() { return io_uring_queue_exit.HANDLE; }

    public static void io_uring_queue_exit(MemorySegment ring) {
        try {
            io_uring_queue_exit.HANDLE.invokeExact(ring);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // struct io_uring_sqe *io_uring_get_sqe(struct io_uring *ring);  (exported copy of the inline)
    private static final class io_uring_get_sqe {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER, C_POINTER);
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(findOrThrow("io_uring_get_sqe"), DESC,
                Linker.Option.critical(false));
    }

    public static FunctionDescriptor io_uring_get_sqe$descriptor() { return io_uring_get_sqe.DESC; }
    public static MethodHandle io_uring_get_sqe$handle() { return io_uring_get_sqe.HANDLE; }

    /** Next free SQE (zero-length segment), or NULL when the submission queue is full. */
    public static MemorySegment io_uring_get_sqe(MemorySegment ring) {
        try {
            return (MemorySegment) io_uring_get_sqe.HANDLE.invokeExact(ring);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int io_uring_submit(struct io_uring *ring);
    private static final class io_uring_submit {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(findOrThrow("io_uring_submit"), DESC);
    }

    public static FunctionDescriptor io_uring_submit$descriptor() { return io_uring_submit.DESC; }
    public static MethodHandle io_uring_submit$handle() { return io_uring_submit.HANDLE; }

    /** Number of SQEs the kernel consumed, or -errno. */
    public static int io_uring_submit(MemorySegment ring) {
        try {
            return (int) io_uring_submit.HANDLE.invokeExact(ring);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int io_uring_submit_and_wait(struct io_uring *ring, unsigned wait_nr);
    private static final class io_uring_submit_and_wait {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT);
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(findOrThrow("io_uring_submit_and_wait"), DESC);
    }

    public static FunctionDescriptor io_uring_submit_and_wait$descriptor() { return io_uring_submit_and_wait.DESC; }
    public static MethodHandle io_uring_submit_and_wait$handle() { return io_uring_submit_and_wait.HANDLE; }

    public static int io_uring_submit_and_wait(MemorySegment ring, int wait_nr) {
        try {
            return (int) io_uring_submit_and_wait.HANDLE.invokeExact(ring, wait_nr);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // int __io_uring_get_cqe(struct io_uring *ring, struct io_uring_cqe **cqe_ptr, unsigned submit,
    //                        unsigned wait_nr, sigset_t *sigmask);
    private static final class __io_uring_get_cqe {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_INT, C_INT, C_POINTER);
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(findOrThrow("__io_uring_get_cqe"), DESC);
    }

    public static FunctionDescriptor __io_uring_get_cqe$descriptor() { return __io_uring_get_cqe.DESC; }
    public static MethodHandle __io_uring_get_cqe$handle() { return __io_uring_get_cqe.HANDLE; }

    /** io_uring_wait_cqe(ring, &cqe) is {@code __io_uring_get_cqe(ring, cqe_ptr, 0, 1, NULL)}. Returns 0 or -errno. */
    public static int __io_uring_get_cqe(MemorySegment ring, MemorySegment cqe_ptr, int submit, int wait_nr,
            MemorySegment sigmask) {
        try {
            return (int) __io_uring_get_cqe.HANDLE.invokeExact(ring, cqe_ptr, submit, wait_nr, sigmask);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }

    // unsigned io_uring_peek_batch_cqe(struct io_uring *ring, struct io_uring_cqe **cqes, unsigned count);
    private static final class io_uring_peek_batch_cqe {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_INT);
        static final MethodHandle HANDLE = Linker.nativeLinker().downcallHandle(findOrThrow("io_uring_peek_batch_cqe"), DESC,
                Linker.Option.critical(false));
    }

    public static FunctionDescriptor io_uring_peek_batch_cqe$descriptor() { return io_uring_peek_batch_cqe.DESC; }
    public static MethodHandle io_uring_peek_batch_cqe$handle() { return io_uring_peek_batch_cqe.HANDLE; }

    /** Fills {@code cqes} with up to {@code count} CQE pointers without consuming them (see io_uring_cq_advance). */
    public static int io_uring_peek_batch_cqe(MemorySegment ring, MemorySegment cqes, int count) {
        try {
            return (int) io_uring_peek_batch_cqe.HANDLE.invokeExact(ring, cqes, count);
        } catch (Error | RuntimeException ex) {
            throw ex;
        } catch (Throwable ex) {
            throw unreachable(ex);
        }
    }
}
