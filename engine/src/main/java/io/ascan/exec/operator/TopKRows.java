package io.ascan.exec.operator;

import io.ascan.codegen.rt.Mem;
import io.ascan.codegen.rt.PipelineCode;
import io.ascan.exec.store.RowLayout;
import io.ascan.exec.store.TupleStore;
import io.ascan.types.TypeKind;
import org.apache.arrow.memory.BufferAllocator;

/**
 * One worker's input to a top-k sort (ORDER BY ... LIMIT k): rows are appended as to a
 * {@link TupleStore}, and whenever the store holds {@code max(2k, 4096)} rows only its first k
 * in sort order are kept (copied, strings included, into a fresh store). Memory stays bounded by
 * the limit instead of the input; the amortised cost per row is O(log k).
 */
public final class TopKRows implements AutoCloseable {
    private static final int MIN_ROWS = 4096;

    private final RowLayout layout;
    private final BufferAllocator allocator;
    private final int k;
    private final long compactAt;
    private TupleStore store;

    public TopKRows(RowLayout layout, BufferAllocator allocator, int k) {
        this.layout = layout;
        this.allocator = allocator;
        this.k = k;
        this.compactAt = Math.max(2L * k, MIN_ROWS);
        this.store = new TupleStore(layout, allocator, "top-k sort");
    }

    /** A new zeroed row (see {@link TupleStore#appendRow}). */
    public long appendRow() {
        return store.appendRow();
    }

    /** A string of the row being written (see {@link TupleStore#appendString(long, int)}). */
    public long appendString(long address, int length) {
        return store.appendString(address, length);
    }

    /** Called after each complete row: keeps the first k rows by {@code order}'s comparator once enough piled up. */
    public void added(PipelineCode order) {
        if (store.rowCount() >= compactAt) compact(order);
    }

    private void compact(PipelineCode order) {
        long[] rows = new long[Math.toIntExact(store.rowCount())];
        int[] i = {0};
        store.forEachRow(r -> rows[i[0]++] = r);
        long[] top = RowSort.topK(rows, k, order);
        TupleStore kept = new TupleStore(layout, allocator, "top-k sort");
        try {
            for (long r : top) copy(r, kept);
        } catch (RuntimeException e) {
            kept.close();
            throw e;
        }
        store.close();
        store = kept;
    }

    /** Copies row {@code from} into {@code to}, with its strings. */
    private void copy(long from, TupleStore to) {
        long row = to.appendRow();
        Mem.copy(from, row, layout.rowBytes());
        for (int c = 0; c < layout.columns(); c++) {
            if (layout.types().get(c).kind() != TypeKind.VARCHAR) continue;
            long at = row + layout.valueOffset(c);
            long s = Mem.getLong(at);
            if (s != 0L) Mem.putLong(at, to.appendString(s + 4, Mem.getInt(s)));
        }
    }

    /** The rows kept so far (at most {@code max(2k, 4096)}). */
    public TupleStore store() {
        return store;
    }

    @Override
    public void close() {
        store.close();
    }
}
