package io.ascan.bench;

import io.ascan.io.AlignedMemory;
import io.ascan.io.BlockFile;
import io.ascan.io.BlockReader;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * Reads a whole file sequentially with direct I/O, keeping {@code depth} reads of {@code blockSize}
 * bytes in flight: the access pattern of fio's {@code --rw=read --iodepth=N}.
 */
final class SequentialRead {
    record Result(long bytes, long nanos) {
        double megabytesPerSecond() {
            return bytes / 1e6 / (nanos / 1e9);
        }
    }

    private SequentialRead() {}

    static Result run(BlockReader reader, Path file, int blockSize) throws IOException {
        if (!AlignedMemory.isAligned(blockSize)) {
            throw new IllegalArgumentException("block size " + blockSize + " is not a multiple of " + BlockReader.ALIGNMENT);
        }
        int depth = reader.depth();
        try (Arena arena = Arena.ofConfined(); BlockFile f = reader.open(file)) {
            MemorySegment buffers = AlignedMemory.allocate(arena, (long) depth * blockSize);
            long size = f.size();
            long[] total = {0};
            long next = 0;
            int free = depth;
            int[] slots = new int[depth];
            for (int i = 0; i < depth; i++) slots[i] = i;
            long start = System.nanoTime();
            while (next < size || reader.inFlight() > 0) {
                while (free > 0 && next < size) {
                    int slot = slots[--free];
                    long len = Math.min(blockSize, AlignedMemory.alignUp(size - next));
                    reader.submit(f, next, buffers.asSlice((long) slot * blockSize, len), slot);
                    next += len;
                }
                final int[] freed = {free};
                reader.await(1, (tag, result) -> {
                    total[0] += result;
                    slots[freed[0]++] = (int) tag;
                });
                free = freed[0];
            }
            return new Result(total[0], System.nanoTime() - start);
        }
    }
}
