package io.ascan.io;

import io.ascan.numa.Numa;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A pool of 4 KiB-aligned buffers in power-of-two size classes, carved from one long-lived shared
 * arena. Closing a shared arena per read costs a global handshake, so segment buffers are reused
 * instead. A pool may be bound to a NUMA node (the storage or the compute node of the topology):
 * its memory then comes from that node where libnuma can place it. Thread-safe; {@link #close()}
 * frees everything once all buffers are back.
 */
public final class AlignedBufferPool implements AutoCloseable {
    private static final int MIN_SHIFT = 12; // 4 KiB
    private static final int MAX_SHIFT = 30; // 1 GiB

    private final Arena arena = Arena.ofShared();
    @SuppressWarnings("unchecked")
    private final ConcurrentLinkedDeque<MemorySegment>[] free = new ConcurrentLinkedDeque[MAX_SHIFT + 1];
    private final AtomicLong outstanding = new AtomicLong();
    private final AtomicLong reserved = new AtomicLong();
    private final long capacity;
    private final int node;
    private volatile boolean closed;

    /** @param capacity bytes the pool may reserve from the system in total */
    public AlignedBufferPool(long capacity) {
        this(capacity, -1);
    }

    /**
     * @param capacity bytes the pool may reserve from the system in total
     * @param node     NUMA node to allocate on ({@link Numa#allocate}), or -1 for no placement
     */
    public AlignedBufferPool(long capacity, int node) {
        this.capacity = capacity;
        this.node = node;
        for (int i = MIN_SHIFT; i <= MAX_SHIFT; i++) free[i] = new ConcurrentLinkedDeque<>();
    }

    static int sizeClass(long size) {
        int shift = 64 - Long.numberOfLeadingZeros(Math.max(size, 1L << MIN_SHIFT) - 1);
        if (shift > MAX_SHIFT) throw new IllegalArgumentException("buffer of " + size + " bytes is too large");
        return shift;
    }

    /** A buffer of at least {@code size} bytes (sliced to exactly alignUp(size)); give it back with {@link #release}. */
    public MemorySegment acquire(long size) {
        if (closed) throw new IllegalStateException("buffer pool is closed");
        int cls = sizeClass(size);
        MemorySegment seg = free[cls].pollFirst();
        if (seg == null) {
            long bytes = 1L << cls;
            if (reserved.addAndGet(bytes) > capacity) {
                reserved.addAndGet(-bytes);
                throw new IllegalStateException("aligned buffer pool exhausted: " + capacity + " bytes reserved, "
                        + outstanding.get() + " in use; raise the memory limit");
            }
            synchronized (arena) {
                seg = node < 0 ? arena.allocate(bytes, BlockReader.ALIGNMENT) : Numa.allocate(arena, bytes, node);
            }
        }
        outstanding.addAndGet(seg.byteSize());
        return seg.asSlice(0, AlignedMemory.alignUp(size));
    }

    /** Returns a buffer obtained from {@link #acquire}. */
    public void release(MemorySegment buffer) {
        long full = 1L << sizeClass(buffer.byteSize());
        MemorySegment whole = MemorySegment.ofAddress(buffer.address()).reinterpret(full, arena, null);
        outstanding.addAndGet(-full);
        free[sizeClass(full)].addFirst(whole);
    }

    /** The NUMA node the pool allocates on, or -1. */
    public int node() {
        return node;
    }

    /** Bytes currently handed out. */
    public long outstanding() {
        return outstanding.get();
    }

    /** Bytes reserved from the system. */
    public long reserved() {
        return reserved.get();
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        long out = outstanding.get();
        if (out != 0) {
            throw new IllegalStateException("buffer pool closed with " + out + " bytes still in use");
        }
        arena.close();
    }
}
