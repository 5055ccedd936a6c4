package io.ascan.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ascan.catalog.Catalog;
import io.ascan.catalog.Table;
import io.ascan.format.ColumnSpec;
import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.format.StorageException;
import io.ascan.catalog.TableReader;
import io.ascan.format.TableSchema;
import io.ascan.format.TableWriter;
import io.ascan.format.WriteOptions;
import io.ascan.io.BlockReader;
import io.ascan.io.BlockReaders;
import io.ascan.io.IoMode;
import io.ascan.testing.LeakCheck;
import io.ascan.types.DataType;
import java.io.RandomAccessFile;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The segment cache on its own and through {@link TableReader}: hits replace reads, LRU eviction
 * under a small capacity, concurrent readers, rewritten tables, corrupt files, accounting.
 */
class SegmentCacheTest {
    @RegisterExtension final LeakCheck memory = new LeakCheck();
    @TempDir Path dir;

    static final int ROWS = 6_000;
    static final int SLICE_ROWS = 1_000;
    static final TableSchema SCHEMA = TableSchema.of(ColumnSpec.of("v", DataType.BIGINT), ColumnSpec.of("s", DataType.VARCHAR));

    /** v = 10 r + version; s = one of five strings per version (a dictionary segment). */
    static Table write(Path dir, long version, boolean replace) throws Exception {
        Catalog catalog = Catalog.create(dir);
        WriteOptions options = WriteOptions.DEFAULTS.withMaxSliceRows(SLICE_ROWS).withReplace(replace);
        try (TableWriter w = catalog.create("t", SCHEMA, options)) {
            for (int r = 0; r < ROWS; r++) {
                w.setLong(0, 10L * r + version);
                w.setString(1, "k" + (r % 5) + "-" + version);
                w.endRow();
            }
            w.commit();
        }
        return catalog.table("t");
    }

    static long expectedSum(long version) {
        return 10L * ROWS * (ROWS - 1) / 2 + version * ROWS;
    }

    /** What one pass over a table saw. */
    record Pass(long sum, long stringChars, long hit, long read) {}

    Pass read(Table t, SegmentCache cache) throws Exception {
        return read(t, t.manifest().slices(), cache, memory.allocator());
    }

    Pass read(Table t, List<SliceMeta> slices, SegmentCache cache, BufferAllocator allocator) throws Exception {
        return read(t, slices, cache, allocator, 4);
    }

    /** With {@code depth} 1 one segment is read at a time, so what the cache holds is deterministic. */
    Pass read(Table t, List<SliceMeta> slices, SegmentCache cache, BufferAllocator allocator, int depth) throws Exception {
        long sum = 0, chars = 0;
        try (BlockReader io = BlockReaders.open(IoMode.URING, depth);
             TableReader r = new TableReader(t, new int[] {0, 1}, slices, io, memory.pool(), allocator, cache)) {
            while (r.hasNext()) {
                try (SliceData s = r.next()) {
                    for (int row = 0; row < s.rowCount(); row++) {
                        sum += s.column(0).getLong(row);
                        chars += s.column(1).getString(row).length();
                    }
                }
            }
            return new Pass(sum, chars, r.segmentsHit(), r.segmentsRead());
        }
    }

    static long segments(Table t) {
        return 2L * t.manifest().slices().size();
    }

    static long alignedBytes(Table t) {
        long total = 0;
        for (SliceMeta s : t.manifest().slices()) {
            for (int c = 0; c < 2; c++) total += s.segment(c).memoryBytes();
        }
        return total;
    }

    @Test
    void secondPassIsServedFromTheCacheWithTheSameData() throws Exception {
        Table t = write(dir, 1, false);
        try (SegmentCache cache = SegmentCache.create(memory.allocator(), 64 << 20)) {
            Pass first = read(t, cache);
            assertEquals(new Pass(expectedSum(1), first.stringChars(), 0, segments(t)), first);
            Pass second = read(t, cache);
            assertEquals(new Pass(expectedSum(1), first.stringChars(), segments(t), 0), second);
            SegmentCache.Statistics s = cache.statistics();
            assertEquals(segments(t), s.entries());
            assertEquals(segments(t), s.inserts());
            assertEquals(segments(t), s.hits());
            assertEquals(alignedBytes(t), s.bytes());
            assertEquals(0, s.evictions());
            // Misses were read straight into cache memory: the pool was never needed.
            assertEquals(0, memory.pool().reserved());
        }
    }

