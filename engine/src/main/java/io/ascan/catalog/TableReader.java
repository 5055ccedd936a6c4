package io.ascan.catalog;

import io.ascan.format.ColumnData;
import io.ascan.format.ColumnSpec;
import io.ascan.format.SegmentDecoder;
import io.ascan.format.SegmentMeta;
import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.format.StorageException;
import io.ascan.cache.ColumnFileVersion;
import io.ascan.cache.SegmentCache;
import io.ascan.cache.SegmentKey;
import io.ascan.io.AlignedBufferPool;
import io.ascan.io.BlockFile;
import io.ascan.io.BlockReader;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Reads the projected columns of a table slice by slice, in order, keeping up to the block
 * reader's depth of segment reads in flight ahead of the consumer. Each slice comes back as
 * zero-copy Arrow vectors over the buffers the reads landed in. Single-threaded; close it on
 * every path: it waits for reads still in flight before their buffers go back to the pool.
 *
 * <p>With an enabled {@link SegmentCache} a cached segment is not read: its vectors are built over
 * the cached memory. A missed segment is read into memory reserved in the cache, checked, and
 * inserted; when the cache has no room it is read into the pool as without a cache.
 */
public final class TableReader implements AutoCloseable {
    private final Table table;
    private final int[] columns;
    private final List<SliceMeta> slices;
    private final BlockReader reader;
    private final AlignedBufferPool pool;
    private final BufferAllocator allocator;
    private final BlockFile[] files;
    private final SegmentCache cache;
    private final ColumnFileVersion[] versions; // null without a cache
    private final ArrayDeque<Load> loading = new ArrayDeque<>();
    private int nextSlice;       // next slice to start loading
    private int nextColumn;      // next column of that slice to submit
    private long sequence;
    private boolean closed;
    private long segmentsHit;
    private long segmentsRead;
    private long bytesHit;
    private long bytesRead;

    /** A slice whose segment reads are under way. Per column: a cache hit, or a read into the cache or the pool. */
    private final class Load {
        final SliceMeta slice;
        final MemorySegment[] buffers = new MemorySegment[columns.length];
        final ArrowBuf[] hits = new ArrowBuf[columns.length];
        final SegmentCache.Reservation[] reserved = new SegmentCache.Reservation[columns.length];
        final int[] results = new int[columns.length];
        final long base;
        int submitted;
        int done;

        Load(SliceMeta slice, long base) {
            this.slice = slice;
            this.base = base;
            java.util.Arrays.fill(results, -1);
        }

        boolean complete() {
            return done == columns.length;
        }

        /** Gives back what column {@code i} holds (on failure or close). */
        void release(int i) {
            if (buffers[i] != null) pool.release(buffers[i]);
            if (hits[i] != null) hits[i].close();
            if (reserved[i] != null) reserved[i].close();
            buffers[i] = null;
            hits[i] = null;
            reserved[i] = null;
        }
    }

    /**
     * @param columns projected column indexes, in output order
     * @param slices  the slices to read (all, or those surviving zone-map pruning), in order
     */
    public TableReader(Table table, int[] columns, List<SliceMeta> slices, BlockReader reader,
                       AlignedBufferPool pool, BufferAllocator allocator) throws IOException {
        this(table, columns, slices, reader, pool, allocator, SegmentCache.disabled());
    }

    /**
     * @param cache segments are served from and loaded into it; {@link SegmentCache#disabled()}
     *              reads everything from disk. Its memory must be under {@code allocator}'s root.
     */
    public TableReader(Table table, int[] columns, List<SliceMeta> slices, BlockReader reader,
                       AlignedBufferPool pool, BufferAllocator allocator, SegmentCache cache) throws IOException {
        this(table, columns, slices, reader, pool, allocator, cache, cache.enabled() ? versions(table, columns) : null);
    }

