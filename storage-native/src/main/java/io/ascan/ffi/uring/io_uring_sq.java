// Hand-written in the shape jextract produces (see liburing_h for how to regenerate).
// struct io_uring_sq from <liburing.h> 2.3: liburing's private view of the submission ring, 104 bytes.

package io.ascan.ffi.uring;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

@SuppressWarnings({"unused", "restricted", "checkstyle:TypeName"})
public final class io_uring_sq {
    io_uring_sq() {}

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
            liburing_h.C_POINTER.withName("khead"),
            liburing_h.C_POINTER.withName("ktail"),
            liburing_h.C_POINTER.withName("kring_mask"),
            liburing_h.C_POINTER.withName("kring_entries"),
            liburing_h.C_POINTER.withName("kflags"),
            liburing_h.C_POINTER.withName("kdropped"),
            liburing_h.C_POINTER.withName("array"),
            liburing_h.C_POINTER.withName("sqes"),
            liburing_h.C_INT.withName("sqe_head"),
            liburing_h.C_INT.withName("sqe_tail"),
            liburing_h.C_LONG.withName("ring_sz"),
            liburing_h.C_POINTER.withName("ring_ptr"),
            liburing_h.C_INT.withName("ring_mask"),
            liburing_h.C_INT.withName("ring_entries"),
            MemoryLayout.sequenceLayout(2, liburing_h.C_INT).withName("pad"))
            .withName("io_uring_sq");

    public static GroupLayout layout() { return $LAYOUT; }
    public static long sizeof() { return $LAYOUT.byteSize(); }

    private static final VarHandle khead$VH = $LAYOUT.varHandle(groupElement("khead"));
    private static final VarHandle sqes$VH = $LAYOUT.varHandle(groupElement("sqes"));
    private static final VarHandle sqe_head$VH = $LAYOUT.varHandle(groupElement("sqe_head"));
    private static final VarHandle sqe_tail$VH = $LAYOUT.varHandle(groupElement("sqe_tail"));
    private static final VarHandle ring_mask$VH = $LAYOUT.varHandle(groupElement("ring_mask"));
    private static final VarHandle ring_entries$VH = $LAYOUT.varHandle(groupElement("ring_entries"));

    public static long khead$offset() { return $LAYOUT.byteOffset(groupElement("khead")); }
    public static long ktail$offset() { return $LAYOUT.byteOffset(groupElement("ktail")); }
    public static long sqes$offset() { return $LAYOUT.byteOffset(groupElement("sqes")); }
    public static long sqe_head$offset() { return $LAYOUT.byteOffset(groupElement("sqe_head")); }
    public static long sqe_tail$offset() { return $LAYOUT.byteOffset(groupElement("sqe_tail")); }
    public static long ring_mask$offset() { return $LAYOUT.byteOffset(groupElement("ring_mask")); }
    public static long ring_entries$offset() { return $LAYOUT.byteOffset(groupElement("ring_entries")); }

    public static MemorySegment khead(MemorySegment struct) { return (MemorySegment) khead$VH.get(struct, 0L); }
    /** The mmapped SQE array (zero-length segment; reinterpret to ring_entries * 64). */
    public static MemorySegment sqes(MemorySegment struct) { return (MemorySegment) sqes$VH.get(struct, 0L); }
    public static int sqe_head(MemorySegment struct) { return (int) sqe_head$VH.get(struct, 0L); }
    public static int sqe_tail(MemorySegment struct) { return (int) sqe_tail$VH.get(struct, 0L); }
    public static int ring_mask(MemorySegment struct) { return (int) ring_mask$VH.get(struct, 0L); }
    public static int ring_entries(MemorySegment struct) { return (int) ring_entries$VH.get(struct, 0L); }
}
