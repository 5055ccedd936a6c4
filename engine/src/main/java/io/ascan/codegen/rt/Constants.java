package io.ascan.codegen.rt;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The constants of one instance of a generated class, with the off-heap memory of its string
 * constants: one accounted Arrow buffer per instance, released by {@link #close}.
 */
public final class Constants implements AutoCloseable {
    private final Object[] values;
    private final ArrowBuf memory;

    private Constants(Object[] values, ArrowBuf memory) {
        this.values = values;
        this.memory = memory;
    }

    /**
     * Copies {@code constants}, binding every {@link Utf8} to memory from {@code allocator} and giving
     * every {@link DictionaryFilter} a cache of its own.
     */
    public static Constants bind(Object[] constants, BufferAllocator allocator) {
        long bytes = 0;
        for (Object c : constants) if (c instanceof Utf8 s) bytes += s.length;
        Object[] values = constants.clone();
        // A dictionary filter caches its table: instances used by different threads must not share one.
        for (int i = 0; i < values.length; i++) if (values[i] instanceof DictionaryFilter f) values[i] = f.copy();
        if (bytes == 0) return new Constants(values, null);
        ArrowBuf buf = allocator.buffer(bytes);
        long at = buf.memoryAddress();
        for (int i = 0; i < values.length; i++) {
            if (values[i] instanceof Utf8 s) {
                MemorySegment.copy(s.bytes, 0, Mem.at(at, s.length), ValueLayout.JAVA_BYTE, 0, s.length);
                values[i] = s.bindTo(at);
                at += s.length;
            }
        }
        return new Constants(values, buf);
    }

    public Object[] values() {
        return values;
    }

    @Override
    public void close() {
        if (memory != null) memory.close();
    }
}
