package io.ascan.scan.materializer;

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
 */
public record ScanInput(Table table, int[] readColumns, int projected, IoMode io, AlignedBufferPool computePool,
                        AlignedBufferPool storagePool, BufferAllocator allocator, Interconnect interconnect) {
    public ScanInput {
        readColumns = readColumns.clone();
    }

    /** {@code bytes} cross the interconnect: waits for the emulated link, and costs nothing without emulation. */
    void move(long bytes) {
        if (interconnect.emulated()) interconnect.charge(bytes);
    }
}
