package io.ascan.scan.materializer;

import io.ascan.catalog.Table;
import io.ascan.codegen.Batches;
import io.ascan.codegen.ExprCompiler;
import io.ascan.codegen.FilterKernelCompiler;
import io.ascan.codegen.rt.StringScratch;
import io.ascan.exec.store.BloomFilter;
import io.ascan.expr.Expr;
import io.ascan.format.ColumnData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;

/**
 * P evaluated over a slice's columns into a selection vector, with the pushdown's compiled filter
 * kernel (a tuple whose P is NULL is not selected), for selection bitmaps: the storage node builds
 * one over the columns P reads, and so does the compute side over cached ones. One per thread;
 * kernels are instantiated per combination of plain and dictionary-encoded columns.
 */
public final class PredicateSelection implements AutoCloseable {
    private final Table table;
    private final int[] columns;
    private final Expr predicate;
    private final int[] tableToBatch;
    private final BufferAllocator allocator;
    private final StringScratch scratch;
    private final Map<String, FilterKernelCompiler.Kernel> kernels = new HashMap<>();

    /**
     * @param columns   the table columns of the batches P is evaluated on, in batch order (every column P reads)
     * @param predicate P over the table's columns
     */
    public PredicateSelection(Table table, int[] columns, Expr predicate, BufferAllocator allocator) {
        this.table = table;
        this.columns = columns.clone();
        this.predicate = predicate;
        this.tableToBatch = new int[table.schema().size()];
        java.util.Arrays.fill(tableToBatch, -1);
        for (int i = columns.length - 1; i >= 0; i--) tableToBatch[columns[i]] = i;
        for (int c : predicate.columns()) {
            if (tableToBatch[c] < 0) throw new IllegalArgumentException("P reads column " + c + ", which is not among the columns");
        }
        this.allocator = allocator;
        this.scratch = new StringScratch(allocator);
    }

    /** Selects into {@code selection} the tuples of {@code data} (one per column, in order) that satisfy P; returns how many. */
    public int select(List<ColumnData> data, int rows, int[] selection) {
        FilterKernelCompiler.Kernel k = kernel(data);
        try {
            return k.select(Batches.of(data), rows, selection, scratch, new BloomFilter[0]);
        } finally {
            scratch.reset();
        }
    }

    private FilterKernelCompiler.Kernel kernel(List<ColumnData> data) {
        StringBuilder key = new StringBuilder(data.size());
        for (ColumnData c : data) key.append(c.isDictionaryEncoded() ? 'd' : 'p');
        FilterKernelCompiler.Kernel k = kernels.get(key.toString());
        if (k == null) {
            List<ExprCompiler.Input> inputs = new ArrayList<>(columns.length);
            for (int i = 0; i < columns.length; i++) {
                var spec = table.schema().column(columns[i]);
                inputs.add(new ExprCompiler.Input(spec.name(), spec.type(), data.get(i).isDictionaryEncoded()));
            }
            k = FilterKernelCompiler.compile(predicate, tableToBatch, inputs, List.of(), c -> table.schema().column(c).name())
                    .instantiate(allocator);
            kernels.put(key.toString(), k);
        }
        return k;
    }

    @Override
    public void close() {
        try {
            for (FilterKernelCompiler.Kernel k : kernels.values()) k.close();
        } finally {
            scratch.close();
        }
    }
}
