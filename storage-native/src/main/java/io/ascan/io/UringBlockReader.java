package io.ascan.io;

import io.ascan.ffi.libc.ErrnoException;
import io.ascan.ffi.libc.LibC;
import io.ascan.ffi.libc.libc_h;
import io.ascan.ffi.uring.LiburingInline;
import io.ascan.ffi.uring.io_uring;
import io.ascan.ffi.uring.io_uring_cq;
import io.ascan.ffi.uring.io_uring_cqe;
import io.ascan.ffi.uring.io_uring_sq;
import io.ascan.ffi.uring.io_uring_sqe;
import io.ascan.ffi.uring.liburing_h;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * O_DIRECT reads through an io_uring ring of {@code depth} entries (liburing via FFM).
 *
 * <p>Each read occupies one slot until its completion is delivered; the slot number is the SQE's
 * user_data, so completions find their tag, file and offset (for error messages) without
 * allocating, and the destination segment stays reachable while the kernel writes into it.
 * Reaped completions are buffered, so a failed read or a throwing sink loses none of the others.
 */
@SuppressWarnings("restricted") // FFM: reinterpreting pointers the C library returns
public final class UringBlockReader implements BlockReader {
    private static final Logger LOG = LoggerFactory.getLogger(UringBlockReader.class);
    /** The kernel's IORING_MAX_ENTRIES. */
    public static final int MAX_DEPTH = 32768;
    /** Consecutive rounds without progress (EAGAIN/EBUSY with nothing in the kernel) before giving up. */
    private static final int MAX_STALLS = 10_000;
    private static volatile boolean warnedBuffered;

    private final int depth;
    private final Arena arena;          // shared, one per reader: the ring and its views live and die together
    private final MemorySegment ring;   // struct io_uring
    private final MemorySegment sqes;   // the kernel's SQE array, scoped to the arena
    private final MemorySegment cqes;   // the kernel's CQE array, scoped to the arena
    private final MemorySegment cqHead; // *ring->cq.khead
    private final MemorySegment cqePtrs;  // struct io_uring_cqe *[depth] for peek_batch
    private final MemorySegment waitPtr;  // struct io_uring_cqe * out-parameter of __io_uring_get_cqe

    // Slot table, indexed by user_data.
    private final long[] tags;
    private final long[] offsets;
    private final UringFile[] files;
    private final MemorySegment[] buffers;
    private final int[] freeSlots;
    private int freeCount;

    // Completions reaped from the ring but not yet delivered: FIFO of (slot, res).
    private final int[] readySlot;
    private final int[] readyRes;
    private int readyHead;
    private int readyCount;

    private int inFlight;     // slots in use: queued, in the kernel or ready
    private int unsubmitted;  // SQEs filled but not yet consumed by the kernel
    private boolean closed;

    /**
     * @throws UringUnavailableException if io_uring cannot be set up in this process
     * @throws IllegalArgumentException if depth is not within 1..{@link #MAX_DEPTH}
     */
    public UringBlockReader(int depth) throws UringUnavailableException {
        if (depth < 1 || depth > MAX_DEPTH) {
            throw new IllegalArgumentException("queue depth must be within 1.." + MAX_DEPTH + ", got " + depth);
        }
        String why = unavailableReason();
        if (why != null) throw new UringUnavailableException(why);
        this.depth = depth;
        this.arena = Arena.ofShared();
        this.ring = arena.allocate(io_uring.layout());
        boolean ringUp = false;
        try {
            int r = liburing_h.io_uring_queue_init(depth, ring, 0);
            if (r < 0) throw new UringUnavailableException(UringProbe.explainSetupFailure(-r, depth));
            ringUp = true;
            MemorySegment sq = io_uring.sq(ring);
            MemorySegment cq = io_uring.cq(ring);
            sqes = io_uring_sq.sqes(sq).reinterpret(io_uring_sq.ring_entries(sq) * io_uring_sqe.sizeof(), arena, null);
            cqes = io_uring_cq.cqes(cq).reinterpret(io_uring_cq.ring_entries(cq) * io_uring_cqe.sizeof(), arena, null);
            cqHead = io_uring_cq.khead(cq).reinterpret(Integer.BYTES, arena, null);
            cqePtrs = arena.allocate(ValueLayout.ADDRESS, depth);
            waitPtr = arena.allocate(ValueLayout.ADDRESS);
        } catch (Throwable t) {
            if (ringUp) liburing_h.io_uring_queue_exit(ring);
            arena.close();
            throw t;
        }
        tags = new long[depth];
        offsets = new long[depth];
        files = new UringFile[depth];
        buffers = new MemorySegment[depth];
        freeSlots = new int[depth];
        for (int i = 0; i < depth; i++) freeSlots[i] = depth - 1 - i;
        freeCount = depth;
        readySlot = new int[depth];
        readyRes = new int[depth];
    }

