package io.ascan.scan.materializer;

import io.ascan.cache.CacheCounts;
import io.ascan.cache.SegmentCache;
import io.ascan.catalog.Table;
import io.ascan.io.AlignedBufferPool;
import io.ascan.io.IoMode;
import io.ascan.topology.Interconnect;
import org.apache.arrow.memory.BufferAllocator;

/**
 * What every materializer of one scan reads and where it puts it.
 *
 * @param readColumns table columns each slice is read with: the projection, then the columns only P reads
 * @param projected   how many of them are the scan's output
 * @param computePool compute-node memory (direct reads, pushdown output)
 * @param storagePool storage-node memory (staging and pushdown reads)
 * @param allocator   the query's allocator: every vector is accounted there
 * @param cache       the engine's storage-side segment cache (a hit replaces the disk read), possibly disabled
 * @param cacheCounts where the scan's readers add their hits and misses
 */
public record ScanInput(Table table, int[] readColumns, int projected, IoMode io, AlignedBufferPool computePool,
                        AlignedBufferPool storagePool, BufferAllocator allocator, Interconnect interconnect,
                        SegmentCache cache, CacheCounts cacheCounts) {
    public ScanInput {
        readColumns = readColumns.clone();
    }

    /**
     * {@code bytes} cross the interconnect: waits for the emulated link, and costs nothing without
     * emulation. Remote modes charge their network bytes too, so the link can be emulated over a real one.
     */
    public void move(long bytes) {
        if (interconnect.emulated()) interconnect.charge(bytes);
    }
}
