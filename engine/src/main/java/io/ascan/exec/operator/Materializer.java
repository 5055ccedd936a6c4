package io.ascan.exec.operator;

import io.ascan.exec.Rowset;
import io.ascan.format.SliceData;
import io.ascan.scan.ScanMode;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Turns a loaded slice into the rowset the pipeline consumes (A-Scan paper IV-B). DIRECT wraps
 * the slice's vectors as they landed; issue 4 adds STAGING (storage-node buffers) and PUSHDOWN
 * (P and R applied near storage, passing tuples compacted) behind the same output queue. A
 * materializer owns the slice: it closes it or hands its vectors to the rowset.
 */
@FunctionalInterface
public interface Materializer {
    Rowset materialize(SliceData slice, ScanSource scan, BufferAllocator allocator);

    Materializer DIRECT = (slice, scan, allocator) -> new Rowset(ScanMode.DIRECT, slice.rowCount(), slice.columns(), null);
}
