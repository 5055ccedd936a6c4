package io.ascan.scan.materializer;

import io.ascan.cache.ColumnFileVersion;
import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.catalog.TableReader;
import io.ascan.io.AlignedBufferPool;
import io.ascan.io.BlockReader;
import java.io.IOException;
import java.util.List;

/**
 * Reads one slice at a time into a given pool (storage-node or compute-node memory) with the
 * worker's own block reader (io_uring, O_DIRECT): a {@link TableReader} over that one slice,
 * so every segment read of every mode still goes through TableReader. All of a slice's segment
 * reads are in flight at once; a mode's workers together keep several slices in flight. A slice
 * the segment cache serves whole costs no system call: the file versions of the cache keys are
 * taken once per session, files are opened at their first read, the ring at its first file.
 */
final class SliceLoader implements AutoCloseable {
    private static final int MIN_DEPTH = 16;

    private final ScanInput input;
    private final AlignedBufferPool pool;
    private final BlockReader io;
    /** The column files' versions, taken at this session's first slice, for the cache keys of all its slices. */
    private ColumnFileVersion[] versions;

    SliceLoader(ScanInput input, AlignedBufferPool pool) {
        this.input = input;
        this.pool = pool;
        this.io = new LazyBlockReader(input.io(), Math.max(MIN_DEPTH, input.readColumns().length));
    }

    SliceData load(SliceMeta slice) throws IOException {
        if (versions == null && input.cache().enabled()) versions = TableReader.versions(input.table(), input.readColumns());
        TableReader reader = new TableReader(input.table(), input.readColumns(), List.of(slice), io, pool, input.allocator(),
                input.cache(), versions);
        SliceData data;
        try {
            data = reader.next();
        } catch (IOException | RuntimeException | Error e) {
            try {
                reader.close();
            } catch (IOException | RuntimeException c) {
                e.addSuppressed(c);
            }
            throw e;
        }
        try {
            reader.close();
        } catch (IOException | RuntimeException e) {
            data.close();
            throw e;
        }
        input.cacheCounts().add(reader.segmentsHit(), reader.segmentsRead(), reader.bytesHit());
        return data;
    }

    /** Bytes of the slice's segments (what a direct read moves across the interconnect). */
    long segmentBytes(SliceMeta slice) {
        long n = 0;
        for (int c : input.readColumns()) n += slice.segment(c).length();
        return n;
    }

    @Override
    public void close() throws IOException {
        io.close();
    }
}
