package io.ascan.exec.store;

import io.ascan.codegen.rt.Mem;
import java.util.function.LongConsumer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;

/**
 * Groups of an aggregation on one integer key whose range the planner read from the column's
 * statistics: the group of key k is slot {@code k - min} of a dense array of row addresses (0:
 * no group yet), found with no hash and no key compare (DuckDB's "perfect hash aggregate"). A
 * key outside the range (stale statistics) or NULL goes to the hash tables instead; generated
 * code decides per tuple. Slots come in chunks of {@value #CHUNK_SHIFT} bits' worth, allocated
 * on first use, so a worker that sees part of the range (input clustered by the key) zeroes only
 * that part. The rows live in this table's store; {@link #merge} folds another worker's table in
 * slot by slot, adopting its rows, so every merged table's store must outlive the result's use.
 * One table per worker (not thread-safe), except that {@link #merge} may run on disjoint chunks
 * in parallel.
 */
public final class DirectGroups implements AutoCloseable {
    /** 4,096 slots: workers on input clustered by the key share fewer chunks (one worker's is merged whole). */
    static final int CHUNK_SHIFT = 12;
    static final long CHUNK_SLOTS = 1L << CHUNK_SHIFT;
    /**
     * Slots allowed per expected group: TPC-H's order keys use one value in four, so q18's GROUP BY
     * l_orderkey takes 4. More would zero and scan mostly empty slots for the groups found.
     */
    static final long SLOTS_PER_GROUP = 8;
    /** The largest range (512 MiB of slots if a worker touches all of it; hash tables are no smaller there). */
    static final long MAX_SLOTS = 1L << 26;

    private final long min;
    private final long span;
    private final TupleStore store;
    private final BufferAllocator allocator;
    private final ArrowBuf[] chunks;
    /** Each chunk's address, 0 while it is not allocated. */
    private final long[] chunkAddresses;
    /** Each chunk's groups. */
    private final int[] chunkGroups;

    public DirectGroups(RowLayout layout, BufferAllocator allocator, long min, long span) {
        if (span <= 0 || span > MAX_SLOTS) throw new IllegalArgumentException("span " + span);
        this.min = min;
        this.span = span;
        this.allocator = allocator;
        this.store = new TupleStore(layout, allocator, "hash aggregation");
        int n = (int) ((span + CHUNK_SLOTS - 1) >>> CHUNK_SHIFT);
        this.chunks = new ArrowBuf[n];
        this.chunkAddresses = new long[n];
        this.chunkGroups = new int[n];
    }

    /**
     * Whether a range of {@code span} keys suits a direct-address table for {@code expectedGroups}
     * groups (0: no estimate) in each of {@code workers} workers, within a quarter of the memory limit.
     */
    public static boolean suits(long span, long expectedGroups, int workers, long memoryLimit) {
        return span > 0 && span <= MAX_SLOTS && expectedGroups > 0 && span <= SLOTS_PER_GROUP * expectedGroups
                && span * 8 * Math.max(1, workers) <= memoryLimit / 4;
    }

    public long min() {
        return min;
    }

    public long span() {
        return span;
    }

    /** The group row of slot {@code d} (key - min, within the span), or 0 if none. */
    public long find(long d) {
        long c = chunkAddresses[(int) (d >>> CHUNK_SHIFT)];
        return c == 0 ? 0L : Mem.getLong(c + ((d & (CHUNK_SLOTS - 1)) << 3));
    }

    /** Adds the group of slot {@code d}, which has none; returns its zeroed row. */
    public long insert(long d) {
        long row = store.appendRow();
        int c = (int) (d >>> CHUNK_SHIFT);
        Mem.putLong(chunk(c) + ((d & (CHUNK_SLOTS - 1)) << 3), row);
        chunkGroups[c]++;
        return row;
    }

    private long chunk(int c) {
        long a = chunkAddresses[c];
        if (a != 0) return a;
        try {
            ArrowBuf b = allocator.buffer(CHUNK_SLOTS * 8);
            b.setZero(0, CHUNK_SLOTS * 8);
            chunks[c] = b;
            return chunkAddresses[c] = b.memoryAddress();
        } catch (OutOfMemoryException e) {
            throw new OutOfMemoryException("query memory limit exceeded by hash aggregation (direct-address groups)", e);
        }
    }

    public TupleStore store() {
        return store;
    }

    /** Chunks of slots, for sharing a merge among threads. */
    public int chunkCount() {
        return chunks.length;
    }

    /** How {@link #merge} folds a group of another table into an existing one. */
    public interface Combiner {
        /** Folds the group row {@code other} into {@code into}, a row of the table whose store is {@code store}. */
        void combine(long other, long into, TupleStore store);
    }

    /**
     * Folds chunk {@code c} of {@code other} (same range) into this table: takes the chunk whole if
     * this table has none, else slot by slot, adopting a row for a slot this table lacks (the row
     * stays in the other table's store) and combining it with this table's row otherwise.
     */
    public void merge(DirectGroups other, int c, Combiner combiner) {
        if (other.min != min || other.span != span) throw new IllegalArgumentException("different ranges");
        long from = other.chunkAddresses[c];
        if (from == 0) return;
        if (chunkAddresses[c] == 0) {
            chunks[c] = other.chunks[c];
            chunkAddresses[c] = from;
            chunkGroups[c] = other.chunkGroups[c];
            other.chunks[c] = null;
            other.chunkAddresses[c] = 0;
            other.chunkGroups[c] = 0;
            return;
        }
        long into = chunkAddresses[c];
        int left = other.chunkGroups[c], added = 0;
        for (long i = 0; left > 0; i++) {
            long row = Mem.getLong(from + (i << 3));
            if (row == 0) continue;
            left--;
            long mine = Mem.getLong(into + (i << 3));
            if (mine == 0) {
                Mem.putLong(into + (i << 3), row);
                added++;
            } else {
                combiner.combine(row, mine, store);
            }
        }
        chunkGroups[c] += added;
    }

    /** Visits every group's row in key order. */
    public void forEachGroup(LongConsumer visitor) {
        for (int c = 0; c < chunks.length; c++) {
            long a = chunkAddresses[c];
            for (long i = 0, left = chunkGroups[c]; left > 0; i++) {
                long row = Mem.getLong(a + (i << 3));
                if (row == 0) continue;
                visitor.accept(row);
                left--;
            }
        }
    }

    public long groupCount() {
        long n = 0;
        for (int g : chunkGroups) n += g;
        return n;
    }

    /** Slots allocated so far. */
    public long allocatedSlots() {
        long n = 0;
        for (long a : chunkAddresses) if (a != 0) n += CHUNK_SLOTS;
        return n;
    }

    /** Frees the slots early (after a merge read this table's rows); the rows stay until {@link #close}. */
    public void closeSlots() {
        for (int c = 0; c < chunks.length; c++) {
            if (chunks[c] != null) chunks[c].close();
            chunks[c] = null;
            chunkAddresses[c] = 0;
            chunkGroups[c] = 0;
        }
    }

    @Override
    public void close() {
        closeSlots();
        store.close();
    }
}
