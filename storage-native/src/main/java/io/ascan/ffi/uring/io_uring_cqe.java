// Hand-written in the shape jextract produces (see liburing_h for how to regenerate).
// struct io_uring_cqe from <liburing/io_uring.h>, 16 bytes (no IORING_SETUP_CQE32, so big_cqe[] is empty).

package io.ascan.ffi.uring;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

@SuppressWarnings({"unused", "restricted", "checkstyle:TypeName"})
public final class io_uring_cqe {
    io_uring_cqe() {}

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
            liburing_h.C_LONG_LONG.withName("user_data"),
            liburing_h.C_INT.withName("res"),
            liburing_h.C_INT.withName("flags"))
            .withName("io_uring_cqe");

    public static GroupLayout layout() { return $LAYOUT; }
    public static long sizeof() { return $LAYOUT.byteSize(); }

    private static final VarHandle user_data$VH = $LAYOUT.varHandle(groupElement("user_data"));
    private static final VarHandle res$VH = $LAYOUT.varHandle(groupElement("res"));
    private static final VarHandle flags$VH = $LAYOUT.varHandle(groupElement("flags"));

    public static long user_data$offset() { return $LAYOUT.byteOffset(groupElement("user_data")); }
    public static long res$offset() { return $LAYOUT.byteOffset(groupElement("res")); }
    public static long flags$offset() { return $LAYOUT.byteOffset(groupElement("flags")); }

    public static long user_data(MemorySegment struct) { return (long) user_data$VH.get(struct, 0L); }
    public static void user_data(MemorySegment struct, long value) { user_data$VH.set(struct, 0L, value); }

    /** Bytes transferred, or -errno. */
    public static int res(MemorySegment struct) { return (int) res$VH.get(struct, 0L); }
    public static void res(MemorySegment struct, int value) { res$VH.set(struct, 0L, value); }

    public static int flags(MemorySegment struct) { return (int) flags$VH.get(struct, 0L); }
    public static void flags(MemorySegment struct, int value) { flags$VH.set(struct, 0L, value); }
}
