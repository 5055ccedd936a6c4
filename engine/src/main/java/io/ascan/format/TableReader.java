package io.ascan.format;

import io.ascan.catalog.Table;
import io.ascan.io.AlignedBufferPool;
import io.ascan.io.AlignedMemory;
import io.ascan.io.BlockFile;
import io.ascan.io.BlockReader;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Reads the projected columns of a table slice by slice, in order, keeping up to the block
 * reader's depth of segment reads in flight ahead of the consumer. Each slice comes back as
 * zero-copy Arrow vectors over the buffers the reads landed in. Single-threaded; close it on
 * every path: it waits for reads still in flight before their buffers go back to the pool.
 */
public final class TableReader implements AutoCloseable {
    private final Table table;
    private final int[] columns;
    private final List<SliceMeta> slices;
    private final BlockReader reader;
    private final AlignedBufferPool pool;
    private final BufferAllocator allocator;
    private final BlockFile[] files;
    private final ArrayDeque<Load> loading = new ArrayDeque<>();
    private int nextSlice;       // next slice to start loading
    private int nextColumn;      // next column of that slice to submit
    private long sequence;
    private boolean closed;

    /** A slice whose segment reads are under way. */
    private final class Load {
        final SliceMeta slice;
        final MemorySegment[] buffers = new MemorySegment[columns.length];
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
    }

    /**
     * @param columns projected column indexes, in output order
     * @param slices  the slices to read (all, or those surviving zone-map pruning), in order
     */
    public TableReader(Table table, int[] columns, List<SliceMeta> slices, BlockReader reader,
                       AlignedBufferPool pool, BufferAllocator allocator) throws IOException {
        this.table = table;
        this.columns = columns.clone();
        this.slices = slices;
        this.reader = reader;
        this.pool = pool;
        this.allocator = allocator;
        this.files = new BlockFile[columns.length];
        try {
            for (int i = 0; i < columns.length; i++) {
                files[i] = reader.open(table.columnFile(columns[i]));
                checkFileLength(i);
            }
        } catch (IOException | RuntimeException e) {
            closeFiles();
            throw e;
        }
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

    /** Queues segment reads in slice-major order while the block reader has room. */
    private void submitAhead() throws IOException {
        while (nextSlice < slices.size() && reader.inFlight() < reader.depth()) {
            Load load = nextColumn == 0 ? startLoad() : loading.peekLast();
            int i = nextColumn;
            SegmentMeta m = load.slice.segment(columns[i]);
            MemorySegment buf = pool.acquire(AlignedMemory.alignUp(m.length()));
            load.buffers[i] = buf;
            try {
                reader.submit(files[i], m.offset(), buf, load.base + i);
            } catch (IOException | RuntimeException e) {
                load.buffers[i] = null;
                pool.release(buf);
                throw e;
            }
            load.submitted++;
            if (++nextColumn == columns.length) {
                nextColumn = 0;
                nextSlice++;
            }
        }
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
            for (; i < columns.length; i++) {
                SegmentMeta m = load.slice.segment(columns[i]);
                MemorySegment buf = load.buffers[i];
                load.buffers[i] = null;
                if (load.results[i] < m.length()) {
                    pool.release(buf);
                    throw new StorageException(table.name(), columnName(i), load.slice.index(), "column file is "
                            + "truncated: read " + load.results[i] + " of " + m.length() + " bytes at offset " + m.offset());
                }
                ColumnSpec spec = table.schema().column(columns[i]);
                out.add(SegmentDecoder.decode(table.name(), spec, load.slice, m, buf, allocator, () -> pool.release(buf)));
            }
            return new SliceData(load.slice, out);
        } catch (IOException | RuntimeException e) {
            for (ColumnData c : out) c.close();
            for (int j = i + 1; j < columns.length; j++) {
                if (load.buffers[j] != null) pool.release(load.buffers[j]);
                load.buffers[j] = null;
            }
            throw e;
        }
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
                for (MemorySegment b : l.buffers) if (b != null) pool.release(b);
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