    @Test
    void smallCapacityEvictsTheLeastRecentlyUsedSegments() throws Exception {
        Table t = write(dir, 1, false);
        List<SliceMeta> slices = t.manifest().slices();
        long perSlice = slices.get(0).segment(0).memoryBytes()
                + slices.get(0).segment(1).memoryBytes();
        try (SegmentCache cache = SegmentCache.create(memory.allocator(), 2 * perSlice)) {
            BufferAllocator a = memory.allocator();
            assertEquals(expectedSum(1), read(t, slices, cache, a, 1).sum());
            SegmentCache.Statistics s = cache.statistics();
            assertEquals(4, s.entries(), "two slices of two columns fit");
            assertEquals(segments(t) - 4, s.evictions());
            assertTrue(s.bytes() <= cache.capacity(), s.toString());
            int last = slices.size() - 1;
            // The last two slices are resident; the first was evicted long ago.
            assertEquals(2, read(t, slices.subList(last, last + 1), cache, a, 1).hit());
            assertEquals(0, read(t, slices.subList(0, 1), cache, a, 1).hit());
            // Loading slice 0 evicted the least recently used slice (the second to last), not the last one just hit.
            assertEquals(2, read(t, slices.subList(last, last + 1), cache, a, 1).hit());
            assertEquals(0, read(t, slices.subList(last - 1, last), cache, a, 1).hit());
        }
    }

    @Test
    void lookupRefreshesAnEntrySoTheOtherOneIsEvicted() {
        try (SegmentCache cache = SegmentCache.create(memory.allocator(), 2 * 4096)) {
            SegmentKey a = key("a"), b = key("b"), c = key("c");
            insert(cache, a, 1);
            insert(cache, b, 2);
            try (ArrowBuf pinned = cache.lookup(a)) {
                assertEquals(1, pinned.getLong(0));
            }
            insert(cache, c, 3);
            assertNull(cache.lookup(b), "b was the least recently used");
            try (ArrowBuf x = cache.lookup(a); ArrowBuf y = cache.lookup(c)) {
                assertEquals(1, x.getLong(0));
                assertEquals(3, y.getLong(0));
            }
            assertEquals(1, cache.statistics().evictions());
        }
    }

    static SegmentKey key(String name) {
        return new SegmentKey(new ColumnFileVersion(Path.of(name), null, 0, 4096), 0, 0, 4096, 0);
    }

    static void insert(SegmentCache cache, SegmentKey key, long value) {
        SegmentCache.Reservation r = cache.reserve(4096);
        assertNotNull(r);
        r.memory().set(ValueLayout.JAVA_LONG, 0, value);
        cache.insert(key, r).close();
    }

    @Test
    void concurrentMissesOfOneSegmentKeepOneCopy() {
        try (SegmentCache cache = SegmentCache.create(memory.allocator(), 1 << 20)) {
            SegmentCache.Reservation first = cache.reserve(4096), second = cache.reserve(4096);
            first.memory().set(ValueLayout.JAVA_LONG, 0, 7);
            second.memory().set(ValueLayout.JAVA_LONG, 0, 7);
            try (ArrowBuf a = cache.insert(key("x"), first); ArrowBuf b = cache.insert(key("x"), second)) {
                assertEquals(a.memoryAddress(), b.memoryAddress(), "the second insert gets the first copy");
            }
            assertEquals(4096, cache.statistics().bytes());
            assertEquals(1, cache.statistics().entries());
        }
    }

