// Hand-written in the shape jextract produces (see liburing_h for how to regenerate).
// struct io_uring_cq from <liburing.h> 2.3: liburing's private view of the completion ring, 88 bytes.

package io.ascan.ffi.uring;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

@SuppressWarnings({"unused", "restricted", "checkstyle:TypeName"})
public final class io_uring_cq {
    io_uring_cq() {}

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
            liburing_h.C_POINTER.withName("khead"),
            liburing_h.C_POINTER.withName("ktail"),
            liburing_h.C_POINTER.withName("kring_mask"),
            liburing_h.C_POINTER.withName("kring_entries"),
            liburing_h.C_POINTER.withName("kflags"),
            liburing_h.C_POINTER.withName("koverflow"),
            liburing_h.C_POINTER.withName("cqes"),
            liburing_h.C_LONG.withName("ring_sz"),
            liburing_h.C_POINTER.withName("ring_ptr"),
            liburing_h.C_INT.withName("ring_mask"),
            liburing_h.C_INT.withName("ring_entries"),
            MemoryLayout.sequenceLayout(2, liburing_h.C_INT).withName("pad"))
            .withName("io_uring_cq");

    public static GroupLayout layout() { return $LAYOUT; }
    public static long sizeof() { return $LAYOUT.byteSize(); }

    private static final VarHandle khead$VH = $LAYOUT.varHandle(groupElement("khead"));
    private static final VarHandle ktail$VH = $LAYOUT.varHandle(groupElement("ktail"));
    private static final VarHandle koverflow$VH = $LAYOUT.varHandle(groupElement("koverflow"));
    private static final VarHandle cqes$VH = $LAYOUT.varHandle(groupElement("cqes"));
    private static final VarHandle ring_mask$VH = $LAYOUT.varHandle(groupElement("ring_mask"));
    private static final VarHandle ring_entries$VH = $LAYOUT.varHandle(groupElement("ring_entries"));

    public static long khead$offset() { return $LAYOUT.byteOffset(groupElement("khead")); }
    public static long ktail$offset() { return $LAYOUT.byteOffset(groupElement("ktail")); }
    public static long kflags$offset() { return $LAYOUT.byteOffset(groupElement("kflags")); }
    public static long koverflow$offset() { return $LAYOUT.byteOffset(groupElement("koverflow")); }
    public static long cqes$offset() { return $LAYOUT.byteOffset(groupElement("cqes")); }
    public static long ring_mask$offset() { return $LAYOUT.byteOffset(groupElement("ring_mask")); }
    public static long ring_entries$offset() { return $LAYOUT.byteOffset(groupElement("ring_entries")); }

    /** {@code unsigned *khead}: the consumer index shared with the kernel (zero-length segment). */
    public static MemorySegment khead(MemorySegment struct) { return (MemorySegment) khead$VH.get(struct, 0L); }
    public static MemorySegment ktail(MemorySegment struct) { return (MemorySegment) ktail$VH.get(struct, 0L); }
    public static MemorySegment koverflow(MemorySegment struct) { return (MemorySegment) koverflow$VH.get(struct, 0L); }
    /** The mmapped CQE array (zero-length segment; reinterpret to ring_entries * 16). */
    public static MemorySegment cqes(MemorySegment struct) { return (MemorySegment) cqes$VH.get(struct, 0L); }
    public static int ring_mask(MemorySegment struct) { return (int) ring_mask$VH.get(struct, 0L); }
    public static int ring_entries(MemorySegment struct) { return (int) ring_entries$VH.get(struct, 0L); }
}
