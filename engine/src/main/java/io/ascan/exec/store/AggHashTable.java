package io.ascan.exec.store;

import io.ascan.codegen.rt.Mem;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;

/**
 * Groups of a hash aggregation: rows (group keys, then accumulators) in a {@link TupleStore},
 * found through an open-addressing slot array with linear probing that grows at half load.
 * One table per worker; the workers' tables are merged at the end of the pipeline. Generated code
 * probes inline and calls {@link #insert} on a miss:
 * <pre>
 *   for (p = h &amp; mask(); (r = slot(p)) != 0; p = (p + 1) &amp; mask()) if (hash(r) == h &amp;&amp; keys match) break;
 *   if (r == 0) { r = insert(h, p); write the keys; initialise the accumulators }
 * </pre>
 * The merge {@link #adopt adopts} another table's row for a group this table lacks rather than
 * copying it, or {@link #list lists} it when no other table can have the group: the row stays in
 * the other table's store, which must outlive this table's use.
 */
public final class AggHashTable implements AutoCloseable {
    private final TupleStore store;
    private final BufferAllocator allocator;
    private ArrowBuf slots;
    private long mask;
    private long groups;
    /** Rows of other tables' stores that this table adopted, in adoption order ({@code adoptedCount} used). */
    private long[] adopted = new long[0];
    private int adoptedCount;
    /** Rows of other tables' stores for groups no other table has, never probed for ({@code listedCount} used). */
    private long[] listed = new long[0];
    private int listedCount;

    public AggHashTable(RowLayout layout, BufferAllocator allocator) {
        this(layout, allocator, 0);
    }

    /**
     * Slots a presized table starts with at most (128 KiB). Estimates can be far too high (TPC-H
     * q03: 493,405 groups estimated, 11,620 produced; q09: 287,035 against 175), and zeroing a
     * slot array sized for them took 1.7% of a process repeating q03; a table that fills these
     * slots to half goes straight to its estimate's size with one growth.
     */
    static final long PRESIZE_START = 1 << 14;

    /** Slots the estimate asked for: the first growth goes straight to this size. */
    private final long expectedCapacity;

    /**
     * A table that holds {@code expectedGroups} with at most one growth: it starts with at most
     * {@link #PRESIZE_START} slots, then grows once to the estimate's size.
     */
    public AggHashTable(RowLayout layout, BufferAllocator allocator, long expectedGroups) {
        this.allocator = allocator;
        this.store = new TupleStore(layout, allocator, "hash aggregation");
        this.expectedCapacity = Math.max(1024, Long.highestOneBit(Math.max(1, expectedGroups * 2 - 1)) << 1);
        long capacity = Math.min(expectedCapacity, PRESIZE_START);
        this.slots = newSlots(capacity);
        this.mask = capacity - 1;
    }

    private ArrowBuf newSlots(long capacity) {
        try {
            ArrowBuf b = allocator.buffer(capacity * 8);
            b.setZero(0, capacity * 8);
            return b;
        } catch (OutOfMemoryException e) {
            throw new OutOfMemoryException("query memory limit exceeded by hash aggregation ("
                    + groups + " groups)", e);
        }
    }

    public long mask() {
        return mask;
    }

    /** The row in slot {@code p}, or 0 if the slot is free. */
    public long slot(long p) {
        return Mem.getLong(slots.memoryAddress() + (p << 3));
    }

    public long slotsAddress() {
        return slots.memoryAddress();
    }

    /** Adds a group with hash {@code h} in free slot {@code p}; returns its zeroed row. */
    public long insert(long h, long p) {
        long row = store.appendRow();
        Mem.putLong(row + RowLayout.HASH, h);
        Mem.putLong(slots.memoryAddress() + (p << 3), row);
        if (++groups * 2 > mask + 1) grow();
        return row;
    }

    /**
     * Adds the group of {@code row}, a row of another table's store with hash {@code h}, in free
     * slot {@code p} without copying it.
     */
    public void adopt(long h, long p, long row) {
        Mem.putLong(slots.memoryAddress() + (p << 3), row);
        if (adoptedCount == adopted.length) adopted = java.util.Arrays.copyOf(adopted, Math.max(1024, adoptedCount * 2));
        adopted[adoptedCount++] = row;
        if (++groups * 2 > mask + 1) grow();
    }

    /**
     * Adds the group of {@code row}, a row of another table's store, without a slot: the merge
     * found that no table has its group, so no probe will look for it.
     */
    public void list(long row) {
        if (listedCount == listed.length) listed = Arrays.copyOf(listed, Math.max(1024, listedCount * 2));
        listed[listedCount++] = row;
    }

    /** Grows the slot array once so that {@code expectedGroups} in all fit without growing again. */
    public void reserve(long expectedGroups) {
        long capacity = (mask + 1);
        while (capacity < expectedGroups * 2) capacity *= 2;
        if (capacity > mask + 1) rehash(capacity);
    }

    /**
     * Slot arrays from this size up to {@link #QUADRUPLE_BELOW} grow fourfold: a table this large
     * is likely to keep growing (many groups), and each growth re-places every group, so fewer,
     * larger steps cost fewer moves (a third of doubling's) for at most twice the slot memory.
     */
    private static final long QUADRUPLE_FROM = 1 << 16;
    private static final long QUADRUPLE_BELOW = 1 << 22;

    private void grow() {
        long capacity = mask + 1;
        long next = capacity * (capacity >= QUADRUPLE_FROM && capacity < QUADRUPLE_BELOW ? 4 : 2);
        if (expectedCapacity > next) {
            try {
                rehash(expectedCapacity);
                return;
            } catch (OutOfMemoryException e) {
                // the estimate does not fit the memory limit: grow as without one
            }
        }
        rehash(next);
    }

    private void rehash(long capacity) {
        ArrowBuf bigger = newSlots(capacity);
        long newMask = capacity - 1;
        long base = bigger.memoryAddress();
        forEachSlotted(row -> {
            long p = Mem.getLong(row + RowLayout.HASH) & newMask;
            while (Mem.getLong(base + (p << 3)) != 0) p = (p + 1) & newMask;
            Mem.putLong(base + (p << 3), row);
        });
        slots.close();
        slots = bigger;
        mask = newMask;
    }

    /** Visits every group's row: this table's store's in insertion order, then the adopted ones, then the listed ones. */
    public void forEachGroup(java.util.function.LongConsumer visitor) {
        forEachSlotted(visitor);
        for (int i = 0; i < listedCount; i++) visitor.accept(listed[i]);
    }

    private void forEachSlotted(java.util.function.LongConsumer visitor) {
        store.forEachRow(visitor);
        for (int i = 0; i < adoptedCount; i++) visitor.accept(adopted[i]);
    }

    /** Frees the slot array early (after a merge read this table's rows); the rows stay until {@link #close}. */
    public void closeSlots() {
        if (slots != null) slots.close();
        slots = null;
    }

    public long groupCount() {
        return groups + listedCount;
    }

    public TupleStore store() {
        return store;
    }

    @Override
    public void close() {
        closeSlots();
        store.close();
    }
}
