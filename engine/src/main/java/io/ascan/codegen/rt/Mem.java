package io.ascan.codegen.rt;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Raw little-endian reads and writes by address, for generated code. Rowset columns are Arrow
 * buffers in native memory (segments the engine owns and keeps alive while a rowset is
 * processed), so generated loops address them directly: one static call the JIT inlines to a
 * plain load, no bounds checks per value and no per-tuple virtual calls.
 */
public final class Mem {
    private static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfDouble DOUBLE = ValueLayout.JAVA_DOUBLE_UNALIGNED;

    private Mem() {}

    public static byte getByte(long address) {
        return ALL.get(ValueLayout.JAVA_BYTE, address);
    }

    public static int getInt(long address) {
        return ALL.get(INT, address);
    }

    public static long getLong(long address) {
        return ALL.get(LONG, address);
    }

    public static double getDouble(long address) {
        return ALL.get(DOUBLE, address);
    }

    /** Bit {@code i} of an Arrow bitmap (validity or BOOLEAN values). */
    public static boolean bit(long bitmap, int i) {
        return (ALL.get(ValueLayout.JAVA_BYTE, bitmap + (i >>> 3)) & (1 << (i & 7))) != 0;
    }

    public static void putByte(long address, byte v) {
        ALL.set(ValueLayout.JAVA_BYTE, address, v);
    }

    public static void putInt(long address, int v) {
        ALL.set(INT, address, v);
    }

    public static void putLong(long address, long v) {
        ALL.set(LONG, address, v);
    }

    public static void putDouble(long address, double v) {
        ALL.set(DOUBLE, address, v);
    }

    public static void fill(long address, long bytes, byte value) {
        ALL.asSlice(address, bytes).fill(value);
    }

    public static void copy(long from, long to, long bytes) {
        MemorySegment.copy(ALL, from, ALL, to, bytes);
    }

    /** The native segment at {@code address}, for helpers that need a MemorySegment view. */
    public static MemorySegment at(long address, long bytes) {
        return ALL.asSlice(address, bytes);
    }
}
