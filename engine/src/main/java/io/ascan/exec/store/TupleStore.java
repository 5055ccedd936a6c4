package io.ascan.exec.store;

import io.ascan.codegen.rt.Mem;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;

/**
 * Append-only off-heap storage of rows in a {@link RowLayout} and of the strings they point to.
 * Memory comes in chunks from the query's Arrow allocator, so it is accounted and limited; an
 * address never changes, which lets hash tables and chains point at rows directly. Rows and
 * strings live in separate chunks so that each row chunk is one contiguous run of rows. One store
 * per worker (not thread-safe).
 */
public final class TupleStore implements AutoCloseable {
    private static final long MIN_CHUNK = 256 << 10;
    private static final long MAX_CHUNK = 16 << 20;

    private final RowLayout layout;
    private final BufferAllocator allocator;
    private final String owner;
    private final List<ArrowBuf> chunks = new ArrayList<>();
    private final List<long[]> rowRuns = new ArrayList<>(); // {first row address, row count}
    private final Cursor rowCursor = new Cursor();
    private final Cursor stringCursor = new Cursor();
    private long rows;

    private static final class Cursor {
        long at;
        long limit;
        long nextChunk = MIN_CHUNK;
    }

    /** @param owner names the operator in out-of-memory errors */
    public TupleStore(RowLayout layout, BufferAllocator allocator, String owner) {
        this.layout = layout;
        this.allocator = allocator;
        this.owner = owner;
    }

    public RowLayout layout() {
        return layout;
    }

    public long rowCount() {
        return rows;
    }

    /** Bytes reserved from the allocator. */
    public long reservedBytes() {
        long total = 0;
        for (ArrowBuf b : chunks) total += b.capacity();
        return total;
    }

    /** A new zeroed row (all columns non-NULL and zero); returns its address. */
    public long appendRow() {
        int size = layout.rowBytes();
        if (rowCursor.at + size > rowCursor.limit) {
            reserve(rowCursor, size);
            rowRuns.add(new long[] {rowCursor.at, 0});
        }
        long row = rowCursor.at;
        rowCursor.at += size;
        Mem.fill(row, size, (byte) 0);
        rowRuns.getLast()[1]++;
        rows++;
        return row;
    }

    /** Copies {@code length} bytes at {@code address} as a length-prefixed string; returns its address. */
    public long appendString(long address, int length) {
        long at = stringSpace(length);
        Mem.copy(address, at + 4, length);
        return at;
    }

    /** Dictionaries up to this many entries are interned ({@link #internTable}); larger ones are copied row by row. */
    static final int INTERN_ENTRIES = 4096;

    /**
     * The table {@link #intern} fills for a rowset whose dictionary has {@code entries} entries:
     * {@code table} cleared, or a new one if it is too small; null (copy every row's string) for
     * a plain rowset (0 entries) or a dictionary too large to clear per rowset.
     */
    public static long[] internTable(long[] table, int entries) {
        if (entries <= 0 || entries > INTERN_ENTRIES) return null;
        if (table == null || table.length < entries) return new long[entries];
        java.util.Arrays.fill(table, 0, entries, 0L);
        return table;
    }

    /**
     * Dictionary entry {@code code}'s string ({@code length} bytes at {@code address}), copied once
     * per rowset: {@code table[code]} holds the copy once made. The rows that share an entry point at
     * one string, which stays cached while probes read it (SSB q3.1's group keys c_nation and
     * s_nation: a string per build row missed the cache twice per probe). The copy may be another
     * store's: a store's strings live until the query ends.
     */
    public long intern(long[] table, int code, long address, int length) {
        long at = table[code];
        if (at == 0L) {
            at = appendString(address, length);
            table[code] = at;
        }
        return at;
    }

    public long appendString(byte[] utf8) {
        long at = stringSpace(utf8.length);
        Mem.at(at + 4, utf8.length).copyFrom(java.lang.foreign.MemorySegment.ofArray(utf8));
        return at;
    }

    /** Room for a length-prefixed string of {@code length} bytes, to be filled at the returned address + 4. */
    public long reserveString(int length) {
        return stringSpace(length);
    }

    private long stringSpace(int length) {
        long need = (4L + length + 7) & -8L;
        if (stringCursor.at + need > stringCursor.limit) reserve(stringCursor, need);
        long at = stringCursor.at;
        Mem.putInt(at, length);
        stringCursor.at += need;
        return at;
    }

    private void reserve(Cursor c, long need) {
        long size = Math.max(c.nextChunk, need);
        ArrowBuf buf;
        try {
            buf = allocator.buffer(size);
        } catch (OutOfMemoryException e) {
            throw new OutOfMemoryException("query memory limit exceeded by " + owner + " (" + reservedBytes()
                    + " bytes held, " + size + " more requested)", e);
        }
        chunks.add(buf);
        c.at = buf.memoryAddress();
        c.limit = c.at + buf.capacity();
        c.nextChunk = Math.min(MAX_CHUNK, c.nextChunk * 2);
    }

    /** Visits every row's address in insertion order. */
    public void forEachRow(java.util.function.LongConsumer visitor) {
        int size = layout.rowBytes();
        for (long[] run : rowRuns) {
            long addr = run[0];
            for (long i = 0; i < run[1]; i++, addr += size) visitor.accept(addr);
        }
    }

    /** Number of row runs (contiguous chunks of rows), for sharing the rows among threads. */
    public int runCount() {
        return rowRuns.size();
    }

    /** Visits the rows of run {@code run} in insertion order. */
    public void forEachRowOfRun(int run, java.util.function.LongConsumer visitor) {
        int size = layout.rowBytes();
        long[] r = rowRuns.get(run);
        long addr = r[0];
        for (long i = 0; i < r[1]; i++, addr += size) visitor.accept(addr);
    }

    @Override
    public void close() {
        for (ArrowBuf b : chunks) b.close();
        chunks.clear();
        rowRuns.clear();
        rows = 0;
        rowCursor.at = rowCursor.limit = 0;
        stringCursor.at = stringCursor.limit = 0;
    }
}
