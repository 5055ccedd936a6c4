// Hand-written in the shape jextract produces (see liburing_h for how to regenerate).
// struct io_uring from <liburing.h> 2.3, 216 bytes. This layout is private to liburing and changes
// between releases; the reader relies only on sq/cq (their sqes, cqes, khead, ring_entries), whose
// offsets have been stable since liburing 2.0 (cq.khead at 104, verified with offsetof).

package io.ascan.ffi.uring;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

@SuppressWarnings({"unused", "restricted", "checkstyle:TypeName"})
public final class io_uring {
    io_uring() {}

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
            io_uring_sq.layout().withName("sq"),
            io_uring_cq.layout().withName("cq"),
            liburing_h.C_INT.withName("flags"),
            liburing_h.C_INT.withName("ring_fd"),
            liburing_h.C_INT.withName("features"),
            liburing_h.C_INT.withName("enter_ring_fd"),
            liburing_h.C_CHAR.withName("int_flags"),
            MemoryLayout.sequenceLayout(3, liburing_h.C_CHAR).withName("pad"),
            liburing_h.C_INT.withName("pad2"))
            .withName("io_uring");

    public static GroupLayout layout() { return $LAYOUT; }
    public static long sizeof() { return $LAYOUT.byteSize(); }

    private static final long sq$OFFSET = $LAYOUT.byteOffset(groupElement("sq"));
    private static final long cq$OFFSET = $LAYOUT.byteOffset(groupElement("cq"));
    private static final VarHandle flags$VH = $LAYOUT.varHandle(groupElement("flags"));
    private static final VarHandle ring_fd$VH = $LAYOUT.varHandle(groupElement("ring_fd"));
    private static final VarHandle features$VH = $LAYOUT.varHandle(groupElement("features"));

    public static long sq$offset() { return sq$OFFSET; }
    public static long cq$offset() { return cq$OFFSET; }
    public static long flags$offset() { return $LAYOUT.byteOffset(groupElement("flags")); }
    public static long ring_fd$offset() { return $LAYOUT.byteOffset(groupElement("ring_fd")); }
    public static long features$offset() { return $LAYOUT.byteOffset(groupElement("features")); }

    public static MemorySegment sq(MemorySegment struct) { return struct.asSlice(sq$OFFSET, io_uring_sq.sizeof()); }
    public static MemorySegment cq(MemorySegment struct) { return struct.asSlice(cq$OFFSET, io_uring_cq.sizeof()); }
    public static int flags(MemorySegment struct) { return (int) flags$VH.get(struct, 0L); }
    public static int ring_fd(MemorySegment struct) { return (int) ring_fd$VH.get(struct, 0L); }
    public static int features(MemorySegment struct) { return (int) features$VH.get(struct, 0L); }
}
