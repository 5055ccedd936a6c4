package io.ascan.exec.store;

import io.ascan.codegen.rt.Mem;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;

/**
 * Groups of a hash aggregation: rows (group keys, then accumulators) in a {@link TupleStore},
 * found through an open-addressing slot array with linear probing that doubles at half load.
 * One table per worker; the workers' tables are merged at the end of the pipeline. Generated code
 * probes inline and calls {@link #insert} on a miss:
 * <pre>
 *   for (p = h &amp; mask(); (r = slot(p)) != 0; p = (p + 1) &amp; mask()) if (hash(r) == h &amp;&amp; keys match) break;
 *   if (r == 0) { r = insert(h, p); write the keys; initialise the accumulators }
 * </pre>
 */
public final class AggHashTable implements AutoCloseable {
    private final TupleStore store;
    private final BufferAllocator allocator;
    private ArrowBuf slots;
    private long mask;
    private long groups;

    public AggHashTable(RowLayout layout, BufferAllocator allocator) {
        this(layout, allocator, 0);
    }

    /** A table whose slot array holds {@code expectedGroups} without growing. */
    public AggHashTable(RowLayout layout, BufferAllocator allocator, long expectedGroups) {
        this.allocator = allocator;
        this.store = new TupleStore(layout, allocator, "hash aggregation");
        long capacity = Math.max(1024, Long.highestOneBit(Math.max(1, expectedGroups * 2 - 1)) << 1);
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

    private void grow() {
        long capacity = (mask + 1) * 2;
        ArrowBuf bigger = newSlots(capacity);
        long newMask = capacity - 1;
        long base = bigger.memoryAddress();
        store.forEachRow(row -> {
            long p = Mem.getLong(row + RowLayout.HASH) & newMask;
            while (Mem.getLong(base + (p << 3)) != 0) p = (p + 1) & newMask;
            Mem.putLong(base + (p << 3), row);
        });
        slots.close();
        slots = bigger;
        mask = newMask;
    }

    public long groupCount() {
        return groups;
    }

    public TupleStore store() {
        return store;
    }

    @Override
    public void close() {
        slots.close();
        store.close();
    }
}
