package io.ascan.codegen.rt;

import io.ascan.memory.NativeRegions;
import java.lang.foreign.MemorySegment;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Raw little-endian reads and writes by address, for generated code. Rowset columns are Arrow
 * buffers in native memory (segments the engine owns and keeps alive while a rowset is
 * processed), so generated loops address them directly: one static call the JIT turns into a
 * plain load, no bounds checks per value and no per-tuple virtual calls.
 *
 * <p>Loads and stores go through Arrow's {@link MemoryUtil} (the same unchecked access Arrow's own
 * buffers use, already required by the engine's allocator), not a {@code MemorySegment} over all
 * memory: each segment access inlines a bounds and liveness check chain, and in the large
 * methods of a fused pipeline the JIT runs out of inlining budget and leaves those checks as
 * calls on the hot path.
 *
 * <p>In checked mode ({@link NativeRegions#CHECKED}, a static final the JIT folds away when off)
 * every access is first checked against the live native regions: a bad address is a
 * {@link io.ascan.memory.NativeAccessException}, not a crash.
 */
public final class Mem {
    private static final boolean CHECKED = NativeRegions.CHECKED;
    private static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private Mem() {}

    public static byte getByte(long address) {
        if (CHECKED) NativeRegions.check(address, 1);
        return MemoryUtil.getByte(address);
    }

    public static int getInt(long address) {
        if (CHECKED) NativeRegions.check(address, 4);
        return MemoryUtil.getInt(address);
    }

    public static long getLong(long address) {
        if (CHECKED) NativeRegions.check(address, 8);
        return MemoryUtil.getLong(address);
    }

    public static double getDouble(long address) {
        if (CHECKED) NativeRegions.check(address, 8);
        return Double.longBitsToDouble(MemoryUtil.getLong(address));
    }

    /** Bit {@code i} of an Arrow bitmap (validity or BOOLEAN values). */
    public static boolean bit(long bitmap, int i) {
        if (CHECKED) NativeRegions.check(bitmap + (i >>> 3), 1);
        return (MemoryUtil.getByte(bitmap + (i >>> 3)) & (1 << (i & 7))) != 0;
    }

    public static void putByte(long address, byte v) {
        if (CHECKED) NativeRegions.check(address, 1);
        MemoryUtil.putByte(address, v);
    }

    public static void putInt(long address, int v) {
        if (CHECKED) NativeRegions.check(address, 4);
        MemoryUtil.putInt(address, v);
    }

    public static void putLong(long address, long v) {
        if (CHECKED) NativeRegions.check(address, 8);
        MemoryUtil.putLong(address, v);
    }

    public static void putDouble(long address, double v) {
        if (CHECKED) NativeRegions.check(address, 8);
        MemoryUtil.putLong(address, Double.doubleToRawLongBits(v));
    }

    public static void fill(long address, long bytes, byte value) {
        if (CHECKED) NativeRegions.check(address, bytes);
        MemoryUtil.setMemory(address, bytes, value);
    }

    public static void copy(long from, long to, long bytes) {
        if (CHECKED) {
            NativeRegions.check(from, bytes);
            NativeRegions.check(to, bytes);
        }
        MemoryUtil.copyMemory(from, to, bytes);
    }

    /** The native segment at {@code address}, for helpers that need a MemorySegment view. */
    public static MemorySegment at(long address, long bytes) {
        if (CHECKED) NativeRegions.check(address, bytes);
        return ALL.asSlice(address, bytes);
    }
}
