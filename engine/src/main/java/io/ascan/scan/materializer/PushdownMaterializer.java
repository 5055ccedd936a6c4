package io.ascan.scan.materializer;

import io.ascan.codegen.Batches;
import io.ascan.codegen.ExprCompiler;
import io.ascan.codegen.FilterKernelCompiler;
import io.ascan.codegen.SelectionCodegen;
import io.ascan.codegen.rt.Batch;
import io.ascan.codegen.rt.StringScratch;
import io.ascan.scan.Rowset;
import io.ascan.exec.store.BloomFilter;
import io.ascan.expr.Expr;
import io.ascan.format.ColumnData;
import io.ascan.format.SliceData;
import io.ascan.format.SliceMeta;
import io.ascan.scan.ScanMode;
import io.ascan.types.DataType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * PUSHDOWN (A-Scan paper IV-B): the segments are read into storage-node memory; there a compiled
 * filter kernel evaluates P and every runtime filter R into a selection vector, and the passing
 * tuples of the projected columns are compacted into new vectors in compute-node memory. Only the
 * compacted output crosses the interconnect, and every tuple of the rowset satisfies P, so the
 * PUSHDOWN variant of the pipeline does not evaluate it again.
 *
 * <p>Storage-side compute is bounded by {@code storage.threads} (the paper's SC-4/SC-16): the
 * workers of this mode, pinned to the storage node, read slices concurrently but at most that
 * many evaluate and compact at once.
 */
public final class PushdownMaterializer implements Materializer {
    private final ScanInput input;
    private final Expr predicate;
    private final int[] tableToBatch;
    private final List<RuntimeFilter> runtimeFilters;
    private final Semaphore storageCompute;
    /**
     * The mode whose slices it filters: PUSHDOWN's, whose compacted output crosses the interconnect; else a
     * mode that brought the slice raw into compute-node memory, whose rowsets it is counted as.
     */
    private final ScanMode source;
    /** The runtime filters the kernels apply, in order ({@link RuntimeFilterOrder}); null until measured. */
    private volatile List<RuntimeFilter> applied;
    private volatile BloomFilter[] blooms;
    /** R before P in the kernels: set with {@link #applied}, before any kernel is compiled. */
    private volatile boolean runtimeFiltersFirst;
    /** Per applied filter its key range and bitmap address (read by the kernels of ranged filters only). */
    private volatile long[] bounds;
    private final Map<String, FilterKernelCompiler.Compiled> kernels = new ConcurrentHashMap<>();

    /**
     * @param predicate      P over the table's columns, or null
     * @param tableToBatch   position in the slice's columns of each table column P reads
     * @param storageThreads how many workers may evaluate and compact at once ({@code storage.threads})
     */
    public PushdownMaterializer(ScanInput input, Expr predicate, int[] tableToBatch, List<RuntimeFilter> runtimeFilters,
                                int storageThreads) {
        this(input, predicate, tableToBatch, runtimeFilters, storageThreads, ScanMode.PUSHDOWN);
    }

    /**
     * As {@link #PushdownMaterializer(ScanInput, Expr, int[], List, int)} for a scan of {@code slices}
     * slices: one R over one slice is applied unmeasured. Measuring compiles and runs a kernel per
     * filter, to order them and drop one that keeps nearly every tuple for the slices after the
     * first, and there are none (TPC-H q02's one-slice supplier and nation scans spent more on it
     * than on their rows). Several R are still measured: EXPLAIN ANALYZE shows the order they run in.
     */
    public PushdownMaterializer(ScanInput input, Expr predicate, int[] tableToBatch, List<RuntimeFilter> runtimeFilters,
                                int storageThreads, long slices) {
        this(input, predicate, tableToBatch, runtimeFilters, storageThreads, ScanMode.PUSHDOWN);
        if (slices <= 1 && this.runtimeFilters.size() == 1) apply(this.runtimeFilters);
    }

    /**
     * The same kernels over slices already in compute-node memory ({@link RangeSession#range}: pulled up from
     * a storage node by {@code source}), on at most {@code threads} workers at once; their output crosses no link.
     */
    public static PushdownMaterializer onCompute(ScanInput input, Expr predicate, int[] tableToBatch,
                                                 List<RuntimeFilter> runtimeFilters, int threads, ScanMode source) {
        return new PushdownMaterializer(input, predicate, tableToBatch, runtimeFilters, threads, source);
    }

    private PushdownMaterializer(ScanInput input, Expr predicate, int[] tableToBatch, List<RuntimeFilter> runtimeFilters,
                                 int storageThreads, ScanMode source) {
        this.source = source;
        this.input = input;
        this.predicate = predicate;
        this.tableToBatch = tableToBatch.clone();
        this.runtimeFilters = List.copyOf(runtimeFilters);
        if (this.runtimeFilters.isEmpty()) apply(List.of());
        this.storageCompute = new Semaphore(storageThreads);
    }

    @Override
    public ScanMode mode() {
        return ScanMode.PUSHDOWN;
    }

    private void apply(List<RuntimeFilter> filters) {
        blooms = filters.stream().map(RuntimeFilter::filter).toArray(BloomFilter[]::new);
        long[] b = new long[FilterKernelCompiler.BOUNDS * filters.size()];
        for (int f = 0; f < filters.size(); f++) filters.get(f).bounds(b, f);
        bounds = b;
        applied = filters;
    }

    /** Whether the runtime filters to apply are fixed (measured, or there are none). */
    public boolean measured() {
        return applied != null;
    }

    /** The runtime filters applied, in order; empty before the first slice was materialized. */
    public List<RuntimeFilter> appliedFilters() {
        List<RuntimeFilter> a = applied;
        return a == null ? List.of() : a;
    }

    private boolean filters() {
        return predicate != null || !applied.isEmpty();
    }

    private List<ExprCompiler.Input> inputs(SliceData data) {
        List<ExprCompiler.Input> inputs = new ArrayList<>();
        for (int i = 0; i < input.readColumns().length; i++) {
            var spec = input.table().schema().column(input.readColumns()[i]);
            DataType t = spec.type();
            inputs.add(new ExprCompiler.Input(spec.name(), t, data.column(i).isDictionaryEncoded()));
        }
        return inputs;
    }

    /** The kernel for this slice's combination of plain and dictionary-encoded columns, compiled once. */
    private FilterKernelCompiler.Compiled compiled(SliceData data, String key) {
        return kernels.computeIfAbsent(key, k -> FilterKernelCompiler.compile(predicate, tableToBatch, inputs(data),
                applied.stream().map(RuntimeFilter::kernelKeys).toList(), runtimeFiltersFirst,
                c -> input.table().schema().column(c).name()));
    }

    /**
     * Measures each runtime filter alone on the first rows of {@code data} and fixes which ones the
     * kernels apply, in which order (once, by the first worker to get here). A key range that
     * keeps nearly every sampled tuple is dropped (its Bloom filter stays): a pass over the tuples
     * that removes nothing only costs.
     */
    private synchronized void measureRuntimeFilters(SliceData data, StringScratch scratch) {
        if (applied != null) return;
        int rows = Math.min(data.rowCount(), RuntimeFilterOrder.SAMPLE_ROWS);
        List<RuntimeFilter> filters = new ArrayList<>(runtimeFilters);
        double[] passRates = new double[filters.size()];
        int[] sel = new int[rows];
        Batch batch = Batches.of(data.columns());
        for (int f = 0; f < passRates.length; f++) {
            RuntimeFilter r = filters.get(f);
            if (r.bitmap() == null && r.ranged()
                    && passRate(r, FilterKernelCompiler.KeyTest.RANGE, data, batch, rows, sel, scratch) > RuntimeFilterOrder.USELESS) {
                filters.set(f, r = r.withoutRange());
            }
            passRates[f] = passRate(r, r.kernelKeys().test(), data, batch, rows, sel, scratch);
        }
        List<RuntimeFilter> order = new ArrayList<>();
        long[] bytes = filters.stream().mapToLong(RuntimeFilter::sizeBytes).toArray();
        int[] ranked = RuntimeFilterOrder.of(passRates, bytes);
        for (int f : ranked) order.add(filters.get(f));
        if (predicate != null && ranked.length > 0) {
            double p = sampledPassRate(predicate, List.of(), new BloomFilter[0], new long[0], data, batch, rows, sel, scratch);
            runtimeFiltersFirst = RuntimeFilterOrder.beforePredicate(passRates[ranked[0]], bytes[ranked[0]], p,
                    SelectionCodegen.conjuncts(predicate).size());
        }
        apply(order);
    }

    /** Whether the kernels run R before P (decided with the runtime filters' order). */
    public boolean runtimeFiltersFirst() {
        return runtimeFiltersFirst;
    }

    /** The fraction of the first {@code rows} tuples of {@code data} ({@code batch}) that filter {@code r} keeps when tested so. */
    private double passRate(RuntimeFilter r, FilterKernelCompiler.KeyTest test, SliceData data, Batch batch, int rows, int[] sel,
                            StringScratch scratch) {
        long[] b = new long[FilterKernelCompiler.BOUNDS];
        r.bounds(b, 0);
        return sampledPassRate(null, List.of(new FilterKernelCompiler.RuntimeFilterKeys(r.columns(), test)),
                new BloomFilter[] {r.filter()}, b, data, batch, rows, sel, scratch);
    }

    /** The fraction of the first {@code rows} tuples that a kernel of {@code p} and {@code keys} alone keeps. */
    private double sampledPassRate(Expr p, List<FilterKernelCompiler.RuntimeFilterKeys> keys, BloomFilter[] filters, long[] bounds,
                                   SliceData data, Batch batch, int rows, int[] sel, StringScratch scratch) {
        if (rows == 0) return 0;
        FilterKernelCompiler.Compiled one = FilterKernelCompiler.compile(p, tableToBatch, inputs(data), keys,
                c -> input.table().schema().column(c).name());
        try (FilterKernelCompiler.Kernel k = one.instantiate(input.allocator())) {
            return (double) k.select(batch, rows, sel, scratch, filters, bounds) / rows;
        } finally {
            scratch.reset();
        }
    }

    private static String encodings(SliceData data) {
        StringBuilder sb = new StringBuilder(data.columns().size());
        for (ColumnData c : data.columns()) sb.append(c.isDictionaryEncoded() ? 'd' : 'p');
        return sb.toString();
    }

    @Override
    public Session open() {
        SliceLoader loader = new SliceLoader(input, input.storagePool());
        StringScratch scratch;
        try {
            scratch = new StringScratch(input.allocator());
        } catch (RuntimeException e) {
            try {
                loader.close();
            } catch (IOException c) {
                e.addSuppressed(c);
            }
            throw e;
        }
        return new RangeSession() {
            private final Map<String, FilterKernelCompiler.Kernel> instances = new HashMap<>();
            private int[] selection = new int[0];

            @Override
            public Materialized materialize(SliceMeta slice) throws IOException, InterruptedException {
                try (SliceData data = loader.load(slice)) {
                    return filter(data, 0, data.rowCount());
                }
            }

            @Override
            public SliceData load(SliceMeta slice) throws IOException {
                return loader.load(slice);
            }

            /** P and R over the range, its passing tuples compacted: the rowset owns its vectors, so data is released at once. */
            @Override
            public Materialized range(SliceData data, int offset, int rows, Runnable release)
                    throws IOException, InterruptedException {
                try {
                    return filter(data, offset, rows);
                } finally {
                    release.run();
                }
            }

            private Materialized filter(SliceData data, int offset, int rows) throws InterruptedException {
                Compaction.Compacted out;
                int n;
                FilterKernelCompiler.Kernel kernel = kernel(data); // a first compile must not hold a storage thread's turn
                storageCompute.acquire();
                try {
                    n = select(data, kernel, offset, rows);
                    out = n == 0 ? null : Compaction.compact(data.columns().subList(0, input.projected()), selection, n,
                            input.computePool(), input.allocator());
                } finally {
                    storageCompute.release();
                    scratch.reset();
                }
                if (out == null) return new Materialized(null, 0);
                if (source != ScanMode.PUSHDOWN) return new Materialized(new Rowset(ScanMode.PUSHDOWN, source, n, out.columns(), null), 0);
                input.move(out.bytes());
                return new Materialized(new Rowset(ScanMode.PUSHDOWN, n, out.columns(), null), out.bytes());
            }

            /** The kernel for this slice's encodings, or null when there is nothing to evaluate. */
            private FilterKernelCompiler.Kernel kernel(SliceData data) {
                if (applied == null) measureRuntimeFilters(data, scratch);
                if (!filters()) return null;
                String key = encodings(data);
                FilterKernelCompiler.Kernel k = instances.get(key);
                if (k == null) {
                    k = compiled(data, key).instantiate(input.allocator());
                    instances.put(key, k);
                }
                return k;
            }

            /** The selected rows of {@code data} among {@code [offset, offset + rows)} into {@code selection}; their count. */
            private int select(SliceData data, FilterKernelCompiler.Kernel kernel, int offset, int rows) {
                if (selection.length < rows) selection = new int[rows];
                if (kernel == null) {
                    for (int i = 0; i < rows; i++) selection[i] = offset + i;
                    return rows;
                }
                int n = kernel.select(Batches.range(data.columns(), offset), rows, selection, scratch, blooms, bounds);
                if (offset != 0) for (int i = 0; i < n; i++) selection[i] += offset;
                return n;
            }

            @Override
            public void close() throws IOException {
                try {
                    for (FilterKernelCompiler.Kernel k : instances.values()) k.close();
                    scratch.close();
                } finally {
                    loader.close();
                }
            }
        };
    }
}
