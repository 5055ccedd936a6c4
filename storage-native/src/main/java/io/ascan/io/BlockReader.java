package io.ascan.io;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * Asynchronous, aligned (O_DIRECT) block reads into caller-owned memory.
 *
 * <p>A reader is owned by one thread (an io_uring ring is not thread-safe). The caller keeps at
 * most {@link #depth()} reads in flight: {@link #submit} queues a read, {@link #await} pushes
 * queued reads to the kernel and hands back completions. Offsets, lengths and buffer addresses
 * must be multiples of {@link #ALIGNMENT}; anything else is rejected before it reaches the kernel.
 */
public interface BlockReader extends AutoCloseable {
    /** Alignment of offsets, lengths and buffer addresses (the largest logical block size in use). */
    int ALIGNMENT = 4096;

    /** Receives one finished read. {@code result} is the byte count read (short at end of file). */
    @FunctionalInterface
    interface Completion {
        void done(long tag, int result) throws IOException;
    }

    /** Opens a file for direct reads. The file must be closed before the reader. */
    BlockFile open(Path file) throws IOException;

    /** Maximum number of reads in flight. */
    int depth();

    /** Reads currently queued or in flight. */
    int inFlight();

    /**
     * Queues a read of {@code dst.byteSize()} bytes at {@code offset} into {@code dst}.
     *
     * @throws IllegalArgumentException if offset, length or address is not aligned
     * @throws IllegalStateException if {@link #depth()} reads are already in flight
     */
    void submit(BlockFile file, long offset, MemorySegment dst, long tag) throws IOException;

    /**
     * Submits queued reads and waits until at least {@code min} of them have completed,
     * passing each to {@code sink}. A failed read throws an {@link IOException} naming the
     * file, offset and the operating system's error text. Returns the number delivered.
     */
    int await(int min, Completion sink) throws IOException;

    /** Short name of the implementation, for logs and benchmarks ("uring", "portable"). */
    String name();

    @Override
    void close() throws IOException;

    /** Checks the alignment contract; shared by every implementation. */
    static void checkAligned(BlockFile file, long offset, MemorySegment dst) {
        long len = dst.byteSize();
        if (offset < 0 || offset % ALIGNMENT != 0) {
            throw new IllegalArgumentException("unaligned read offset " + offset + " in " + file.path()
                    + ": direct reads need multiples of " + ALIGNMENT);
        }
        if (len <= 0 || len % ALIGNMENT != 0 || len > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("unaligned read length " + len + " in " + file.path()
                    + ": direct reads need a positive multiple of " + ALIGNMENT + " below 2 GiB");
        }
        if (!dst.isNative() || dst.address() % ALIGNMENT != 0) {
            throw new IllegalArgumentException("read buffer at 0x" + Long.toHexString(dst.address())
                    + " is not " + ALIGNMENT + "-byte aligned native memory (use AlignedMemory)");
        }
    }
}