    @Test
    void concurrentReadersShareTheCacheAndSeeTheSameData() throws Exception {
        Table t = write(dir, 3, false);
        int threads = 4, passes = 3;
        CyclicBarrier start = new CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (SegmentCache cache = SegmentCache.create(memory.allocator(), 64 << 20)) {
            long chars = read(t, SegmentCache.disabled()).stringChars();
            List<Future<List<Pass>>> futures = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                futures.add(pool.submit(() -> {
                    start.await(); // all miss at once on the first pass
                    List<Pass> seen = new ArrayList<>();
                    for (int p = 0; p < passes; p++) seen.add(read(t, cache));
                    return seen;
                }));
            }
            long hits = 0, reads = 0;
            for (Future<List<Pass>> f : futures) {
                for (Pass p : f.get()) {
                    assertEquals(expectedSum(3), p.sum());
                    assertEquals(chars, p.stringChars());
                    hits += p.hit();
                    reads += p.read();
                }
            }
            assertEquals(threads * passes * segments(t), hits + reads);
            SegmentCache.Statistics s = cache.statistics();
            assertEquals(segments(t), s.entries(), "one copy per segment however many readers missed it");
            assertEquals(alignedBytes(t), s.bytes());
            assertEquals(reads, s.misses());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void rewrittenTableIsNotServedFromTheCache() throws Exception {
        Table v1 = write(dir, 1, false);
        try (SegmentCache cache = SegmentCache.create(memory.allocator(), 64 << 20)) {
            assertEquals(expectedSum(1), read(v1, cache).sum());
            Table v2 = write(dir, 2, true);
            assertEquals(v1.tableDir(), v2.tableDir());
            assertEquals(v1.manifest().slices().get(0).segment(0).length(), v2.manifest().slices().get(0).segment(0).length(),
                    "same layout: only the table's identity tells the versions apart");
            Pass p = read(v2, cache);
            assertEquals(expectedSum(2), p.sum());
            assertEquals(0, p.hit());
            assertEquals(segments(v2), read(v2, cache).hit());
        }
    }

    @Test
    void corruptSegmentIsDetectedOnAMissAndNeverCached() throws Exception {
        Table t = write(dir, 1, false);
        SegmentMeta seg = t.manifest().slices().get(2).segment(0);
        flipByte(t.columnFile(0), seg.offset() + seg.length() - 9);
        try (SegmentCache cache = SegmentCache.create(memory.allocator(), 64 << 20)) {
            for (int attempt = 0; attempt < 2; attempt++) {
                StorageException e = assertThrows(StorageException.class, () -> read(t, cache));
                assertTrue(e.getMessage().contains("column 'v', slice 2") && e.getMessage().contains("CRC32C"), e.getMessage());
            }
            // Only the slices decoded before the corrupt one were cached, and the retry hit just those.
            assertEquals(4, cache.statistics().entries());
            assertEquals(4, cache.statistics().hits());
        }
    }

    @Test
    void hitsAreServedFromMemoryWithoutTheDiskOrTheCrc() throws Exception {
        Table t = write(dir, 1, false);
        try (SegmentCache cache = SegmentCache.create(memory.allocator(), 64 << 20)) {
            read(t, cache);
            // Damage the file behind the cache's back, keeping its version (mtime, inode, size):
            // a hit still returns what was verified when it was loaded.
            FileTime mtime = Files.getLastModifiedTime(t.columnFile(0));
            SegmentMeta seg = t.manifest().slices().get(1).segment(0);
            flipByte(t.columnFile(0), seg.offset() + 100);
            Files.setLastModifiedTime(t.columnFile(0), mtime);
            Pass p = read(t, cache);
            assertEquals(expectedSum(1), p.sum());
            assertEquals(segments(t), p.hit());
        }
        // Without the cache the damage shows.
        assertThrows(StorageException.class, () -> read(t, SegmentCache.disabled()));
    }

    /** A block reader that counts the files opened through it. */
    static final class CountingReader implements BlockReader {
        final BlockReader inner;
        int opened;

        CountingReader(BlockReader inner) {
            this.inner = inner;
        }

        @Override public io.ascan.io.BlockFile open(Path file) throws java.io.IOException {
            opened++;
            return inner.open(file);
        }
        @Override public int depth() { return inner.depth(); }
        @Override public int inFlight() { return inner.inFlight(); }
        @Override public void submit(io.ascan.io.BlockFile f, long offset, java.lang.foreign.MemorySegment dst, long tag)
                throws java.io.IOException { inner.submit(f, offset, dst, tag); }
        @Override public int await(int min, Completion sink) throws java.io.IOException { return inner.await(min, sink); }
        @Override public String name() { return inner.name(); }
        @Override public void close() throws java.io.IOException { inner.close(); }
    }

    int filesOpened(Table t, SegmentCache cache) throws Exception {
        try (CountingReader io = new CountingReader(BlockReaders.open(IoMode.URING, 4))) {
            try (TableReader r = new TableReader(t, new int[] {0, 1}, t.manifest().slices(), io, memory.pool(),
                    memory.allocator(), cache)) {
                while (r.hasNext()) r.next().close();
            }
            return io.opened;
        }
    }

    @Test
    void aPassServedFromTheCacheOpensNoFile() throws Exception {
        Table t = write(dir, 1, false);
        try (SegmentCache cache = SegmentCache.create(memory.allocator(), 64 << 20)) {
            assertEquals(2, filesOpened(t, cache), "each column file once, at its first read");
            assertEquals(0, filesOpened(t, cache), "every segment hit: no file opened");
        }
        assertEquals(2, filesOpened(t, SegmentCache.disabled()));
    }

    static void flipByte(Path file, long at) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x40);
        }
    }

    @Test
    void segmentLargerThanTheCacheIsReadWithoutIt() throws Exception {
        Table t = write(dir, 1, false);
        try (SegmentCache cache = SegmentCache.create(memory.allocator(), 4096)) {
            Pass p = read(t, cache);
            assertEquals(expectedSum(1), p.sum());
            assertEquals(segments(t), p.read());
            assertEquals(0, cache.statistics().entries());
            assertTrue(cache.statistics().rejected() > 0);
            assertTrue(memory.pool().reserved() > 0, "read into the pool instead");
        }
    }

    @Test
    void capacityZeroDisablesTheCache() throws Exception {
        Table t = write(dir, 1, false);
        SegmentCache cache = SegmentCache.create(memory.allocator(), 0);
        assertSame(SegmentCache.disabled(), cache);
        assertFalse(cache.enabled());
        for (int pass = 0; pass < 2; pass++) {
            Pass p = read(t, cache);
            assertEquals(new Pass(expectedSum(1), p.stringChars(), 0, segments(t)), p);
        }
        assertTrue(memory.pool().reserved() > 0, "every read went to disk through the pool");
        assertEquals(0, memory.allocator().getAllocatedMemory());
        assertNull(cache.reserve(4096));
        cache.close();
    }

    @Test
    void evictedSegmentLivesUntilItsVectorsCloseAndAccountingReturnsToZero() throws Exception {
        Table t = write(dir, 1, false);
        SliceMeta slice = t.manifest().slices().get(0);
        long bytes = slice.segment(0).memoryBytes() + slice.segment(1).memoryBytes();
        SegmentCache cache = SegmentCache.create(memory.allocator(), 64 << 20);
        BufferAllocator cacheAllocator = memory.allocator().getChildAllocators().stream()
                .filter(a -> a.getName().equals(SegmentCache.ALLOCATOR_NAME)).findFirst().orElseThrow();
        try (BufferAllocator query = memory.allocator().newChildAllocator("query", 0, Long.MAX_VALUE)) {
            read(t, List.of(slice), cache, query); // load
            assertEquals(bytes, cacheAllocator.getAllocatedMemory());
            assertEquals(0, query.getAllocatedMemory());
            try (BlockReader io = BlockReaders.open(IoMode.URING, 4);
                 TableReader r = new TableReader(t, new int[] {0, 1}, List.of(slice), io, memory.pool(), query, cache);
                 SliceData s = r.next()) {
                assertEquals(2, r.segmentsHit());
                long own = query.getAllocatedMemory(); // validity bitmaps Arrow builds; the segments stay the cache's
                assertTrue(own < bytes, "own " + own);
                cache.close(); // evicts everything while the vectors still read it
                assertEquals(0, cacheAllocator.getAllocatedMemory());
                assertEquals(own + bytes, query.getAllocatedMemory(), "the memory moved to the allocator still using it");
                assertEquals(1L, s.column(0).getLong(0));
                assertEquals("k4-1", s.column(1).getString(4));
            }
            assertEquals(0, query.getAllocatedMemory());
        }
        assertEquals(0, memory.allocator().getAllocatedMemory());
        assertTrue(memory.allocator().getChildAllocators().isEmpty(), "the cache's allocator is closed");
    }

    @Test
    void cacheUnderAnotherRootIsRejected() throws Exception {
        Table t = write(dir, 1, false);
        try (BufferAllocator other = io.ascan.memory.Allocators.root();
             SegmentCache cache = SegmentCache.create(other, 1 << 20);
             BlockReader io = BlockReaders.open(IoMode.URING, 4)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () ->
                    new TableReader(t, new int[] {0}, t.manifest().slices(), io, memory.pool(), memory.allocator(), cache));
            assertTrue(e.getMessage().contains("root allocator"), e.getMessage());
        }
    }
}
