package io.ascan.bench.jmh;

import io.ascan.format.ColumnData;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Compaction as the engine's tests build pushdown rowsets today (there is no pushdown
 * materializer on this branch yet): each selected tuple copied with Arrow's {@code copyFromSafe}
 * into a fresh vector of the same type; a dictionary column decoded into a plain VARCHAR vector.
 */
final class CopyCompactor implements Compactor {
    @Override
    public List<ColumnData> compact(List<ColumnData> in, int[] selection, int n, BufferAllocator allocator) {
        List<ColumnData> out = new ArrayList<>(in.size());
        try {
            for (ColumnData c : in) out.add(column(c, selection, n, allocator));
            return out;
        } catch (RuntimeException e) {
            for (ColumnData c : out) c.close();
            throw e;
        }
    }

    private static ColumnData column(ColumnData in, int[] selection, int n, BufferAllocator allocator) {
        FieldVector v;
        if (in.isDictionaryEncoded()) {
            VarCharVector w = new VarCharVector(in.spec().name(), allocator);
            v = w;
            try {
                w.allocateNew();
                for (int j = 0; j < n; j++) if (!in.isNull(selection[j])) w.setSafe(j, in.getUtf8(selection[j]));
            } catch (RuntimeException e) {
                w.close();
                throw e;
            }
        } else {
            v = in.vector().getField().createVector(allocator);
            try {
                v.allocateNew();
                for (int j = 0; j < n; j++) v.copyFromSafe(selection[j], j, in.vector());
            } catch (RuntimeException e) {
                v.close();
                throw e;
            }
        }
        v.setValueCount(n);
        return new ColumnData(in.spec(), v, null);
    }
}
