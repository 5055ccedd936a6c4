package io.ascan.testing;

import io.ascan.memory.NativeRegions;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * A confined arena whose segments are registered as live native regions while it is open, so
 * tests may hand their addresses to runtime code ({@code io.ascan.codegen.rt}) in checked mode.
 */
public final class RegisteredArena implements AutoCloseable {
    private final Arena arena = Arena.ofConfined();
    private final List<NativeRegions.Region> regions = new ArrayList<>();

    public MemorySegment allocate(long bytes) {
        MemorySegment m = arena.allocate(bytes);
        NativeRegions.Region r = NativeRegions.register(m.address(), bytes, "test arena");
        if (r != null) regions.add(r);
        return m;
    }

    @Override
    public void close() {
        regions.forEach(NativeRegions::release);
        arena.close();
    }
}
