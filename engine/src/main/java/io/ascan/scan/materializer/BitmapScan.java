package io.ascan.scan.materializer;

import io.ascan.expr.Expr;
import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import java.io.IOException;

/**
 * The storage node's half of the selection bitmaps (FlexPushdownDB section 6.2), over one slice of
 * {@code input}'s columns read with the engine's reader: {@link #evaluate} builds the bitmap of P
 * for the compute side (which filters its cached columns with it), {@link #select} ships only the
 * tuples a bitmap the compute side built selects, without reading the columns P reads.
 */
public final class BitmapScan implements AutoCloseable {
    private final ScanInput input;
    private final SliceLoader loader;

    public BitmapScan(ScanInput input) {
        this.input = input;
        this.loader = new SliceLoader(input, input.storagePool());
    }

    /** The bitmap of P (over the table's columns; {@code input} reads every column it reads) on {@code slice}. */
    public byte[] evaluate(SliceMeta slice, Expr predicate) throws IOException {
        try (SliceData data = loader.load(slice);
             PredicateSelection p = new PredicateSelection(input.table(), input.readColumns(), predicate, input.allocator())) {
            int[] selection = new int[data.rowCount()];
            int n = p.select(data.columns(), data.rowCount(), selection);
            return SelectionBitmap.of(selection, n, data.rowCount());
        }
    }

    /** The tuples of {@code slice} that {@code bitmap} selects, compacted; null when it selects none. */
    public Compaction.Compacted select(SliceMeta slice, byte[] bitmap) throws IOException {
        int[] selection = new int[slice.rowCount()];
        int n = SelectionBitmap.positions(bitmap, slice.rowCount(), selection);
        if (n == 0) return null; // nothing to read
        try (SliceData data = loader.load(slice)) {
            return Compaction.compact(data.columns(), selection, n, input.computePool(), input.allocator());
        }
    }

    @Override
    public void close() throws IOException {
        loader.close();
    }
}
