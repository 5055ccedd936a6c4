package io.ascan.bench.jmh;

import io.ascan.format.ColumnData;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The last step of pushdown (A-Scan paper IV-B) as the compaction benchmark sees it: the tuples
 * of a slice's projected columns that passed P and R, gathered into new vectors. The seam lets
 * the benchmark time whichever implementation the engine uses.
 */
@FunctionalInterface
public interface Compactor {
    /**
     * Columns holding tuples {@code selection[0..n)} of {@code in}, in that order, allocated from
     * {@code allocator}; the caller closes them.
     */
    List<ColumnData> compact(List<ColumnData> in, int[] selection, int n, BufferAllocator allocator);
}
