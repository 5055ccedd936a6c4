// Hand-written in the shape jextract produces (see liburing_h for how to regenerate).
// struct io_uring_sqe from <liburing/io_uring.h>, 64 bytes; offsets verified with offsetof on x86_64.
// The kernel struct is a chain of unions; each union is flattened to the member a read uses
// (off, addr, rw_flags, buf_index, file_index), which is what io_uring_prep_rw writes.

package io.ascan.ffi.uring;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.VarHandle;

@SuppressWarnings({"unused", "restricted", "checkstyle:TypeName"})
public final class io_uring_sqe {
    io_uring_sqe() {}

    private static final GroupLayout $LAYOUT = MemoryLayout.structLayout(
            liburing_h.C_CHAR.withName("opcode"),
            liburing_h.C_CHAR.withName("flags"),
            liburing_h.C_SHORT.withName("ioprio"),
            liburing_h.C_INT.withName("fd"),
            liburing_h.C_LONG_LONG.withName("off"),        // union { off, addr2, { cmd_op, __pad1 } }
            liburing_h.C_LONG_LONG.withName("addr"),       // union { addr, splice_off_in }
            liburing_h.C_INT.withName("len"),
            liburing_h.C_INT.withName("rw_flags"),         // union of per-opcode flags
            liburing_h.C_LONG_LONG.withName("user_data"),
            liburing_h.C_SHORT.withName("buf_index"),      // packed union { buf_index, buf_group }
            liburing_h.C_SHORT.withName("personality"),
            liburing_h.C_INT.withName("file_index"),       // union { splice_fd_in, file_index, { addr_len, __pad3 } }
            liburing_h.C_LONG_LONG.withName("addr3"),      // union { { addr3, __pad2[1] }, cmd[0] }
            liburing_h.C_LONG_LONG.withName("__pad2"))
            .withName("io_uring_sqe");

    public static GroupLayout layout() { return $LAYOUT; }
    public static long sizeof() { return $LAYOUT.byteSize(); }

    private static final VarHandle opcode$VH = $LAYOUT.varHandle(groupElement("opcode"));
    private static final VarHandle flags$VH = $LAYOUT.varHandle(groupElement("flags"));
    private static final VarHandle fd$VH = $LAYOUT.varHandle(groupElement("fd"));
    private static final VarHandle off$VH = $LAYOUT.varHandle(groupElement("off"));
    private static final VarHandle addr$VH = $LAYOUT.varHandle(groupElement("addr"));
    private static final VarHandle len$VH = $LAYOUT.varHandle(groupElement("len"));
    private static final VarHandle rw_flags$VH = $LAYOUT.varHandle(groupElement("rw_flags"));
    private static final VarHandle user_data$VH = $LAYOUT.varHandle(groupElement("user_data"));

    public static long opcode$offset() { return $LAYOUT.byteOffset(groupElement("opcode")); }
    public static long flags$offset() { return $LAYOUT.byteOffset(groupElement("flags")); }
    public static long ioprio$offset() { return $LAYOUT.byteOffset(groupElement("ioprio")); }
    public static long fd$offset() { return $LAYOUT.byteOffset(groupElement("fd")); }
    public static long off$offset() { return $LAYOUT.byteOffset(groupElement("off")); }
    public static long addr$offset() { return $LAYOUT.byteOffset(groupElement("addr")); }
    public static long len$offset() { return $LAYOUT.byteOffset(groupElement("len")); }
    public static long rw_flags$offset() { return $LAYOUT.byteOffset(groupElement("rw_flags")); }
    public static long user_data$offset() { return $LAYOUT.byteOffset(groupElement("user_data")); }
    public static long buf_index$offset() { return $LAYOUT.byteOffset(groupElement("buf_index")); }
    public static long personality$offset() { return $LAYOUT.byteOffset(groupElement("personality")); }
    public static long file_index$offset() { return $LAYOUT.byteOffset(groupElement("file_index")); }
    public static long addr3$offset() { return $LAYOUT.byteOffset(groupElement("addr3")); }

    public static byte opcode(MemorySegment struct) { return (byte) opcode$VH.get(struct, 0L); }
    public static void opcode(MemorySegment struct, byte value) { opcode$VH.set(struct, 0L, value); }

    public static byte flags(MemorySegment struct) { return (byte) flags$VH.get(struct, 0L); }
    public static void flags(MemorySegment struct, byte value) { flags$VH.set(struct, 0L, value); }

    public static int fd(MemorySegment struct) { return (int) fd$VH.get(struct, 0L); }
    public static void fd(MemorySegment struct, int value) { fd$VH.set(struct, 0L, value); }

    public static long off(MemorySegment struct) { return (long) off$VH.get(struct, 0L); }
    public static void off(MemorySegment struct, long value) { off$VH.set(struct, 0L, value); }

    public static long addr(MemorySegment struct) { return (long) addr$VH.get(struct, 0L); }
    public static void addr(MemorySegment struct, long value) { addr$VH.set(struct, 0L, value); }

    public static int len(MemorySegment struct) { return (int) len$VH.get(struct, 0L); }
    public static void len(MemorySegment struct, int value) { len$VH.set(struct, 0L, value); }

    public static int rw_flags(MemorySegment struct) { return (int) rw_flags$VH.get(struct, 0L); }
    public static void rw_flags(MemorySegment struct, int value) { rw_flags$VH.set(struct, 0L, value); }

    public static long user_data(MemorySegment struct) { return (long) user_data$VH.get(struct, 0L); }
    public static void user_data(MemorySegment struct, long value) { user_data$VH.set(struct, 0L, value); }
}
