package io.ascan.ffi.uring;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * Java ports of the liburing 2.3 {@code static inline} helpers the reader needs. They live only in
 * the header, so neither jextract nor a symbol lookup can bind them.
 */
public final class LiburingInline {
    private LiburingInline() {}

    private static final VarHandle U32 = ValueLayout.JAVA_INT.varHandle();

    /**
     * {@code io_uring_prep_read(sqe, fd, buf, nbytes, offset)}: a plain read, every other field zero.
     * liburing's prep_rw writes each field; clearing the 64 bytes first is the same and simpler.
     */
    public static void io_uring_prep_read(MemorySegment sqe, int fd, long bufAddress, int nbytes, long offset) {
        sqe.fill((byte) 0);
        io_uring_sqe.opcode(sqe, (byte) liburing_h.IORING_OP_READ);
        io_uring_sqe.fd(sqe, fd);
        io_uring_sqe.off(sqe, offset);
        io_uring_sqe.addr(sqe, bufAddress);
        io_uring_sqe.len(sqe, nbytes);
    }

    /** {@code io_uring_sqe_set_data64(sqe, data)}. */
    public static void io_uring_sqe_set_data64(MemorySegment sqe, long data) {
        io_uring_sqe.user_data(sqe, data);
    }

    /**
     * {@code io_uring_cq_advance(ring, nr)} given {@code *ring->cq.khead} (reinterpreted to 4 bytes):
     * a store-release, so the kernel sees the new head only after the CQEs were read. Only the
     * ring's single consumer may call this, hence the plain read of the old value.
     */
    public static void io_uring_cq_advance(MemorySegment cqKhead, int nr) {
        if (nr != 0) {
            int head = (int) U32.get(cqKhead, 0L);
            U32.setRelease(cqKhead, 0L, head + nr);
        }
    }
}