    /**
     * A reader whose segment cache keys use {@code versions} (one per column, taken before any file
     * is opened; null without a cache): a scan takes them once for all its slices, where each
     * slice's reader taking them again cost a {@code stat} per column and slice.
     */
    public TableReader(Table table, int[] columns, List<SliceMeta> slices, BlockReader reader,
                       AlignedBufferPool pool, BufferAllocator allocator, SegmentCache cache,
                       ColumnFileVersion[] versions) {
        if (cache.enabled() && cache.root() != allocator.getRoot()) {
            throw new IllegalArgumentException("the segment cache and the reader's allocator must share one root allocator");
        }
        if (cache.enabled() && (versions == null || versions.length != columns.length)) {
            throw new IllegalArgumentException("a reader with a segment cache needs one file version per column");
        }
        this.table = table;
        this.columns = columns.clone();
        this.slices = slices;
        this.reader = reader;
        this.pool = pool;
        this.allocator = allocator;
        this.cache = cache;
        this.files = new BlockFile[columns.length];
        this.versions = cache.enabled() ? versions.clone() : null;
    }

    /**
     * The current version of each column file. Taken before the files are opened: a rewrite in
     * between changes it, and the manifest's CRC in the key still keeps other bytes from being served.
     */
    public static ColumnFileVersion[] versions(Table table, int[] columns) throws IOException {
        ColumnFileVersion[] v = new ColumnFileVersion[columns.length];
        for (int i = 0; i < columns.length; i++) v[i] = ColumnFileVersion.of(table.columnFile(columns[i]));
        return v;
    }

    /**
     * Column {@code i}'s file, opened (and checked against the slices' segments) at its first read:
     * a slice served from the segment cache opens no file.
     */
    private BlockFile file(int i) throws IOException {
        if (files[i] == null) {
            BlockFile f = reader.open(table.columnFile(columns[i]));
            files[i] = f;
            checkFileLength(i);
        }
        return files[i];
    }

    public static TableReader all(Table table, BlockReader reader, AlignedBufferPool pool, BufferAllocator allocator)
            throws IOException {
        int[] cols = new int[table.schema().size()];
        for (int i = 0; i < cols.length; i++) cols[i] = i;
        return new TableReader(table, cols, table.manifest().slices(), reader, pool, allocator);
    }

    /** A truncated column file is reported before any read, naming the first slice it cuts off. */
    private void checkFileLength(int i) throws StorageException {
        long size = files[i].size();
        for (SliceMeta s : slices) {
            SegmentMeta m = s.segment(columns[i]);
            if (m.offset() + m.length() > size) {
                throw new StorageException(table.name(), columnName(i), s.index(), "column file is truncated: the "
                        + "segment needs bytes up to " + (m.offset() + m.length()) + " but the file has " + size);
            }
        }
    }

    private String columnName(int i) {
        return table.schema().column(columns[i]).name();
    }

    public boolean hasNext() {
        return !closed && (!loading.isEmpty() || nextSlice < slices.size());
    }

    /** The next slice's columns; the caller closes it. */
    public SliceData next() throws IOException {
        if (!hasNext()) throw new NoSuchElementException();
        submitAhead();
        Load head = loading.peekFirst();
        while (!head.complete()) {
            reader.await(1, this::onRead);
            submitAhead();
        }
        loading.pollFirst();
        return decode(head);
    }

    /**
     * Queues segment reads in slice-major order while the block reader has room; cached segments
     * need no read. At most {@code depth} slices are held ahead, so a fully cached table is not
     * pinned all at once.
     */
    private void submitAhead() throws IOException {
        while (nextSlice < slices.size() && reader.inFlight() < reader.depth()
                && (nextColumn != 0 || loading.size() < reader.depth())) {
            Load load = nextColumn == 0 ? startLoad() : loading.peekLast();
            int i = nextColumn;
            SegmentMeta m = load.slice.segment(columns[i]);
            if (!lookup(load, i, m)) read(load, i, m);
            if (++nextColumn == columns.length) {
                nextColumn = 0;
                nextSlice++;
            }
        }
    }

    /** True if column {@code i}'s segment is cached: it is then pinned in the load and needs no read. */
    private boolean lookup(Load load, int i, SegmentMeta m) {
        if (versions == null) return false;
        ArrowBuf hit = cache.lookup(key(load.slice, i, m));
        if (hit == null) return false;
        load.hits[i] = hit;
        load.results[i] = m.length();
        load.done++;
        segmentsHit++;
        bytesHit += m.length();
        return true;
    }

    private SegmentKey key(SliceMeta slice, int i, SegmentMeta m) {
        return SegmentKey.of(versions[i], slice, m);
    }

