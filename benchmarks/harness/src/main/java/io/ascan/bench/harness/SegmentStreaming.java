package io.ascan.bench.harness;

import io.ascan.cache.CacheCounts;
import io.ascan.cache.SegmentCache;
import io.ascan.catalog.Table;
import io.ascan.format.SliceMeta;
import io.ascan.io.AlignedBufferPool;
import io.ascan.io.IoMode;
import io.ascan.memory.Allocators;
import io.ascan.scan.materializer.DirectMaterializer;
import io.ascan.scan.materializer.Materializer;
import io.ascan.scan.materializer.ScanInput;
import io.ascan.scan.remote.RemoteDirectMaterializer;
import io.ascan.scan.remote.RemoteStorage;
import io.ascan.topology.Interconnect;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Raw segment streaming: every segment of a table loaded and decoded by the engine's direct
 * materializer, either from the local catalog (the engine's block reader) or pulled up from a
 * storage node ({@link RemoteDirectMaterializer}); the same decoding on both sides, so the
 * difference is the disk read against the network transfer. Slice by slice, all its columns in one
 * request, as a scan asks for them; {@code threads} workers take slices in turn, as a scan's would.
 */
public final class SegmentStreaming {
    /** One pass: the bytes the materializer counted (segments; over a network also the requests) in {@code millis}. */
    public record Pass(String source, int run, long segmentBytes, long movedBytes, double millis) {
        public double megabytesPerSecond() {
            return segmentBytes / 1e6 / (millis / 1e3);
        }
    }

    private SegmentStreaming() {}

    /** @param node null for the local catalog's reader */
    public static Pass pass(String source, int run, Table table, RemoteStorage node, int threads) throws Exception {
        List<SliceMeta> slices = table.manifest().slices();
        long segmentBytes = 0, moved = 0;
        for (SliceMeta s : slices) for (int c = 0; c < table.schema().size(); c++) segmentBytes += s.segments().get(c).length();
        ExecutorService workers = Executors.newFixedThreadPool(threads);
        // over a node, the client's root, as an engine's: segments are handed over rather than copied
        BufferAllocator shared = node == null ? null : node.newAllocator("segment streaming");
        try (BufferAllocator allocator = shared != null ? shared : Allocators.root(); AlignedBufferPool pool = new AlignedBufferPool(1L << 30);
             SegmentCache cache = SegmentCache.disabled()) {
            long start = System.nanoTime();
            int[] columns = new int[table.schema().size()];
            for (int c = 0; c < columns.length; c++) columns[c] = c;
            ScanInput input = new ScanInput(table, columns, 1, IoMode.URING, pool, pool, allocator, Interconnect.NONE,
                    cache, new CacheCounts());
            Materializer m = node == null ? new DirectMaterializer(input) : new RemoteDirectMaterializer(input, node);
            List<Future<Long>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t;
                done.add(workers.submit(() -> {
                    long bytes = 0;
                    try (Materializer.Session s = m.open()) {
                        for (int i = first; i < slices.size(); i += threads) {
                            Materializer.Materialized r = s.materialize(slices.get(i));
                            if (r.rowset() != null) r.rowset().close();
                            bytes += r.bytesMoved();
                        }
                    }
                    return bytes;
                }));
            }
            for (Future<Long> f : done) moved += f.get();
            return new Pass(source, run, segmentBytes, moved, (System.nanoTime() - start) / 1e6);
        } finally {
            workers.shutdownNow();
        }
    }
}
