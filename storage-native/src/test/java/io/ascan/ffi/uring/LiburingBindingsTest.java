package io.ascan.ffi.uring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/** The hand-written layouts against the offsets a C offsetof program printed for liburing 2.3 on x86_64. */
class LiburingBindingsTest {
    @Test
    void sqeLayoutMatchesTheKernelAbi() {
        assertEquals(64, io_uring_sqe.sizeof());
        assertEquals(0, io_uring_sqe.opcode$offset());
        assertEquals(1, io_uring_sqe.flags$offset());
        assertEquals(2, io_uring_sqe.ioprio$offset());
        assertEquals(4, io_uring_sqe.fd$offset());
        assertEquals(8, io_uring_sqe.off$offset());
        assertEquals(16, io_uring_sqe.addr$offset());
        assertEquals(24, io_uring_sqe.len$offset());
        assertEquals(28, io_uring_sqe.rw_flags$offset());
        assertEquals(32, io_uring_sqe.user_data$offset());
        assertEquals(40, io_uring_sqe.buf_index$offset());
        assertEquals(42, io_uring_sqe.personality$offset());
        assertEquals(44, io_uring_sqe.file_index$offset());
        assertEquals(48, io_uring_sqe.addr3$offset());
    }

    @Test
    void cqeLayoutMatchesTheKernelAbi() {
        assertEquals(16, io_uring_cqe.sizeof());
        assertEquals(0, io_uring_cqe.user_data$offset());
        assertEquals(8, io_uring_cqe.res$offset());
        assertEquals(12, io_uring_cqe.flags$offset());
    }

    @Test
    void ringLayoutMatchesLiburing23() {
        assertEquals(216, io_uring.sizeof());
        assertEquals(0, io_uring.sq$offset());
        assertEquals(104, io_uring.cq$offset());
        assertEquals(192, io_uring.flags$offset());
        assertEquals(196, io_uring.ring_fd$offset());
        assertEquals(200, io_uring.features$offset());
        assertEquals(104, io_uring_sq.sizeof());
        assertEquals(56, io_uring_sq.sqes$offset());
        assertEquals(64, io_uring_sq.sqe_head$offset());
        assertEquals(68, io_uring_sq.sqe_tail$offset());
        assertEquals(88, io_uring_sq.ring_mask$offset());
        assertEquals(92, io_uring_sq.ring_entries$offset());
        assertEquals(88, io_uring_cq.sizeof());
        assertEquals(0, io_uring_cq.khead$offset());
        assertEquals(8, io_uring_cq.ktail$offset());
        assertEquals(32, io_uring_cq.kflags$offset());
        assertEquals(40, io_uring_cq.koverflow$offset());
        assertEquals(48, io_uring_cq.cqes$offset());
        assertEquals(72, io_uring_cq.ring_mask$offset());
        assertEquals(76, io_uring_cq.ring_entries$offset());
    }

    @Test
    void prepReadWritesTheFieldsAtTheirAbiOffsets() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment sqe = arena.allocate(io_uring_sqe.layout());
            sqe.fill((byte) 0x5a); // stale bytes must be cleared
            LiburingInline.io_uring_prep_read(sqe, 7, 0x1000_2000L, 8192, 3L << 32);
            LiburingInline.io_uring_sqe_set_data64(sqe, 0xfeedL);
            assertEquals(22, sqe.get(ValueLayout.JAVA_BYTE, 0));
            assertEquals(0, sqe.get(ValueLayout.JAVA_BYTE, 1));
            assertEquals(7, sqe.get(ValueLayout.JAVA_INT, 4));
            assertEquals(3L << 32, sqe.get(ValueLayout.JAVA_LONG, 8));
            assertEquals(0x1000_2000L, sqe.get(ValueLayout.JAVA_LONG, 16));
            assertEquals(8192, sqe.get(ValueLayout.JAVA_INT, 24));
            assertEquals(0, sqe.get(ValueLayout.JAVA_INT, 28));
            assertEquals(0xfeedL, sqe.get(ValueLayout.JAVA_LONG, 32));
            for (long off = 40; off < 64; off += 8) assertEquals(0, sqe.get(ValueLayout.JAVA_LONG, off));
        }
    }

    @Test
    void cqAdvanceMovesTheHead() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment head = arena.allocate(ValueLayout.JAVA_INT);
            head.set(ValueLayout.JAVA_INT, 0, -2); // unsigned wrap-around
            LiburingInline.io_uring_cq_advance(head, 3);
            assertEquals(1, head.get(ValueLayout.JAVA_INT, 0));
        }
    }

    @Test
    void queueInitAndExitWork() {
        assumeTrue(liburing_h.loadFailure() == null, liburing_h::loadFailure);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ring = arena.allocate(io_uring.layout());
            int r = liburing_h.io_uring_queue_init(8, ring, 0);
            assumeTrue(r == 0, "io_uring_queue_init returned " + r);
            MemorySegment sq = io_uring.sq(ring);
            MemorySegment cq = io_uring.cq(ring);
            assertEquals(8, io_uring_sq.ring_entries(sq));
            assertEquals(7, io_uring_sq.ring_mask(sq));
            assertEquals(16, io_uring_cq.ring_entries(cq)); // the kernel doubles the CQ by default
            MemorySegment sqe = liburing_h.io_uring_get_sqe(ring);
            assertEquals(io_uring_sq.sqes(sq).address(), sqe.address(), "first SQE is slot 0");
            assertEquals(1, io_uring_sq.sqe_tail(sq));
            liburing_h.io_uring_queue_exit(ring);
        }
    }
}