    /** Submits the read of column {@code i}'s segment, into cache memory when the cache has room, else into the pool. */
    private void read(Load load, int i, SegmentMeta m) throws IOException {
        long size = m.memoryBytes();
        SegmentCache.Reservation r = versions == null ? null : cache.reserve(size);
        MemorySegment dst;
        if (r != null) {
            load.reserved[i] = r;
            dst = r.memory();
        } else {
            dst = load.buffers[i] = pool.acquire(size);
        }
        try {
            reader.submit(file(i), m.offset(), dst.asSlice(0, m.readBytes()), load.base + i); // expanded in place by verify
        } catch (IOException | RuntimeException e) {
            load.release(i);
            throw e;
        }
        load.submitted++;
        segmentsRead++;
        bytesRead += m.length();
    }

    private Load startLoad() {
        Load load = new Load(slices.get(nextSlice), sequence);
        sequence += columns.length;
        loading.addLast(load);
        return load;
    }

    private void onRead(long tag, int result) {
        for (Load l : loading) {
            if (tag >= l.base && tag < l.base + columns.length) {
                l.results[(int) (tag - l.base)] = result;
                l.done++;
                return;
            }
        }
        throw new IllegalStateException("completion for unknown read " + tag);
    }

    private SliceData decode(Load load) throws IOException {
        List<ColumnData> out = new ArrayList<>(columns.length);
        int i = 0;
        try {
            for (; i < columns.length; i++) out.add(decode(load, i));
            return new SliceData(load.slice, out);
        } catch (IOException | RuntimeException e) {
            for (ColumnData c : out) c.close();
            for (int j = i; j < columns.length; j++) load.release(j);
            throw e;
        }
    }

    /** Column {@code i} of a complete load as vectors; what the load held for it is handed on or given back. */
    private ColumnData decode(Load load, int i) throws IOException {
        SegmentMeta m = load.slice.segment(columns[i]);
        ColumnSpec spec = table.schema().column(columns[i]);
        if (load.results[i] < m.length()) {
            throw new StorageException(table.name(), columnName(i), load.slice.index(), "column file is "
                    + "truncated: read " + load.results[i] + " of " + m.length() + " bytes at offset " + m.offset());
        }
        if (load.hits[i] != null) {
            try (ArrowBuf pinned = load.hits[i]) {
                load.hits[i] = null;
                return SegmentDecoder.load(table.name(), spec, load.slice, pinned, allocator);
            }
        }
        if (load.reserved[i] != null) {
            SegmentCache.Reservation r = load.reserved[i];
            SegmentDecoder.verify(table.name(), spec, load.slice, m, r.memory()); // a failure leaves r to release(i)
            load.reserved[i] = null;
            try (ArrowBuf pinned = cache.insert(key(load.slice, i, m), r)) {
                return SegmentDecoder.load(table.name(), spec, load.slice, pinned, allocator);
            }
        }
        MemorySegment buf = load.buffers[i];
        load.buffers[i] = null;
        return SegmentDecoder.decode(table.name(), spec, load.slice, m, buf, allocator, () -> pool.release(buf));
    }

    /** Column segments served from the segment cache so far. */
    public long segmentsHit() {
        return segmentsHit;
    }

    /** Column segments read from disk so far. */
    public long segmentsRead() {
        return segmentsRead;
    }

    /** Bytes of the segments served from the cache so far. */
    public long bytesHit() {
        return bytesHit;
    }

    /** Bytes of the segments read from disk so far. */
    public long bytesRead() {
        return bytesRead;
    }

    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        IOException failure = null;
        try {
            // The kernel may still be writing into buffers: let every read finish before recycling them.
            while (reader.inFlight() > 0) {
                try {
                    reader.await(1, (tag, result) -> { });
                } catch (IOException e) {
                    if (failure == null) failure = e;
                }
            }
        } finally {
            for (Load l : loading) {
                for (int i = 0; i < columns.length; i++) l.release(i);
            }
            loading.clear();
            closeFiles();
        }
        if (failure != null) throw failure;
    }

    private void closeFiles() throws IOException {
        IOException first = null;
        for (BlockFile f : files) {
            if (f == null) continue;
            try {
                f.close();
            } catch (IOException e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw first;
    }
}
