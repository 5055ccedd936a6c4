package io.ascan.codegen.rt;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Per-worker bump allocator for strings that expressions produce (UPPER, CONCAT, CAST to
 * VARCHAR). Memory comes from an Arrow allocator, so it is accounted and limited. Addresses stay
 * valid until {@link #reset}, which the caller invokes per rowset once the results are consumed;
 * growing adds a chunk (earlier addresses stay valid), reset keeps only the largest chunk.
 */
public final class StringScratch implements AutoCloseable {
    private final BufferAllocator allocator;
    private final List<ArrowBuf> retired = new ArrayList<>();
    private ArrowBuf chunk;
    private long base;
    private long used;
    private long capacity;
    private int lastLength;

    public StringScratch(BufferAllocator allocator, long initialBytes) {
        this.allocator = allocator;
        newChunk(Math.max(64, initialBytes));
    }

    public StringScratch(BufferAllocator allocator) {
        this(allocator, 64 * 1024);
    }

    /** The address of {@code bytes} fresh bytes; {@link #lastLength} is set to {@code bytes}. */
    public long allocate(int bytes) {
        if (used + bytes > capacity) grow(bytes);
        long a = base + used;
        used += bytes;
        lastLength = bytes;
        return a;
    }

    /** Gives back the tail of the last allocation: it ended up {@code length} bytes long. */
    public void shrinkLast(int length) {
        used -= lastLength - length;
        lastLength = length;
    }

    /** Length in bytes of the last allocation (a second result of the format helpers). */
    public int lastLength() {
        return lastLength;
    }

    public void reset() {
        for (ArrowBuf b : retired) b.close();
        retired.clear();
        used = 0;
    }

    public long capacity() {
        return capacity;
    }

    private void grow(int bytes) {
        ArrowBuf current = chunk;
        newChunk(Math.max(capacity * 2, bytes + 64L)); // first: if the allocator refuses, the current chunk stays the only owner's
        retired.add(current);
    }

    private void newChunk(long bytes) {
        chunk = allocator.buffer(bytes);
        base = chunk.memoryAddress();
        capacity = chunk.capacity();
        used = 0;
    }

    @Override
    public void close() {
        reset();
        chunk.close();
    }
}