    /** Why io_uring cannot be used in this process, or null when it can. Probed once. */
    public static String unavailableReason() {
        return UringProbe.reason();
    }

    private static final class UringFile implements BlockFile {
        final Path path;
        final int fd;
        final long size;
        private final AtomicBoolean closed = new AtomicBoolean();

        UringFile(Path path, int fd, long size) {
            this.path = path;
            this.fd = fd;
            this.size = size;
        }

        @Override public Path path() { return path; }
        @Override public long size() { return size; }

        boolean isClosed() { return closed.get(); }

        @Override
        public void close() throws IOException {
            // Exactly once: a second close could hit a descriptor number reused by someone else.
            if (closed.compareAndSet(false, true)) LibC.close(fd, path);
        }
    }

    @Override
    public BlockFile open(Path file) throws IOException {
        ensureOpen();
        int fd;
        try {
            fd = LibC.open(file, libc_h.O_RDONLY | libc_h.O_DIRECT | libc_h.O_CLOEXEC);
        } catch (ErrnoException e) {
            if (e.errno() == libc_h.ENOENT) {
                throw (IOException) new NoSuchFileException(file.toString(), null, LibC.describe(e.errno())).initCause(e);
            }
            if (e.errno() != libc_h.EINVAL) throw e;
            // EINVAL: this file system does not do O_DIRECT. Same contract, page-cache reads.
            fd = LibC.open(file, libc_h.O_RDONLY | libc_h.O_CLOEXEC);
            if (!warnedBuffered) {
                warnedBuffered = true;
                LOG.info("O_DIRECT not supported for {}; io_uring reader uses buffered reads there", file);
            }
        }
        try {
            return new UringFile(file, fd, LibC.size(fd, file));
        } catch (IOException | RuntimeException e) {
            try {
                LibC.close(fd, file);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    @Override public int depth() { return depth; }
    @Override public int inFlight() { return inFlight; }
    @Override public String name() { return "uring"; }

    @Override
    public void submit(BlockFile file, long offset, MemorySegment dst, long tag) {
        ensureOpen();
        if (!(file instanceof UringFile f)) {
            throw new IllegalArgumentException(file.path() + " was not opened by an io_uring reader");
        }
        if (f.isClosed()) throw new IllegalStateException("file is closed: " + f.path);
        BlockReader.checkAligned(file, offset, dst);
        if (inFlight >= depth) {
            throw new IllegalStateException("queue full: " + depth + " reads already in flight");
        }
        MemorySegment sqe = nextSqe();
        int slot = freeSlots[--freeCount];
        tags[slot] = tag;
        offsets[slot] = offset;
        files[slot] = f;
        buffers[slot] = dst;
        LiburingInline.io_uring_prep_read(sqe, f.fd, dst.address(), (int) dst.byteSize(), offset);
        LiburingInline.io_uring_sqe_set_data64(sqe, slot);
        inFlight++;
        unsubmitted++;
    }

    /** The SQE liburing hands out, as a slice of the arena-scoped SQE array. */
    private MemorySegment nextSqe() {
        MemorySegment p = liburing_h.io_uring_get_sqe(ring);
        // Cannot happen while inFlight < depth <= sq entries; kept as a guard against layout drift.
        if (p.equals(MemorySegment.NULL)) throw new IllegalStateException("io_uring submission queue is full");
        return sqes.asSlice(p.address() - sqes.address(), io_uring_sqe.sizeof());
    }

    @Override
    public int await(int min, Completion sink) throws IOException {
        ensureOpen();
        if (min < 0 || min > inFlight) {
            throw new IllegalStateException("waiting for " + min + " reads but only " + inFlight + " in flight");
        }
        int delivered = 0;
        int stalls = 0;
        while (true) {
            if (readyCount > 0) {
                delivered++;
                deliverOne(sink);
                continue;
            }
            if (unsubmitted > 0) submitPending();
            if (reap() > 0) continue;
            if (delivered >= min) return delivered;
            if (kernelInFlight() > 0) {
                waitForOne();
                stalls = 0;
            } else if (++stalls > MAX_STALLS) {
                throw new IOException("io_uring accepts no submissions (" + unsubmitted + " reads pending)");
            } else {
                Thread.yield(); // transient EAGAIN/EBUSY with nothing in flight: try again
            }
        }
    }

    private int kernelInFlight() {
        return inFlight - unsubmitted - readyCount;
    }

    /** One io_uring_submit; EINTR, EAGAIN and EBUSY leave the rest pending for the next round. */
    private void submitPending() throws IOException {
        int r = liburing_h.io_uring_submit(ring);
        if (r >= 0) {
            unsubmitted -= Math.min(r, unsubmitted);
        } else if (r != -libc_h.EINTR && r != -libc_h.EAGAIN && r != -libc_h.EBUSY) {
            throw new IOException("io_uring_submit failed: " + LibC.describe(-r));
        }
    }

    /** Blocks until the kernel posts at least one completion (io_uring_wait_cqe). */
    private void waitForOne() throws IOException {
        int r = liburing_h.__io_uring_get_cqe(ring, waitPtr, 0, 1, MemorySegment.NULL);
        if (r < 0 && r != -libc_h.EINTR && r != -libc_h.EAGAIN && r != -libc_h.EBUSY && r != -libc_h.ETIME) {
            throw new IOException("waiting for io_uring completions failed: " + LibC.describe(-r));
        }
    }

    /** Moves every available CQE into the ready FIFO and advances the CQ head once. */
    private int reap() {
        int n = liburing_h.io_uring_peek_batch_cqe(ring, cqePtrs, depth - readyCount);
        try {
            for (int i = 0; i < n; i++) {
                long at = cqePtrs.getAtIndex(ValueLayout.ADDRESS, i).address() - cqes.address();
                MemorySegment cqe = cqes.asSlice(at, io_uring_cqe.sizeof());
                long slot = io_uring_cqe.user_data(cqe);
                if (slot < 0 || slot >= depth || files[(int) slot] == null) {
                    throw new IllegalStateException("io_uring completion for unknown slot " + slot);
                }
                int tail = (readyHead + readyCount) % depth;
                readySlot[tail] = (int) slot;
                readyRes[tail] = io_uring_cqe.res(cqe);
                readyCount++;
            }
        } finally {
            LiburingInline.io_uring_cq_advance(cqHead, n); // never hand out the same CQE twice
        }
        return n;
    }

    /** Frees the slot first, so the reader stays consistent whatever the sink does. */
    private void deliverOne(Completion sink) throws IOException {
        int slot = readySlot[readyHead];
        int res = readyRes[readyHead];
        readyHead = (readyHead + 1) % depth;
        readyCount--;
        long tag = tags[slot];
        long offset = offsets[slot];
        UringFile file = files[slot];
        long len = buffers[slot].byteSize();
        release(slot);
        if (res < 0) {
            throw new IOException("read of " + len + " bytes at offset " + offset + " in " + file.path
                    + " failed: " + LibC.describe(-res));
        }
        sink.done(tag, res);
    }

    private void release(int slot) {
        files[slot] = null;
        buffers[slot] = null;
        freeSlots[freeCount++] = slot;
        inFlight--;
    }

    private void ensureOpen() {
        if (closed) throw new IllegalStateException("block reader is closed");
    }

    /**
     * Waits for reads the kernel already has, then tears the ring down. Waiting matters: the
     * kernel would otherwise keep writing into buffers the caller is about to free.
     */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        try {
            while (kernelInFlight() > 0) {
                if (reap() == 0) {
                    int r = liburing_h.__io_uring_get_cqe(ring, waitPtr, 0, 1, MemorySegment.NULL);
                    if (r < 0 && r != -libc_h.EINTR && r != -libc_h.EAGAIN && r != -libc_h.EBUSY) {
                        LOG.warn("closing io_uring reader with {} reads in flight: {}", kernelInFlight(), LibC.describe(-r));
                        break;
                    }
                }
                while (readyCount > 0) { // completions nobody will collect
                    release(readySlot[readyHead]);
                    readyHead = (readyHead + 1) % depth;
                    readyCount--;
                }
            }
        } finally {
            liburing_h.io_uring_queue_exit(ring);
            arena.close();
        }
    }
}
